import { Run, label, stepError } from "./engine";
import { deletionGraph, selectTargets } from "./steps";

/** Destroy: everything in the state, dependents first, as many at once as `--parallel` allows. */
export class Destroy extends Run {
  async run(): Promise<void> {
    this.reportPending("destroy");
    if (this.failures.length > 0) return;
    const { store, targets, targetDependents } = this.ctx;
    const resources = store.snapshot.resources();
    let doomed = resources;
    if (targets) {
      const selection = selectTargets(resources, targets, targetDependents === true);
      for (const { dependent, target } of selection.strandedDependents) {
        this.fail(
          stepError(
            target,
            "delete",
            `${label(dependent)} depends on it and is not targeted: target it too, or add --target-dependents`,
          ),
          target,
          "delete",
        );
      }
      if (this.failures.length > 0) return;
      doomed = selection.selected;
    }
    if (this.refuseProtected(doomed)) return;
    await this.runGraph(deletionGraph(doomed), (r) => this.deleteOne(r, true), "delete");
  }
}
