import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { goModule, escapeModulePath } from "../scripts/release/go";

/**
 * The Go step of `npm run release`: a repository whose `sdk/` is a module becomes a module proxy
 * folder that the go command itself downloads from (`GOPROXY=file://`), holding what git tracks.
 */
const MODULE = "example.com/Owner/sdk";

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8" });
}

function repository(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-go-release-"));
  fs.mkdirSync(path.join(dir, "sdk", "go", "pkg"), { recursive: true });
  fs.mkdirSync(path.join(dir, "sdk", "python"), { recursive: true });
  fs.writeFileSync(path.join(dir, "sdk", "go.mod"), `module ${MODULE}\n\ngo 1.22\n`);
  fs.writeFileSync(path.join(dir, "sdk", "go", "pkg", "pkg.go"), "package pkg\n\nconst Name = 1\n");
  fs.writeFileSync(path.join(dir, "sdk", "python", "README.md"), "the Python SDK\n");
  git(dir, "init", "-q");
  git(dir, "add", ".");
  git(dir, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "sdk");
  // Built output a tag never holds: left out of the module.
  fs.writeFileSync(path.join(dir, "sdk", "go", "pkg", "untracked.go"), "package pkg\n");
  return dir;
}

describe("the release's Go module", () => {
  let repo: string;
  let out: string;
  let cache: string;
  beforeAll(() => {
    repo = repository();
    out = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-go-out-"));
    cache = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-go-cache-"));
  });
  afterAll(() => {
    // The module cache is read-only, as the go command leaves it.
    execFileSync("chmod", ["-R", "u+w", cache]);
    for (const dir of [repo, out, cache]) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("spells capitals in a module path as a proxy does", () => {
    expect(escapeModulePath("github.com/BurntSushi/toml")).toBe("github.com/!burnt!sushi/toml");
  });

  test("is a proxy folder `go mod download` takes the tracked files of sdk/ from", async () => {
    const written = await goModule({ version: "1.2.3", root: repo, out });
    const versions = path.join(out, "go", "example.com", "!owner", "sdk", "@v");
    expect(written).toEqual(
      ["list", "v1.2.3.info", "v1.2.3.mod", "v1.2.3.zip"].map((name) => ({
        file: `go/example.com/!owner/sdk/@v/${name}`,
        kind: "go",
      })),
    );
    expect(fs.readFileSync(path.join(versions, "list"), "utf8")).toBe("v1.2.3\n");
    const info = JSON.parse(fs.readFileSync(path.join(versions, "v1.2.3.info"), "utf8")) as {
      Version: string;
      Time: string;
    };
    expect(info.Version).toBe("v1.2.3");
    expect(info.Time).toBe(
      new Date(git(repo, "log", "-1", "--format=%cI").trim()).toISOString().replace(".000Z", "Z"),
    );

    const downloaded = JSON.parse(
      execFileSync("go", ["mod", "download", "-json", `${MODULE}@v1.2.3`], {
        cwd: out,
        encoding: "utf8",
        env: {
          ...process.env,
          GOPROXY: `file://${path.join(out, "go")}`,
          GOMODCACHE: cache,
          GOSUMDB: "off",
          GOFLAGS: "-mod=mod",
          GOTOOLCHAIN: "local",
        },
      }),
    ) as { Dir: string; Error?: string };
    expect(downloaded.Error).toBeUndefined();
    const files = execFileSync("find", [".", "-type", "f"], {
      cwd: downloaded.Dir,
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean)
      .sort();
    expect(files).toEqual(["./go.mod", "./go/pkg/pkg.go", "./python/README.md"]);
  });

  test("refuses a repository whose sdk/ git does not track, naming the command that makes it", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-go-empty-"));
    try {
      git(empty, "init", "-q");
      await expect(goModule({ version: "1.2.3", root: empty, out })).rejects.toThrow(
        "git tracks no sdk/go.mod: commit the Go SDK (npm run sdk)",
      );
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
