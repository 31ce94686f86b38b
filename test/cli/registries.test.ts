import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { apiClient, startTestEmulator, type TestEmulator } from "../support/emulator";
import { goBuildEnv } from "../support/native-sdk";
import { describeCli, pulumiCliDir } from "../support/pulumi";
import { commandsFolder } from "../support/commands";
import { startRegistries, type Registries } from "../support/registries";
import { releaseDir } from "../support/release";
import { runPulumi, type PulumiResult } from "../../scripts/pulumi-cli/run";

/**
 * The release as a new user meets it (issue 31): in folders outside this repository, with an
 * empty PULUMI_HOME, automatic plugin acquisition on and, for YAML, Python and Go, no `node` on
 * PATH, a program in each language installs its SDK with its own package manager from a local
 * stand-in of its registry (Verdaccio, a PEP 503 index, a Go module proxy), and its first
 * `pulumi up` downloads the plugin archive by itself from a plain HTTP server the engine's
 * download override points the schema's `pluginDownloadURL` at. Then `up` again changes nothing
 * and `destroy` leaves the organization empty.
 */
const root = path.resolve(__dirname, "../..");
const VERSION = (
  JSON.parse(fs.readFileSync(path.join(root, "provider", "package.json"), "utf8")) as {
    version: string;
  }
).version;
const DOWNLOAD_URL = "github://api.github.com/docs-workspace/pulumi-docs-workspace";
const GO_MODULE = "github.com/docs-workspace/pulumi-docs-workspace/sdk";
const PLATFORM = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
const ARCHIVE = `pulumi-resource-docs-workspace-v${VERSION}-${PLATFORM}.tar.gz`;
const run = promisify(execFile);

jest.setTimeout(1_200_000);

/** What a program makes: the organization's collection and space titles it should then hold. */
const DECLARED = { collection: "Handbook", space: "Guide" };

