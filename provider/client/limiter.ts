/**
 * Caps the number of requests in flight in this process. Pulumi runs many resource operations at
 * once; without a cap a large stack would open hundreds of connections and trip rate limits.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly capacity: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.capacity) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // Hand the slot straight to the next waiter, so `active` never dips below the demand.
      if (next) next();
      else this.active--;
    }
  }
}
