import type { OptionalField } from "./render/common";

/**
 * A space's optional fields that are kept and shown as they are: each is accepted on create and
 * on PATCH (`null` removes it), kept in a column of its own (added to files written before), and
 * in the JSON when set. A new one is this one entry, `{ wire: z.string().max(100), sql: "TEXT" }`,
 * and nothing else in the emulator changes: the routes' validators, the store's column map and
 * row type, the render and the OpenAPI document take it from here. Apart from render/ and store/
 * so that both may import it.
 */
export const SPACE_OPTIONAL_FIELDS = {} satisfies Record<string, OptionalField>;
