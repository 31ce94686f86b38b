/**
 * The release's plugin archives: each one's size (as downloaded, and unpacked), and the plugin's
 * cold start (from spawn to its first answer to GetPluginInfo, the engine's first call) from the
 * release archive's launcher on the Node.js it carries, beside today's launcher
 * (provider/native/plugin) on the project's node, run alternately in one process.
 */
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import * as grpc from "@grpc/grpc-js";
import type * as pluginPb from "@pulumi/pulumi/proto/plugin_pb";
import * as grpcPb from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as emptyPb from "google-protobuf/google/protobuf/empty_pb";
import { buildRelease, releaseOut } from "../scripts/release";
import { MANIFEST, type ReleaseManifest } from "../scripts/release/manifest";
import { archiveName, pluginPlatform } from "../scripts/release/plugins";
import { readTarGz } from "../scripts/release/tar";
import { releaseVersion } from "../scripts/release/types";
import type { BenchModule } from "./types";

const root = path.resolve(__dirname, "..", "..");
const RUNS = Number(process.env.BENCH_PLUGIN_RUNS || 7);

/**
 * Before issue 31: `npm run plugin`'s one archive, this machine's platform, without a Node.js of
 * its own (the user's node on PATH ran it), measured at main 4458b18 (recorded, not re-measured).
 */
export const BEFORE = { commit: "4458b18", file: "linux-amd64, no Node.js", bytes: 14_618_094 };

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** Milliseconds from spawning `launcher` to the answer of its first GetPluginInfo, and the version. */
async function coldStart(launcher: string): Promise<{ ms: number; version: string }> {
  const started = performance.now();
  const child = spawn(launcher, ["127.0.0.1:1"], { stdio: ["ignore", "pipe", "pipe"] });
  try {
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const port = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("\n")) resolve(out.split("\n")[0]!.trim());
      });
      child.on("exit", (code) => reject(new Error(`${launcher} exited (${code}): ${err}`)));
    });
    const client = new grpcPb.ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpc.credentials.createInsecure(),
    );
    try {
      const info = await new Promise<pluginPb.PluginInfo>((resolve, reject) =>
        client.getPluginInfo(new emptyPb.Empty(), (error, res) =>
          error ? reject(error) : resolve(res),
        ),
      );
      return { ms: performance.now() - started, version: info.getVersion() };
    } finally {
      client.close();
    }
  } finally {
    child.kill();
  }
}

/** What a user of each language downloads of ours besides the plugin: the SDK's package. */
function packageDownloads(manifest: ReleaseManifest): string[] {
  const bySuffix = (kind: string, suffix: string) =>
    manifest.artifacts.filter((a) => a.kind === kind && a.file.endsWith(suffix));
  const rows: [string, ReleaseManifest["artifacts"]][] = [
    [
      "TypeScript, native SDK (npm)",
      bySuffix("npm", ".tgz").filter((a) => a.file.includes("-native-")),
    ],
    [
      "TypeScript, dynamic resources (npm)",
      bySuffix("npm", ".tgz").filter((a) => /^pulumi-docs-workspace-\d/.test(a.file)),
    ],
    ["Python (wheel)", bySuffix("python", ".whl")],
    ["Python (sdist)", bySuffix("python", ".tar.gz")],
    ["Go (module zip)", bySuffix("go", ".zip")],
  ];
  return [
    `${"package a user downloads".padEnd(60)} ${"download".padStart(10)}`,
    ...rows.flatMap(([what, artifacts]) =>
      artifacts.map(
        (a) =>
          `${`${what}: ${path.basename(a.file)}`.padEnd(60)} ${`${(a.bytes / 1024).toFixed(0)} KiB`.padStart(10)}`,
      ),
    ),
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export const pluginArchivesBench: BenchModule = {
  name: "release: plugin archive sizes, each language's package download, and the plugin's cold start from the bundled-node launcher beside today's",
  async run() {
    const version = releaseVersion(root);
    let out = releaseOut(root, version);
    const lines: string[] = [];
    if (!fs.existsSync(path.join(out, MANIFEST))) {
      const started = performance.now();
      out = (await buildRelease(root)).out;
      lines.push(
        `built the release first (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
    const manifest = JSON.parse(
      fs.readFileSync(path.join(out, MANIFEST), "utf8"),
    ) as ReleaseManifest;
    lines.push(`${"archive".padEnd(60)} ${"download".padStart(10)} ${"unpacked".padStart(10)}`);
    for (const artifact of manifest.artifacts.filter((a) => a.kind === "plugin")) {
      const unpacked = readTarGz(path.join(out, artifact.file)).reduce((s, e) => s + e.size, 0);
      lines.push(
        `${artifact.file.padEnd(60)} ${mib(artifact.bytes).padStart(10)} ${mib(unpacked).padStart(10)}`,
      );
    }
    lines.push(
      `${`before (${BEFORE.commit}): ${BEFORE.file}`.padEnd(60)} ${mib(BEFORE.bytes).padStart(10)}`,
    );
    lines.push(...packageDownloads(manifest));
    const platform = pluginPlatform();
    const archive = path.join(out, archiveName(version, platform));
    if (!fs.existsSync(archive))
      return [...lines, `cold start: skipped, no archive for ${platform}`];
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-plugin-"));
    try {
      execFileSync("tar", ["-xzf", archive, "-C", work]);
      const suffix = platform.startsWith("windows") ? ".cmd" : "";
      const launchers = [
        {
          name: "release archive, its own Node.js",
          file: path.join(work, `pulumi-resource-docs-workspace${suffix}`),
          node: execFileSync(path.join(work, "node", "bin", "node"), ["--version"], {
            encoding: "utf8",
          }).trim(),
        },
        {
          name: "today's launcher, project's node",
          file: path.join(root, "provider", "native", "plugin", "pulumi-resource-docs-workspace"),
          node: execFileSync(
            path.join(root, "node_modules", "node", "bin", "node"),
            ["--version"],
            {
              encoding: "utf8",
            },
          ).trim(),
        },
      ];
      const times = launchers.map(() => [] as number[]);
      // Alternate the two so that a busy moment of the machine falls on both.
      for (let run = 0; run < RUNS; run++) {
        for (const [i, launcher] of launchers.entries()) {
          const { ms, version: answered } = await coldStart(launcher.file);
          if (answered !== version) throw new Error(`${launcher.name} answered ${answered}`);
          times[i]!.push(ms);
        }
      }
      lines.push(
        `cold start to the first GetPluginInfo answer, ${platform}, ${RUNS} runs each, alternating`,
        `${"launcher".padEnd(36)} ${"node".padEnd(9)} ${"median".padStart(8)} ${"best".padStart(8)}`,
      );
      for (const [i, launcher] of launchers.entries()) {
        lines.push(
          `${launcher.name.padEnd(36)} ${launcher.node.padEnd(9)} ${`${median(times[i]!).toFixed(0)} ms`.padStart(8)} ${`${Math.min(...times[i]!).toFixed(0)} ms`.padStart(8)}`,
        );
      }
      return lines;
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
