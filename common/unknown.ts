// Neutral ground: one value of Pulumi's wire protocol that the provider, the harness and the
// exporter all read.

/**
 * The value Pulumi sends, and `pulumi preview --json` shows, for a value not known before the
 * update (`plugin.UnknownStringValue` in Pulumi's sdk/go/common/resource/plugin).
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
