import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import {
  normalizeProject,
  pep503Index,
  pluginServer,
  projectOfDistribution,
} from "./support/registries";

/**
 * The stand-ins the registries test installs from answer as the real ones do: the PEP 503 index
 * (the pages pip reads, with the hash it checks) and the plugin server (the engine's download
 * layout). Verdaccio and the go command's `file://` proxy are the real programs themselves.
 */
const WHEEL = "pulumi_docs_workspace-1.2.3-py3-none-any.whl";
const SDIST = "pulumi_docs_workspace-1.2.3.tar.gz";
const ARCHIVE = "pulumi-resource-docs-workspace-v1.2.3-linux-amd64.tar.gz";

let dir: string;
let server: http.Server;
let base: string;
const downloads: string[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-index-"));
  for (const file of [WHEEL, SDIST, ARCHIVE, "checksums.txt"]) {
    fs.writeFileSync(path.join(dir, file), `the bytes of ${file}`);
  }
  const index = pep503Index(dir);
  const plugins = pluginServer(dir, downloads);
  server = http.createServer((req, res) =>
    req.url!.startsWith("/plugins/")
      ? plugins(Object.assign(req, { url: req.url!.slice("/plugins".length) }), res)
      : index(req, res),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("the PEP 503 index", () => {
  test("names projects as PEP 503 normalizes them, from wheel and sdist file names", () => {
    expect(normalizeProject("Pulumi_Docs.Workspace")).toBe("pulumi-docs-workspace");
    expect(projectOfDistribution(WHEEL)).toBe("pulumi-docs-workspace");
    expect(projectOfDistribution(SDIST)).toBe("pulumi-docs-workspace");
    expect(projectOfDistribution(ARCHIVE)).toBeUndefined();
    expect(projectOfDistribution("checksums.txt")).toBeUndefined();
  });

  test("lists the project, and links each file with the sha256 pip checks", async () => {
    expect(await (await fetch(`${base}/simple/`)).text()).toContain(
      '<a href="/simple/pulumi-docs-workspace/">pulumi-docs-workspace</a>',
    );
    const page = await (await fetch(`${base}/simple/pulumi-docs-workspace/`)).text();
    const links = [...page.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual([
      `/files/${WHEEL}#sha256=${sha256(`the bytes of ${WHEEL}`)}`,
      `/files/${SDIST}#sha256=${sha256(`the bytes of ${SDIST}`)}`,
    ]);
    const file = await fetch(`${base}${links[0]!.split("#")[0]}`);
    expect(await file.text()).toBe(`the bytes of ${WHEEL}`);
  });

  test("sends a name that is not normalized to the normalized page, and answers 404 for others", async () => {
    const moved = await fetch(`${base}/simple/Pulumi_Docs_Workspace/`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/simple/pulumi-docs-workspace/");
    const other = await fetch(`${base}/simple/requests/`);
    expect(other.status).toBe(404);
    expect(await other.text()).toContain("no project requests");
    // The release's other files are not the index's to serve.
    expect((await fetch(`${base}/files/checksums.txt`)).status).toBe(404);
  });
});

describe("the plugin server", () => {
  test("serves an archive at the engine's layout and records the download", async () => {
    const response = await fetch(`${base}/plugins/${ARCHIVE}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`the bytes of ${ARCHIVE}`);
    expect(downloads).toEqual([ARCHIVE]);
  });

  test("answers 404 naming an archive the release lacks, and serves nothing but archives", async () => {
    const missing = ARCHIVE.replace("linux-amd64", "plan9-amd64");
    const response = await fetch(`${base}/plugins/${missing}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(`${missing}: no such file`);
    expect((await fetch(`${base}/plugins/checksums.txt`)).status).toBe(404);
    expect(downloads).toEqual([ARCHIVE, missing]);
  });
});
