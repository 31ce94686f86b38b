/**
 * What each dynamic resource's state holds as `__provider`: the text the dynamic-provider host
 * loads (with require-from-string) to find the resource's provider. Since 0.4.0 it is written
 * here, one line per kind, instead of serialized from a provider object by
 * `pulumi.dynamic.Resource`: the serializer's seven wrapped methods came to 2.2 KB, stored twice
 * per resource (inputs and outputs) and rewritten with the whole snapshot at every step of a run.
 *
 * The text requires the installed package's runtime by name when the host loads it, so the
 * installed release serves every resource, whatever release wrote its state: the host loads it
 * from a string with no file of its own, so the name is resolved from node_modules upward from
 * the host's working directory. It holds the kind and nothing else: no path, no version, no
 * secret. It must not change from one release to the next (test/serialization/shim.test.ts
 * holds it to the byte): a changed text is no change to the engine, but every resource would
 * carry the new one into its state at the next `up`.
 *
 * The text earlier releases wrote (the serialized shim; test/fixtures/release-0.1.0) requires
 * the runtime's `configure` and `provider(kind)`: the runtime keeps both.
 */
export function providerText(kind: string): string {
  return `exports.handler = () => require("pulumi-docs-workspace/runtime").dynamicProvider(${JSON.stringify(kind)});\n`;
}
