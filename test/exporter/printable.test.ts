import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { formatObjects } from "../../cli/exporter/unmanaged";

/**
 * `docs-workspace export` prints what the service holds (titles, ids, the API's own messages),
 * which anyone who may write to the organization chooses: no control character reaches the
 * terminal as it is (OSC 52 would set the clipboard, CSI sequences erase or rewrite lines).
 */
const HOSTILE = [
  "\x1b]52;c;ZWNobyBwd25lZA==\x07", // OSC 52: writes the clipboard
  "\x1b[2J\x1b[H", // erase the screen, cursor home
  "\x1b[1A\x1b[2K", // up a line and erase it: rewrites what was printed
  "\r", // back to the start of the line
  "\nforged line",
  "\u009b31m", // CSI as one C1 character
  "\u202eevil", // right-to-left override
  "\x00\x7f",
].join("");

/** Any character a terminal acts on rather than shows, except the line ends the output adds. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

test("--unmanaged lists hostile titles and ids with every control character escaped, one line each", () => {
  const out = formatObjects([
    { type: "Space", id: "spc_1", title: `Handbook ${HOSTILE}` },
    { type: "Site", id: `site\x1b[2K`, title: "Docs" },
  ]);
  expect(out).not.toMatch(CONTROL);
  expect(out.split("\n")).toHaveLength(3);
  expect(out).toContain("Handbook \\x1b]52;c;ZWNobyBwd25lZA==\\x07\\x1b[2J\\x1b[H");
  expect(out).toContain("\\u202eevil");
  expect(out).toContain("site\\x1b[2K");
});

describe("messages from the service", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: 400, message: `no such thing ${HOSTILE}` } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  test("an error the service sends is printed with its control characters escaped", async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "export-printable-"));
    try {
      const cli = path.resolve(__dirname, "../../cli/exporter/cli.ts");
      const child = spawn(
        process.execPath,
        ["--import", "tsx", cli, "export", "--organization", "org_1", "--out", out],
        { env: { ...process.env, DOCS_WORKSPACE_API_URL: url, DOCS_WORKSPACE_API_TOKEN: "t" } },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => child.on("close", resolve));
      expect(code).toBe(1);
      expect(stderr).toContain("no such thing \\x1b]52;c;");
      expect(stdout + stderr.slice(0, -1)).not.toMatch(CONTROL);
      expect(stderr.endsWith("\n")).toBe(true);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
