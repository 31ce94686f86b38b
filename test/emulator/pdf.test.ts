import { plainText } from "../../emulator/pdf";
import { apiClient, createTestEmulator, type TestEmulator, seedContent } from "../support/emulator";

/** §4.6's PDF URL of a change request: a temporary URL that serves a real PDF of its content. */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let now = Date.parse("2026-11-23T10:00:00Z");

beforeAll(async () => {
  t = await createTestEmulator({ clock: () => new Date(now) });
  api = apiClient(t.url, t.token, t.fetch);
});
afterAll(() => t.close());

/** A change request whose revision holds a guide with a nested page and a reference page. */
async function changeRequest() {
  const space = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Handbook" }))
    .body;
  await seedContent(t, `/spaces/${space.id}/content`, {
    pages: [{ title: "Guides", markdown: "# Guides\n\nThe old text." }],
  });
  const cr = (await api("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "Rewrite" }))
    .body;
  await seedContent(t, `/spaces/${space.id}/change-requests/1/content`, {
    pages: [
      {
        title: "Guides",
        markdown: "# Guides\n\nStart with **the install** (see [Install](install)).",
        pages: [
          { title: "Install", markdown: "## Verify\n\n- Run `docs --version`\n- Café (menu)" },
        ],
      },
      { title: "Reference", markdown: "Every flag." },
    ],
  });
  const pages = (await api("GET", `/v1/spaces/${space.id}/change-requests/1/content/pages`)).body
    .pages as { id: string; title: string; pages: { id: string }[] }[];
  return {
    space,
    cr,
    guides: pages[0]!,
    install: pages[0]!.pages[0]!,
    path: `/v1/spaces/${space.id}/change-requests/${cr.id}/pdf`,
  };
}

/** A WinAnsiEncoding byte as text: Latin-1, but 0x95 is the bullet. */
const winAnsi = (code: number) => (code === 0x95 ? "•" : String.fromCharCode(code));

/** The PDF's bytes, checked for what every reader needs: header, objects at their xref offsets. */
function checkedPdf(bytes: Buffer): { text: string; pages: number } {
  const body = bytes.toString("latin1");
  expect(body.startsWith("%PDF-1.4\n")).toBe(true);
  expect(body.trimEnd().endsWith("%%EOF")).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(body)![1]);
  expect(body.slice(startxref, startxref + 4)).toBe("xref");
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(body.slice(startxref))!;
  expect(first).toBe("0");
  const entries = body
    .slice(startxref)
    .split("\n")
    .slice(3, 2 + Number(count));
  entries.forEach((entry, i) => {
    const offset = Number(entry.slice(0, 10));
    expect(body.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  // Each stream's /Length is its exact byte count.
  for (const match of body.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    expect(body.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe("\nendstream");
  }
  const text = [...body.matchAll(/\((.*?)\) Tj/g)]
    .map((m) =>
      m[1]!
        .replace(/\\([()\\])/g, "$1")
        .replace(/\\(\d{3})/g, (_, o: string) => winAnsi(parseInt(o, 8))),
    )
    .join("\n");
  return { text, pages: Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(body)![1]) };
}

async function download(url: string) {
  const response = await t.fetch(url);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

test("the URL serves a PDF of the change request's own revision: every page, nested, as text", async () => {
  const { path } = await changeRequest();
  const answer = await api("GET", path);
  expect(answer.status).toBe(200);
  expect(answer.body.url).toMatch(/\/app\/pdf\/[^/]+\/[^/?]+\?expires=\d+&signature=/);
  const pdf = await download(answer.body.url as string);
  expect(pdf).toMatchObject({ status: 200, type: "application/pdf" });
  const { text, pages } = checkedPdf(pdf.bytes);
  expect(pages).toBe(1);
  // The change request's text, not the space's; Markdown marks removed; the title not repeated.
  expect(text.split("\n")).toEqual([
    "Guides",
    "Start with the install (see Install).",
    "  Install",
    "Verify",
    "• Run docs --version",
    "• Café (menu)",
    "Reference",
    "Every flag.",
  ]);
  expect(text).not.toContain("The old text.");
});

test("page prints that page and those below it; with only, that page alone", async () => {
  const { path, guides, install } = await changeRequest();
  const below = checkedPdf(
    (await download((await api("GET", `${path}?page=${guides.id}`)).body.url as string)).bytes,
  );
  expect(below.text).toContain("Install");
  expect(below.text).not.toContain("Reference");
  const alone = checkedPdf(
    (await download((await api("GET", `${path}?page=${guides.id}&only=true`)).body.url as string))
      .bytes,
  );
  expect(alone.text.split("\n")).toEqual(["Guides", "Start with the install (see Install)."]);
  const nested = checkedPdf(
    (await download((await api("GET", `${path}?page=${install.id}&only=true`)).body.url as string))
      .bytes,
  );
  // Depth counts from the first page printed.
  expect(nested.text.split("\n")[0]).toBe("Install");
});

test("a long page runs onto further PDF pages", async () => {
  const { space, path } = await changeRequest();
  const long = Array.from({ length: 120 }, (_, i) => `Paragraph ${i} of the long page.`).join(
    "\n\n",
  );
  await seedContent(t, `/spaces/${space.id}/change-requests/1/content`, {
    pages: [{ title: "Long", markdown: long }],
  });
  const { text, pages } = checkedPdf(
    (await download((await api("GET", path)).body.url as string)).bytes,
  );
  expect(pages).toBeGreaterThan(2);
  expect(text).toContain("Paragraph 119 of the long page.");
});

test("errors: only without page, a page of another revision, an unknown change request", async () => {
  const { path, space } = await changeRequest();
  const onlyAlone = await api("GET", `${path}?only=true`);
  expect(onlyAlone.status).toBe(400);
  expect(onlyAlone.body.error.message).toContain("only");
  const stranger = await api("GET", `${path}?page=nope`);
  expect(stranger.status).toBe(400);
  expect(stranger.body.error.message).toContain("page: nope is not a page of change request 1");
  expect((await api("GET", `/v1/spaces/${space.id}/change-requests/99/pdf`)).status).toBe(404);
});

test("the URL works for one hour, and only as signed", async () => {
  const { path } = await changeRequest();
  const url = (await api("GET", path)).body.url as string;
  const forged = url.replace(/signature=[^&]+/, "signature=AAAA");
  expect((await download(forged)).status).toBe(403);
  const otherPage = url.replace("?", "?page=x&");
  expect((await download(otherPage)).status).toBe(403);
  now += 3599_000;
  expect((await download(url)).status).toBe(200);
  now += 2_000;
  expect((await download(url)).status).toBe(410);
});

test("plainText keeps a reader's text of a Markdown line", () => {
  expect(plainText("**Bold** and _em_ with `code`, [a link](x) and ![an image](y.png)")).toBe(
    "Bold and em with code, a link and an image",
  );
  expect(plainText("snake_case_name stays")).toBe("snake_case_name stays");
});
