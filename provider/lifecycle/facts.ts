/**
 * What a definition tells beside its lifecycle, for the doors and the tools to read from it
 * rather than restate: what an additive item is on, and what the exporter needs (its import id is
 * import-id.ts's).
 */

/**
 * What an additive resource adds one item to (`additiveTarget`): a grant to an object's
 * permissions, a link to a site's navigation. The `owner` type can list the same items
 * authoritatively, in its `list` input; the two forms are never mixed on one object: both doors
 * refuse it (resources/list-mixing.ts).
 */
export interface AdditiveTarget {
  /** The object, as the API names it: `space`. */
  kind: string;
  /** The additive resource's input that holds the object's id: `spaceId`. */
  key: string;
  /** The resource type that lists the object's items authoritatively: `Space`. */
  owner: string;
  /** The owner's input that lists them: `permissions`. */
  list: string;
  /** What one item is called in an error: `grant`. */
  item: string;
  /**
   * The owner's input naming the object when the owner is a resource of its own (a
   * SiteExternalLinks' `siteId`); absent when the owner is the object (a Space's `permissions`).
   */
  ownerKey?: string;
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