/** Each language's program and how a user installs what it needs. */
interface Language {
  name: string;
  runtime: string;
  files: Record<string, string>;
  /** Installs the SDK into the project, as its user would; returns what the CLI's env needs. */
  install(dir: string, registries: Registries, env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv>;
  /** Whether the program's toolchain is Node.js itself. */
  node?: boolean;
}

async function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  try {
    return await run(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${command} ${args.join(" ")} failed: ${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`,
    );
  }
}

const LANGUAGES: Language[] = [
  {
    name: "yaml",
    runtime: "yaml",
    files: {
      "Pulumi.yaml": [
        "resources:",
        "  handbook:",
        "    type: docs-workspace:index:Collection",
        "    properties:",
        `      title: ${DECLARED.collection}`,
        `    options: { version: ${VERSION}, pluginDownloadURL: "${DOWNLOAD_URL}" }`,
        "  guide:",
        "    type: docs-workspace:index:Space",
        "    properties:",
        `      title: ${DECLARED.space}`,
        "      parent: ${handbook.id}",
        `    options: { version: ${VERSION}, pluginDownloadURL: "${DOWNLOAD_URL}" }`,
        "",
      ].join("\n"),
    },
    install: async (_dir, _registries, env) => env,
  },
  {
    name: "python",
    runtime: "\n  name: python\n  options:\n    virtualenv: venv",
    files: {
      "__main__.py": [
        "import pulumi_docs_workspace as docs",
        "",
        `handbook = docs.Collection("handbook", title="${DECLARED.collection}")`,
        `docs.Space("guide", title="${DECLARED.space}", parent=handbook.id)`,
        "",
      ].join("\n"),
    },
    install: async (dir, registries, env) => {
      await sh("python3", ["-m", "venv", "venv"], dir, env);
      const pip = path.join(dir, "venv", "bin", "pip");
      // The package from the stand-in; its dependencies (pulumi, grpcio) from PyPI, as a
      // company index beside PyPI serves them.
      await sh(
        pip,
        [
          "install",
          "--index-url",
          registries.pypi,
          "--extra-index-url",
          "https://pypi.org/simple/",
          `pulumi-docs-workspace==${VERSION}`,
        ],
        dir,
        env,
      );
      const bin = path.join(dir, "venv", "bin");
      // The Python host built here runs the first python3 on PATH (README, Python).
      return {
        ...env,
        PATH: `${bin}${path.delimiter}${env.PATH}`,
        PULUMI_PYTHON_CMD: path.join(bin, "python"),
      };
    },
  },
  {
    name: "go",
    runtime: "go",
    files: {
      "main.go": [
        "package main",
        "",
        "import (",
        `\tdocs "${GO_MODULE}/go/docsworkspace"`,
        '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
        ")",
        "",
        "func main() {",
        "\tpulumi.Run(func(ctx *pulumi.Context) error {",
        '\t\thandbook, err := docs.NewCollection(ctx, "handbook", &docs.CollectionArgs{',
        `\t\t\tTitle: pulumi.String("${DECLARED.collection}"),`,
        "\t\t})",
        "\t\tif err != nil {",
        "\t\t\treturn err",
        "\t\t}",
        '\t\t_, err = docs.NewSpace(ctx, "guide", &docs.SpaceArgs{',
        `\t\t\tTitle:  pulumi.String("${DECLARED.space}"),`,
        "\t\t\tParent: handbook.ID().ToStringOutput(),",
        "\t\t})",
        "\t\treturn err",
        "\t})",
        "}",
        "",
      ].join("\n"),
    },
    install: async (dir, registries, env) => {
      const machineCache = (await sh("go", ["env", "GOMODCACHE"], dir, env)).stdout.trim();
      const goEnv: NodeJS.ProcessEnv = {
        ...env,
        ...goBuildEnv,
        // The SDK from the stand-in; pulumi's modules from this machine's module cache (a proxy
        // folder too), else the Go module proxy. A fresh module cache, so the SDK is the release's.
        GOPROXY: [
          registries.goproxy,
          `file://${path.join(machineCache, "cache", "download")}`,
          "https://proxy.golang.org",
        ].join(","),
        GOMODCACHE: path.join(dir, "..", "gomodcache"),
        // Checksums pointed at nothing of the internet: the stand-in's module is in no database.
        GOSUMDB: "off",
      };
      await sh("go", ["mod", "init", "example.com/registry-go"], dir, goEnv);
      await sh("go", ["get", `${GO_MODULE}@v${VERSION}`], dir, goEnv);
      await sh("go", ["mod", "tidy"], dir, goEnv);
      return goEnv;
    },
  },
  {
    name: "typescript",
    runtime: "nodejs",
    node: true,
    files: {
      "index.ts": [
        'import * as docs from "pulumi-docs-workspace-native";',
        "",
        `const handbook = new docs.Collection("handbook", { title: "${DECLARED.collection}" });`,
        `new docs.Space("guide", { title: "${DECLARED.space}", parent: handbook.id });`,
        "",
      ].join("\n"),
      "package.json": `${JSON.stringify({ name: "registry-typescript", private: true }, null, 2)}\n`,
    },
    install: async (dir, registries, env) => {
      const locked = (
        JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
          packages: Record<string, { version?: string }>;
        }
      ).packages["node_modules/@pulumi/pulumi"]!.version!;
      // Only the stand-in registry: npm's own config of this machine is left out.
      fs.writeFileSync(path.join(dir, ".npmrc"), `registry=${registries.npm}\n`);
      await sh(
        "npm",
        [
          "install",
          "--no-audit",
          "--no-fund",
          `pulumi-docs-workspace-native@${VERSION}`,
          `@pulumi/pulumi@${locked}`,
        ],
        dir,
        { ...env, npm_config_userconfig: path.join(dir, ".npmrc") },
      );
      return { ...env, PULUMI_NODEJS_TRANSPILE_ONLY: "true" };
    },
  },
];

/**
 * A user's PATH: the CLI, then a folder of links to the caller's commands (the first of each name,
 * as the shell finds it), without `node` and npm unless the program is a Node.js one, which runs
 * on this project's Node 24 first.
 */
function userPath(dir: string, keepNode: boolean): string {
  const NODE = new Set(keepNode ? [] : ["node", "nodejs", "npm", "npx", "corepack"]);
  const folders = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((folder) => !folder.includes("node_modules"));
  commandsFolder(dir, folders, (name) => NODE.has(name));
  const node = keepNode ? [path.dirname(process.execPath)] : [];
  return [pulumiCliDir!, ...node, dir].join(path.delimiter);
}

