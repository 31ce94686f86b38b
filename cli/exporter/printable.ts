/**
 * Text the command prints that it did not write itself (titles, ids, the service's messages) as
 * a terminal shows it, never as it acts on it: every control character (C0, DEL, C1) and every
 * bidirectional override is written as an escape (`\x1b`, `\u202e`). Without it a title could
 * set the clipboard (OSC 52), erase or rewrite lines already printed, or forge a line of its own.
 */
export function printable(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu,
    (ch) => {
      const code = ch.charCodeAt(0);
      return code <= 0xff
        ? `\\x${code.toString(16).padStart(2, "0")}`
        : `\\u${code.toString(16).padStart(4, "0")}`;
    },
  );
}
