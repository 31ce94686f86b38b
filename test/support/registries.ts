import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { promisify } from "node:util";

/**
 * Local stand-ins for the four places a release is published to, each a real server of its kind,
 * so a test installs the way a user does: a Verdaccio npm registry the release's tarballs are
 * `npm publish`ed to (anything else it proxies from the public registry), a PEP 503 simple index
 * of the release's wheel and sdist, the release's Go module proxy folder (`file://`), and an HTTP
 * server of the plugin archives at the layout the engine downloads from.
 */
export interface Registries {
  /** The npm registry's address (`npm install --registry`). */
  npm: string;
  /** The PEP 503 index's address (`pip install --index-url`), ending in `/simple/`. */
  pypi: string;
  /** A `GOPROXY` entry serving the release's Go module. */
  goproxy: string;
  /** The plugin server's address: what `PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES` points at. */
  plugins: string;
  /** The archive files the plugin server answered, in order. */
  downloads: string[];
  close(): Promise<void>;
}

const root = path.resolve(__dirname, "../..");
const run = promisify(execFile);

/** A release file an index lists: its name and sha256, as the manifest records them. */
interface Artifact {
  file: string;
  sha256: string;
}

/** PEP 503's normalized project name: runs of `-`, `_` and `.` become one `-`, lower case. */
export function normalizeProject(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

/** The project a Python distribution file belongs to, from its name (wheel or sdist). */
export function projectOfDistribution(file: string): string | undefined {
  const match = /^(.+?)-\d[^-]*(?:-py[^-]+-[^-]+-[^-]+\.whl|\.tar\.gz)$/.exec(file);
  return match === null ? undefined : normalizeProject(match[1]!);
}

function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function send(res: http.ServerResponse, status: number, type: string, body: Buffer | string) {
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/**
 * A PEP 503 simple repository of the Python distributions in `dir`: `/simple/` lists the
 * projects, `/simple/<project>/` links each file with its `#sha256=` fragment, which pip checks.
 */
export function pep503Index(dir: string): http.RequestListener {
  const artifacts = new Map<string, Artifact[]>();
  for (const file of fs.readdirSync(dir).sort()) {
    const project = projectOfDistribution(file);
    if (project === undefined) continue;
    const list = artifacts.get(project) ?? [];
    list.push({ file, sha256: sha256(path.join(dir, file)) });
    artifacts.set(project, list);
  }
  const page = (title: string, links: string[]) =>
    `<!DOCTYPE html>\n<html><head><meta name="pypi:repository-version" content="1.0"><title>${title}</title></head><body>\n${links.join("<br>\n")}\n</body></html>\n`;
  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://index");
    const parts = url.pathname.split("/").filter(Boolean);
    const html = "text/html; charset=utf-8";
    if (parts[0] === "simple" && parts.length === 1) {
      const links = [...artifacts.keys()].map((p) => `<a href="/simple/${p}/">${p}</a>`);
      send(res, 200, html, page("Simple index", links));
    } else if (parts[0] === "simple" && parts.length === 2) {
      const project = normalizeProject(parts[1]!);
      if (project !== parts[1]) {
        res.writeHead(301, { location: `/simple/${project}/` }).end();
        return;
      }
      const files = artifacts.get(project);
      if (files === undefined) return send(res, 404, "text/plain", `no project ${project}\n`);
      const links = files.map((a) => `<a href="/files/${a.file}#sha256=${a.sha256}">${a.file}</a>`);
      send(res, 200, html, page(`Links for ${project}`, links));
    } else if (parts[0] === "files" && parts.length === 2 && projectOfDistribution(parts[1]!)) {
      serveFile(res, path.join(dir, parts[1]!));
    } else {
      send(res, 404, "text/plain", "not found\n");
    }
  };
}

function serveFile(res: http.ServerResponse, file: string): void {
  if (!fs.existsSync(file))
    return send(res, 404, "text/plain", `${path.basename(file)}: no such file\n`);
  res.writeHead(200, {
    "content-type": "application/octet-stream",
    "content-length": fs.statSync(file).size,
  });
  fs.createReadStream(file).pipe(res);
}

/**
 * The plugin archives of `dir` at the engine's download layout, `<address>/<archive name>`,
 * recording each archive asked for; a name the release lacks answers 404.
 */
export function pluginServer(dir: string, downloads: string[]): http.RequestListener {
  return (req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://plugins").pathname.slice(1));
    if (!/^pulumi-resource-[a-z0-9-]+-v[^/]+\.tar\.gz$/.test(name)) {
      return send(res, 404, "text/plain", "not found\n");
    }
    downloads.push(name);
    serveFile(res, path.join(dir, name));
  };
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  const address = await listen(server);
  await closeServer(server);
  return Number(new URL(address).port);
}

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`verdaccio did not answer ${url} within a minute:\n${log()}`);
}

