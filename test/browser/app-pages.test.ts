import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { describeRequiring } from "../support/requires";

/**
 * The app pages in a real browser: Debian's headless Chromium, driven by playwright-core (which
 * never downloads a browser of its own). It runs `npm start` as a user does, opens the handbook
 * URL it prints, and checks what a person sees: the collection tree with its spaces, the site
 * in reading order, share links with their keys masked, whether the site is published, the
 * request log and the fault rules. Without Chromium it is skipped, and says so; in CI, whose
 * .ci/run installs Chromium, its absence fails.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromiumInstalled = {
  present: existsSync(CHROMIUM),
  what: "Chromium is installed",
  missing: `no Chromium at ${CHROMIUM}: install it with \`apt-get install chromium\` (.ci/run does) or set CHROMIUM_PATH`,
};

const root = resolve(__dirname, "../..");
const script = join(root, "dist", "scripts", "start.js");

// npm start applies the example workspace (21 resources) through the harness first.
jest.setTimeout(240_000);

interface Started {
  child: ChildProcess;
  output: string;
  handbookUrl: string;
  emulatorUrl: string;
  token: string;
  adminToken: string;
}

/** `npm start` (the built script, which `npm test` builds first), serving until stopped. */
function npmStart(dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // No `pulumi` CLI on this PATH: the offline harness applies the program, every time.
    PATH: [dirname(process.execPath), "/usr/bin", "/bin"].join(delimiter),
    DOCS_WORKSPACE_DATA_DIR: dataDir,
    DOCS_WORKSPACE_EMULATOR_PORT: "0",
  };
  delete env.DOCS_WORKSPACE_API_URL;
  delete env.DOCS_WORKSPACE_API_TOKEN;
  delete env.DOCS_WORKSPACE_ORGANIZATION_ID;
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolvePromise, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes("Serving until Ctrl-C.")) return;
      const handbookUrl = /handbookUrl\s*: "([^"]+)"/.exec(output)?.[1];
      const emulatorUrl = /^Emulator: (\S+)/m.exec(output)?.[1];
      const token = /^Token: (\S+)/m.exec(output)?.[1];
      const adminToken = /^Admin token: (\S+)/m.exec(output)?.[1];
      if (!handbookUrl || !emulatorUrl || !token || !adminToken)
        reject(
          new Error(
            `npm start printed no handbook URL, emulator URL, token or admin token:\n${output}`,
          ),
        );
      else resolvePromise({ child, output, handbookUrl, emulatorUrl, token, adminToken });
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.once("exit", () => resolvePromise());
    child.kill("SIGINT");
  });
}

/** Logs in on the login form the browser is showing, with `token`. */
async function logIn(page: Page, token: string): Promise<void> {
  await page.getByLabel("Token").fill(token);
  await Promise.all([
    page.waitForURL((url) => url.pathname !== "/app/login"),
    page.getByRole("button", { name: "Log in" }).click(),
  ]);
}

/** The text of the page's `<main>`, whitespace collapsed, as a person reads it. */
async function mainText(page: Page): Promise<string> {
  return (await page.locator("main").innerText()).replace(/\s+/g, " ");
}

