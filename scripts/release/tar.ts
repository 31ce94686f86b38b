import * as fs from "node:fs";
import * as zlib from "node:zlib";

/** One entry of a tar archive: its path (no leading `./`), mode, type and size. */
export interface TarEntry {
  path: string;
  mode: number;
  type: "file" | "directory" | "symlink" | "other";
  size: number;
  /** The first bytes the reader was asked to keep (all of them for a text it reads whole). */
  head?: Buffer;
}

const BLOCK = 512;

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function octal(block: Buffer, start: number, length: number): number {
  const value = text(block, start, length).trim();
  return value === "" ? 0 : parseInt(value, 8);
}

/** A pax extended header's `path=` record, if it has one. */
function paxPath(data: Buffer): string | undefined {
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space === -1) break;
    const length = parseInt(data.subarray(at, space).toString("utf8"), 10);
    if (!(length > 0)) break;
    const record = data.subarray(space + 1, at + length - 1).toString("utf8");
    if (record.startsWith("path=")) return record.slice("path=".length);
    at += length;
  }
  return undefined;
}

/**
 * The entries of a tar archive (ustar, GNU long names, pax paths), with the first `keep(path)`
 * bytes of each file kept: read here, byte by byte, so the release's checks see what a user's
 * `tar` or the Pulumi engine would unpack, on any machine.
 */
export function readTar(tar: Buffer, keep: (path: string) => number = () => 0): TarEntry[] {
  const entries: TarEntry[] = [];
  let longName: string | undefined;
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = octal(header, 124, 12);
    const flag = String.fromCharCode(header[156]!);
    const data = tar.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (flag === "L") {
      longName = text(data, 0, data.length);
      continue;
    }
    if (flag === "x") {
      longName = paxPath(data) ?? longName;
      continue;
    }
    if (flag === "g") continue;
    const prefix = text(header, 345, 155);
    const name =
      longName ?? (prefix === "" ? text(header, 0, 100) : `${prefix}/${text(header, 0, 100)}`);
    longName = undefined;
    const entryPath = name.replace(/^\.\//, "").replace(/\/$/, "");
    if (entryPath === "" || entryPath === ".") continue;
    const type =
      flag === "0" || flag === "\0" || flag === "7"
        ? "file"
        : flag === "5"
          ? "directory"
          : flag === "2"
            ? "symlink"
            : "other";
    const entry: TarEntry = { path: entryPath, mode: octal(header, 100, 8) & 0o7777, type, size };
    const wanted = type === "file" ? Math.min(keep(entryPath), size) : 0;
    if (wanted > 0) entry.head = Buffer.from(data.subarray(0, wanted));
    entries.push(entry);
  }
  return entries;
}

/** The entries of a `.tar.gz` or `.tgz` file (see readTar). */
export function readTarGz(file: string, keep?: (path: string) => number): TarEntry[] {
  return readTar(zlib.gunzipSync(fs.readFileSync(file)), keep);
}
