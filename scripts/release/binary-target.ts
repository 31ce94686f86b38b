/**
 * Which OS and architecture an executable is built for, read from its header (Pulumi's names:
 * linux, darwin, windows; amd64, arm64). What a user's machine checks before it runs a binary,
 * so a Node.js runtime put in the wrong archive is caught here rather than by a user's `exec
 * format error`.
 */
export interface BinaryTarget {
  os: "linux" | "darwin" | "windows";
  arch: string;
}

/** The bytes of a header the parsers below need at most (a PE header sits within them). */
export const HEADER_BYTES = 4096;

/** ELF e_machine values (the System V ABI's machine numbers). */
const ELF_MACHINES: Record<number, string> = { 0x3e: "amd64", 0xb7: "arm64" };
/** Mach-O cputype values (mach/machine.h: CPU_TYPE_X86_64, CPU_TYPE_ARM64). */
const MACHO_CPUS: Record<number, string> = { 0x01000007: "amd64", 0x0100000c: "arm64" };
/** PE/COFF Machine values (IMAGE_FILE_MACHINE_AMD64, IMAGE_FILE_MACHINE_ARM64). */
const PE_MACHINES: Record<number, string> = { 0x8664: "amd64", 0xaa64: "arm64" };

const unknown = (value: number) => `unknown (0x${value.toString(16)})`;

/** The target of an executable's first bytes, or why they are none of ELF, Mach-O and PE. */
export function binaryTarget(header: Buffer): BinaryTarget | string {
  if (header.length >= 20 && header.readUInt32BE(0) === 0x7f454c46) {
    // e_ident[EI_DATA] says the byte order of e_machine, at offset 18.
    const machine = header[5] === 2 ? header.readUInt16BE(18) : header.readUInt16LE(18);
    return { os: "linux", arch: ELF_MACHINES[machine] ?? unknown(machine) };
  }
  if (header.length >= 8 && header.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = header.readUInt32LE(4);
    return { os: "darwin", arch: MACHO_CPUS[cpu] ?? unknown(cpu) };
  }
  if (header.length >= 4 && header.readUInt32BE(0) === 0xcafebabe) {
    return "a universal Mach-O binary (one architecture per archive is expected)";
  }
  if (header.length >= 0x40 && header.toString("latin1", 0, 2) === "MZ") {
    const pe = header.readUInt32LE(0x3c);
    if (pe + 6 > header.length || header.readUInt32BE(pe) !== 0x50450000) {
      return "an MZ header without a PE signature";
    }
    const machine = header.readUInt16LE(pe + 4);
    return { os: "windows", arch: PE_MACHINES[machine] ?? unknown(machine) };
  }
  return "not an ELF, Mach-O or PE executable";
}