describeRequiring(chromiumInstalled, "app pages in Chromium", () => {
  let dataDir: string;
  let profile: string;
  let started: Started;
  let browser: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first`);
    dataDir = mkdtempSync(join(tmpdir(), "docs-workspace-browser-"));
    profile = mkdtempSync(join(tmpdir(), "docs-workspace-chromium-"));
    started = await npmStart(dataDir);
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    page = browser.pages()[0] ?? (await browser.newPage());
  });

  afterAll(async () => {
    await browser?.close();
    if (started) await stop(started.child);
    for (const dir of [dataDir, profile]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("the app pages ask for a token first; the login leads on to the page asked for", async () => {
    expect(started.handbookUrl.startsWith(`${started.emulatorUrl}/app/o/`)).toBe(true);
    const refused = await page.goto(started.handbookUrl);
    expect(refused?.status()).toBe(401);
    expect(await mainText(page)).not.toContain("Engineering handbook");
    await logIn(page, started.token);
    expect(page.url()).toBe(started.handbookUrl);
    const [cookie] = await browser.cookies(started.emulatorUrl);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(cookie!.value).not.toContain(started.token);
  });

  test("the handbook URL npm start prints shows the collection tree with its spaces", async () => {
    const response = await page.goto(started.handbookUrl);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe("Engineering handbook · docs-workspace emulator");
    await expect(page.locator("h1").innerText()).resolves.toBe("Engineering handbook");
    expect(await mainText(page)).toContain("How we build, ship and run things");

    // The tree as a person sees it: each item's kind and name, under the collection that holds
    // it. Siblings are in the order `up` created them, which runs in parallel: compared sorted.
    const items = await page.locator("ul.tree li").evaluateAll((lis) =>
      lis.map((li) => {
        const holder = li.parentElement?.closest("li[data-kind=collection]");
        return [
          li.getAttribute("data-kind"),
          li.querySelector(":scope > a")?.textContent,
          holder?.querySelector(":scope > a")?.textContent ?? "(the handbook)",
        ].join(" | ");
      }),
    );
    expect(items.sort()).toEqual(
      [
        "collection | Practices | (the handbook)",
        "collection | Teams | (the handbook)",
        "space | 👋 Onboarding | (the handbook)",
        // The French copy the translation made, beside its source.
        "space | 👋 Onboarding | (the handbook)",
        "space | 🔍 Code review | Practices",
        "space | 🚨 Incident response | Practices",
        "space | Developer Experience team | Teams",
        "space | Payments team | Teams",
        "space | Platform team | Teams",
      ].sort(),
    );
  });

  test("a space's page, reached by its link, says where it is published", async () => {
    await page.goto(started.handbookUrl);
    await page.getByRole("link", { name: "🚨 Incident response" }).click();
    expect(await page.locator("h1").innerText()).toBe("🚨 Incident response");
    const text = await mainText(page);
    expect(text).toContain("Edit mode locked");
    expect(text).toContain("Engineering docs at incidents Published");
  });

  test("the organization page lists the site as published", async () => {
    await page.goto(started.handbookUrl);
    await page.locator("p.meta a").first().click();
    expect(await page.locator("h1").innerText()).toBe("Demo organization");
    const site = page.locator("li[data-kind=site]");
    expect((await site.innerText()).replace(/\s+/g, " ")).toBe(
      "Engineering docs Published share-link",
    );
  });

  test("the site's page shows its structure in reading order and masks share keys", async () => {
    await page.goto(started.handbookUrl);
    await page.locator("p.meta a").first().click();
    await page.getByRole("link", { name: "Engineering docs" }).click();
    expect(await page.locator("h1").innerText()).toBe("Engineering docs");
    expect(await page.locator("#published").innerText()).toContain("Published");

    // Reading order: the group, its sections in the group's order, each section's site spaces
    // (a section's own space first; the ones `up` added later in any order, they ran in parallel),
    // then the link to the status page, made after the group.
    const structure = await page.locator("#structure > li").evaluateAll((groups) =>
      groups.map((group) => ({
        kind: group.getAttribute("data-kind"),
        title: group.querySelector(":scope > strong")?.textContent,
        sections: [...group.querySelectorAll("li[data-kind=site-section]")].map((section) => ({
          title: section.querySelector(":scope > strong")?.textContent,
          siteSpaces: [...section.querySelectorAll("li[data-kind=site-space] > a")].map(
            (a) => a.textContent,
          ),
        })),
      })),
    );
    expect(structure.map((item) => [item.kind, item.title])).toEqual([
      ["site-section-group", "Handbook"],
      ["site-external-link", "Status"],
    ]);
    const [group] = structure;
    expect(group).toMatchObject({ kind: "site-section-group", title: "Handbook" });
    expect(group!.sections.map((s) => s.title)).toEqual(["Guides", "Practices"]);
    const [guides, practices] = group!.sections;
    expect(guides!.siteSpaces[0]).toBe("Onboarding");
    expect(guides!.siteSpaces.slice(1).sort()).toEqual(
      ["Developer Experience team", "Payments team", "Platform team"].sort(),
    );
    expect(practices!.siteSpaces).toEqual(["Code review", "Incident response"]);
    expect(await mainText(page)).toContain("when visitor.claims.oncall === true");

    // The share link is listed, and its key, read through the API, is nowhere on the page.
    const [, org, site] = /\/app\/o\/([^/]+)\/sites\/([^/]+)$/.exec(new URL(page.url()).pathname)!;
    const shareLinks = await fetch(
      `${started.emulatorUrl}/v1/orgs/${org}/sites/${site}/share-links`,
      {
        headers: { authorization: `Bearer ${started.token}` },
      },
    );
    const [link] = ((await shareLinks.json()) as { items: { urls: { published: string } }[] })
      .items;
    const key = new URL(link!.urls.published).searchParams.get("share")!;
    expect(key.length).toBeGreaterThan(20);
    const row = (await page.locator("#share-links tr").nth(1).innerText()).replace(/\s+/g, " ");
    expect(row).toMatch(new RegExp(`^Reviewers Active ${key.slice(0, 4)}•{8} `));
    expect(await page.content()).not.toContain(key);
  });

  /** Calls the emulator's API (or with `admin`, its admin API) as a script beside the app would. */
  async function call(method: string, path: string, body?: unknown, admin = false) {
    const res = await fetch(`${started.emulatorUrl}${admin ? "/_emulator" : "/v1"}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${admin ? started.adminToken : started.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text === "" ? {} : JSON.parse(text)) as Record<string, unknown>;
  }

  const RUNBOOK = {
    pages: [
      {
        title: "Triage",
        markdown:
          "# Triage\n\nPage the **on-call** engineer. Then [escalate](escalation).\n\n## Severity\n\nSev1 wakes the pager.",
      },
      { title: "Escalation", markdown: "# Escalation\n\nCall the incident commander." },
    ],
  };

  /** The Incident response space, given the runbook above as its content (once). */
  let incident: Promise<{ id: string; app: string }> | undefined;
  function incidentSpace() {
    incident ??= (async () => {
      const organizationId = /\/app\/o\/([^/]+)/.exec(started.handbookUrl)![1]!;
      const spaces = (await call("GET", `/orgs/${organizationId}/spaces`)).items as {
        id: string;
        title: string;
        urls: { app: string };
      }[];
      const space = spaces.find((s) => s.title === "Incident response")!;
      await call("PUT", `/spaces/${space.id}/content`, RUNBOOK, true);
      return { id: space.id, app: space.urls.app };
    })();
    return incident;
  }

  test("a page of the space, opened from its page tree, is its Markdown rendered; its links and search work", async () => {
    await incidentSpace();
    await page.goto(started.handbookUrl);
    await page.getByRole("link", { name: "🚨 Incident response" }).click();
    await page.locator("nav, main").getByRole("link", { name: "Triage" }).first().click();
    expect(await page.locator("article h1").innerText()).toBe("Triage");
    expect(await page.locator("article strong").innerText()).toBe("on-call");
    expect(await page.locator("article h2#severity").innerText()).toBe("Severity");
    // The link written as `escalation` leads to that page.
    await page.locator("article").getByRole("link", { name: "escalate" }).click();
    expect(await page.locator("article h1").innerText()).toBe("Escalation");
    expect(await page.locator("[aria-current=page]").innerText()).toBe("Escalation");

    // Back to the space through the page's ancestors; its search box finds a word on a page,
    // and the hit opens the section.
    await page.getByRole("navigation", { name: "Ancestors" }).getByRole("link").first().click();
    await page.getByRole("searchbox", { name: "Search" }).fill("pager");
    await page.getByRole("button", { name: "Search" }).click();
    expect(await mainText(page)).toContain("1 page found");
    await page.locator("li[data-kind=section] a").first().click();
    expect(new URL(page.url()).hash).toBe("#severity");
    expect(await page.locator("article h1").innerText()).toBe("Triage");
  });

  test("a change request's page shows what it changes and its comments, and opens its own pages", async () => {
    const space = await incidentSpace();
    const cr = await call("POST", `/spaces/${space.id}/change-requests`, {
      subject: "Faster triage",
    });
    await call(
      "PUT",
      `/spaces/${space.id}/change-requests/${cr.number as number}/content`,
      {
        pages: [
          { ...RUNBOOK.pages[0]!, markdown: "# Triage\n\nPage the on-call engineer at once." },
          RUNBOOK.pages[1]!,
        ],
      },
      true,
    );
    const base = `/spaces/${space.id}/change-requests/${cr.number as number}/comments`;
    const comment = await call("POST", base, { body: { markdown: "Is *at once* too strong?" } });
    await call("POST", `${base}/${comment.id as string}/replies`, {
      body: { markdown: "No, keep it." },
    });

    await page.goto(space.app);
    await page.getByRole("link", { name: `#${cr.number as number} Faster triage` }).click();
    expect(await page.locator("h1").innerText()).toBe("Faster triage");
    const text = await mainText(page);
    expect(text).toContain("draft");
    expect(text).toContain("edited Triage");
    expect(await page.locator("li[data-kind=comment] em").innerText()).toBe("at once");
    expect(await page.locator("li[data-kind=reply]").innerText()).toContain("No, keep it.");

    await page.locator("li[data-kind=change]").getByRole("link", { name: "Triage" }).click();
    expect(await page.locator("article").innerText()).toContain(
      "Page the on-call engineer at once.",
    );
    expect(await page.locator("main > p.meta").first().innerText()).toContain(
      `Change request #${cr.number as number}`,
    );
  });

  test("the request log page lists what the provider sent, and the faults page the rules", async () => {
    await page.goto(started.handbookUrl);
    await page.getByRole("link", { name: "Request log" }).click();
    // Every tenant's requests: an API token's login does not show them, the admin token's does.
    expect(await mainText(page)).toContain("log in with the emulator's admin token");
    await page.getByRole("button", { name: "Log out" }).click();
    await page.goto(`${started.emulatorUrl}/app/requests`);
    await logIn(page, started.adminToken);
    const log = await mainText(page);
    expect(log).toMatch(/POST \/v1\/orgs\/\w+\/collections/);
    expect(log).toMatch(/PUT \/v1\/orgs\/\w+\/sites\/\w+\/adaptive-schema/);
    await page.getByRole("link", { name: "Fault rules" }).click();
    expect(await mainText(page)).toContain("No fault rule: every request reaches the API.");
  });
});
