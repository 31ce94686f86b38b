/**
 * At most `capacity` tasks at once; the others wait in arrival order. The client caps the
 * requests in flight per endpoint with one (Pulumi runs many resource operations at once, and
 * without a cap a large stack opens hundreds of connections and trips rate limits); the harness
 * caps its steps with another (`--parallel`).
 */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly capacity: number = Infinity) {
    if (!(capacity >= 1))
      throw new Error(`a limiter's capacity must be at least 1, got ${capacity}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.capacity) this.active++;
    // A finishing task hands its slot straight to the next in line, so none is taken twice and
    // `active` never dips below the demand.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
