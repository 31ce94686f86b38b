/** The text of a thrown value, for a message to a person: an Error's message, else its string. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