/** Verdaccio's configuration: our packages from here alone, the rest proxied from npmjs. */
function verdaccioConfig(storage: string): string {
  return [
    `storage: ${JSON.stringify(storage)}`,
    "auth:",
    "  htpasswd:",
    `    file: ${JSON.stringify(path.join(storage, "htpasswd"))}`,
    "uplinks:",
    "  npmjs:",
    "    url: https://registry.npmjs.org/",
    "    timeout: 120s",
    "packages:",
    "  'pulumi-docs-workspace*': { access: $all, publish: $authenticated }",
    "  'docs-workspace-*': { access: $all, publish: $authenticated }",
    "  '**': { access: $all, publish: $authenticated, proxy: npmjs }",
    "log: { type: stdout, format: json, level: warn }",
    "",
  ].join("\n");
}

/**
 * Starts Verdaccio (the npm devDependency) in a process of its own, registers a publisher, and
 * `npm publish`es each tarball as a maintainer would.
 */
async function startVerdaccio(work: string, tarballs: string[]) {
  const storage = path.join(work, "verdaccio");
  fs.mkdirSync(storage, { recursive: true });
  const config = path.join(storage, "config.yaml");
  fs.writeFileSync(config, verdaccioConfig(storage));
  const port = await freePort();
  const bin = path.join(
    path.dirname(require.resolve("verdaccio/package.json", { paths: [root] })),
    "bin",
    "verdaccio",
  );
  const child = spawn(
    process.execPath,
    [bin, "--config", config, "--listen", `127.0.0.1:${port}`],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}/`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  try {
    await waitFor(`${url}-/ping`, child, () => output);
    const user = await fetch(`${url}-/user/org.couchdb.user:release`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "release", password: "release-stand-in" }),
    });
    const { token } = (await user.json()) as { token?: string };
    if (token === undefined) throw new Error(`verdaccio refused the publisher (${user.status})`);
    const npmrc = path.join(storage, "publisher.npmrc");
    fs.writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    for (const tarball of tarballs) {
      await run(
        "npm",
        ["publish", tarball, "--userconfig", npmrc, "--registry", url, "--ignore-scripts"],
        {
          cwd: storage,
        },
      ).catch((error: { stderr?: string }) => {
        throw new Error(`npm publish ${path.basename(tarball)} failed:\n${error.stderr ?? error}`);
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** Starts the four stand-ins for the release in `release`; `work` holds their state. */
export async function startRegistries(release: string, work: string): Promise<Registries> {
  const files = fs.readdirSync(release);
  const tarballs = files.filter((f) => f.endsWith(".tgz")).map((f) => path.join(release, f));
  const downloads: string[] = [];
  const pypiServer = http.createServer(pep503Index(release));
  const pluginHttp = http.createServer(pluginServer(release, downloads));
  const [pypi, plugins] = await Promise.all([listen(pypiServer), listen(pluginHttp)]);
  let npm: Awaited<ReturnType<typeof startVerdaccio>>;
  try {
    npm = await startVerdaccio(work, tarballs);
  } catch (error) {
    await Promise.all([closeServer(pypiServer), closeServer(pluginHttp)]);
    throw error;
  }
  return {
    npm: npm.url,
    pypi: `${pypi}/simple/`,
    goproxy: `file://${path.join(release, "go")}`,
    plugins,
    downloads,
    close: async () => {
      await Promise.all([npm.stop(), closeServer(pypiServer), closeServer(pluginHttp)]);
    },
  };
}