describeCli("the release installed from stand-ins of each registry, outside the repository", () => {
  let release: string;
  let work: string;
  let registries: Registries;
  let emu: TestEmulator;

  beforeAll(async () => {
    release = await releaseDir();
    work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-user-"));
    registries = await startRegistries(release, path.join(work, "registries"));
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    await registries?.close();
    await emu?.close();
    if (work) {
      await run("chmod", ["-R", "u+w", work]).catch(() => undefined);
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  /** The base environment of a user's shell: the caller's, less its Pulumi and provider settings. */
  function userEnv(home: string, keepNode: boolean): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {};
    for (const [key, value] of Object.entries(process.env)) {
      if (key.startsWith("DOCS_WORKSPACE_") || key.startsWith("PULUMI_") || key.startsWith("npm_"))
        continue;
      env[key] = value;
    }
    return {
      ...env,
      PATH: userPath(path.join(home, "..", keepNode ? "bin-node" : "bin"), keepNode),
      PULUMI_HOME: home,
      PULUMI_BACKEND_URL: `file://${path.join(home, "..", "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "registries-test",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${DOWNLOAD_URL.replace(/\./g, "\\.")}$=${registries.plugins}`,
    };
  }

  async function pulumi(args: string[], dir: string, env: NodeJS.ProcessEnv, input?: string) {
    const result: PulumiResult = await runPulumi([...args, "--non-interactive"], {
      cwd: dir,
      env,
      ...(input === undefined ? {} : { input }),
    });
    if (result.code !== 0) {
      throw new Error(
        `pulumi ${args.join(" ")} exited ${result.code}:\n${(result.stdout + result.stderr).slice(-6000)}`,
      );
    }
    return result;
  }

  /** The organization's collections and spaces, by title. */
  async function holdings(): Promise<{ collections: string[]; spaces: string[] }> {
    const api = apiClient(emu.url, emu.token);
    const titles = async (url: string) =>
      ((await api("GET", url)).body.items as unknown as { title: string }[])
        .map((item) => item.title)
        .sort();
    return {
      collections: await titles(`/v1/orgs/${emu.organizationId}/collections`),
      spaces: await titles(`/v1/orgs/${emu.organizationId}/spaces`),
    };
  }

  test.each(LANGUAGES)(
    "$name: installs from its registry, downloads the plugin, ups and destroys",
    async (language) => {
      const base = path.join(work, language.name);
      const dir = path.join(base, "program");
      const home = path.join(base, "home");
      fs.mkdirSync(dir, { recursive: true });
      fs.mkdirSync(home);
      fs.mkdirSync(path.join(base, "backend"));
      fs.writeFileSync(
        path.join(dir, "Pulumi.yaml"),
        `name: registry-${language.name}\nruntime: ${language.runtime}\n` +
          (language.files["Pulumi.yaml"] ?? ""),
      );
      for (const [file, text] of Object.entries(language.files)) {
        if (file !== "Pulumi.yaml") fs.writeFileSync(path.join(dir, file), text);
      }
      const env = await language.install(dir, registries, userEnv(home, language.node === true));
      if (!language.node) {
        await expect(run("sh", ["-c", "command -v node"], { env })).rejects.toBeDefined();
      }

      await pulumi(["stack", "init", "dev"], dir, env);
      await pulumi(["config", "set", "docs-workspace:apiUrl"], dir, env, emu.url);
      await pulumi(
        ["config", "set", "docs-workspace:organizationId"],
        dir,
        env,
        emu.organizationId,
      );
      await pulumi(["config", "set", "--secret", "docs-workspace:apiToken"], dir, env, emu.token);
      const plugins = path.join(home, "plugins");
      expect(fs.existsSync(path.join(plugins, `resource-docs-workspace-v${VERSION}`))).toBe(false);
      const before = registries.downloads.length;

      await pulumi(["up", "--yes"], dir, env);
      expect(registries.downloads.slice(before)).toEqual([ARCHIVE]);
      expect(fs.existsSync(path.join(plugins, `resource-docs-workspace-v${VERSION}`))).toBe(true);
      expect(await holdings()).toEqual({
        collections: [DECLARED.collection],
        spaces: [DECLARED.space],
      });

      await pulumi(["up", "--yes", "--expect-no-changes"], dir, env);
      expect(registries.downloads.slice(before)).toEqual([ARCHIVE]);

      await pulumi(["destroy", "--yes"], dir, env);
      expect(await holdings()).toEqual({ collections: [], spaces: [] });
    },
  );

  test("a version the release lacks fails the preview naming the archive it looked for", async () => {
    const base = path.join(work, "missing");
    const dir = path.join(base, "program");
    const home = path.join(base, "home");
    for (const d of [dir, home, path.join(base, "backend")]) fs.mkdirSync(d, { recursive: true });
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      LANGUAGES[0]!.files["Pulumi.yaml"]!.replaceAll(
        `version: ${VERSION}`,
        "version: 9.9.9",
      ).replace(/^/, "name: registry-missing\nruntime: yaml\n"),
    );
    const env = userEnv(home, false);
    await pulumi(["stack", "init", "dev"], dir, env);
    const result = await runPulumi(["preview", "--non-interactive"], { cwd: dir, env });
    expect(result.code).not.toBe(0);
    const missing = `pulumi-resource-docs-workspace-v9.9.9-${PLATFORM}.tar.gz`;
    expect(result.stdout + result.stderr).toContain(missing);
    expect(registries.downloads).toContain(missing);
  });
});
