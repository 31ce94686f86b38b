/**
 * What a definition tells beside its lifecycle, for the doors and the tools to read from it
 * rather than restate: what a grant is on, and what the exporter needs (its import id is
 * import-id.ts's).
 */

/**
 * What an additive grant is on (`grantTarget`): the input naming the object, and the resource
 * type that lists that object's grants authoritatively (`permissions`). The two forms are never
 * mixed on one object: both doors refuse it (resources/permission-mixing.ts).
 */
export interface GrantTarget {
  /** The object, as the API names it: `space`. */
  kind: string;
  /** The input that holds its id: `spaceId`. */
  key: string;
  /** The resource type that declares its `permissions`: `Space`. */
  owner: string;
}

/** What the exporter reads on a definition (`exporter`). */
export interface ExporterFacts<Output extends string = string> {
  /**
   * Objects an object of this kind makes and takes with it, by the output that names each (a
   * section's first site space, a translation's result space): a stack that manages the object
   * manages them, and the exporter never declares them apart.
   */
  owns?: readonly { output: Output; type: string }[];
  /**
   * Its objects exist whether a stack manages them or not (the organization's settings, its
   * members): none is ever left behind, and an import file lists them only when asked.
   */
  standing?: true;
}
