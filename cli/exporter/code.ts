/**
 * The pieces generated TypeScript is made of: values written as literals or as code (a reference
 * to another resource's output), and variable names made from titles.
 */

/** A piece of code written as it is: `handbook.id`, `config.requireSecret("...")`. */
export class Code {
  constructor(readonly text: string) {}
}

/** What an argument holds in the generated program: JSON, with code where a reference stands. */
export type Value =
  | string
  | number
  | boolean
  | null
  | Code
  | readonly Value[]
  | { readonly [key: string]: Value | undefined };

export const code = (text: string) => new Code(text);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A value as a TypeScript expression; keys that are undefined are left out. */
export function literal(value: Value): string {
  if (value instanceof Code) return value.text;
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, Value | undefined>).filter(
      (entry): entry is [string, Value] => entry[1] !== undefined,
    );
    const fields = entries.map(
      ([key, v]) =>
        `${IDENTIFIER.test(key) ? key : escapeControls(JSON.stringify(key))}: ${literal(v)}`,
    );
    return `{ ${fields.join(", ")} }`;
  }
  // A text of several lines (an OpenAPI document) reads best as it is: a template literal.
  if (typeof value === "string" && value.includes("\n")) {
    const text = value.replace(/[\\`]/g, "\\$&").replace(/\$\{/g, "\\${");
    return `\`${escapeControls(text, "\n")}\``;
  }
  return escapeControls(JSON.stringify(value));
}

/**
 * Every character a terminal or an editor acts on rather than shows (C0 but `keep`, DEL, C1, the
 * line and paragraph separators, bidirectional overrides) as its escape: a title holding
 * `ESC]52;...BEL` would otherwise be written into `index.ts` and act on whoever prints or opens
 * it. The escapes mean the same character in a string, in a template literal and to a reader.
 */
export function escapeControls(text: string, keep = ""): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu,
    (ch) => {
      if (keep.includes(ch)) return ch;
      const code = ch.charCodeAt(0);
      return code <= 0xff
        ? `\\x${code.toString(16).padStart(2, "0")}`
        : `\\u${code.toString(16).padStart(4, "0")}`;
    },
  );
}

/** Words TypeScript reserves, or that would shadow a global the program uses. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends " +
    "false finally for function if import in instanceof new null return super switch this throw " +
    "true try typeof var void while with as implements interface let package private protected " +
    "public static yield any boolean constructor declare get module require number set string " +
    "symbol type from of async await undefined arguments eval NaN Infinity Object Array String " +
    "Number Boolean Promise Error JSON Math Date Map Set"
  ).split(" "),
);

/** `Engineering handbook` → `engineeringHandbook`; empty when the text holds no letter or digit. */
export function camelCase(text: string): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== "");
  return words
    .map((w, i) =>
      i === 0
        ? w.charAt(0).toLowerCase() + w.slice(1)
        : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
    )
    .join("");
}

/** `engineeringHandbook` → `engineering-handbook`: the resource's name in the stack. */
export function kebabCase(identifier: string): string {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Za-z])([0-9])/g, "$1-$2")
    .toLowerCase();
}

/**
 * Hands out variable names, each a valid identifier used once: the title in camel case; when
 * taken, the title with the kind (`practicesSiteSection`); then with a number. Their kebab case
 * (the resource's name in the stack) is used once too: `fooBAR` and `fooBar` would both be
 * `foo-bar`.
 */
export class Names {
  private readonly taken: Set<string>;
  /** The kebab case of the names handed out (a reserved name is no resource's). */
  private readonly takenKebab = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    this.taken = new Set(reserved);
  }

  take(title: string, kind: string): string {
    const base = camelCase(title);
    const kindName = kind.charAt(0).toLowerCase() + kind.slice(1);
    const first =
      base === "" || /^[0-9]/.test(base) ? `${kindName}${base ? capital(base) : ""}` : base;
    const candidates = [first, `${first}${kind}`];
    let name = candidates.find((c) => this.free(c));
    for (let n = 2; name === undefined; n++) {
      if (this.free(`${first}${n}`)) name = `${first}${n}`;
    }
    this.taken.add(name);
    this.takenKebab.add(kebabCase(name));
    return name;
  }

  private free(name: string): boolean {
    return (
      IDENTIFIER.test(name) &&
      !RESERVED.has(name) &&
      !this.taken.has(name) &&
      !this.takenKebab.has(kebabCase(name))
    );
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
