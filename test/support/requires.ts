/**
 * `describe` for a suite that needs a program of the machine's (the Pulumi CLI, Chromium).
 * Without it the suite says it was skipped and how to get it, except in CI, whose .ci/run
 * installs every such program: there its absence fails, so a green CI run has run the suite.
 */
export interface Requirement {
  /** Whether the program is there. */
  present: boolean;
  /** The test that fails in CI without it: "the Pulumi CLI is built". */
  what: string;
  /** Where it is looked for and how to get it, for the failure and the skip notice. */
  missing: string;
}

export function describeRequiring(requirement: Requirement, name: string, fn: () => void): void {
  if (requirement.present) {
    describe(name, fn);
    return;
  }
  if (process.env.CI) {
    describe(name, () => {
      test(requirement.what, () => {
        throw new Error(requirement.missing);
      });
    });
    return;
  }
  console.warn(`skipped: "${name}": ${requirement.missing}`);
  describe.skip(name, fn);
}
