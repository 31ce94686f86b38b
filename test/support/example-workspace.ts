/**
 * How many resources examples/workspace declares with its default config (two teams): the one
 * place the tests that count its steps read it from. A resource added to the example changes it
 * here, and every count follows.
 */
export const EXAMPLE_RESOURCES = 42;

/** How many resource kinds (types) those resources are of. */
export const EXAMPLE_KINDS = 30;
