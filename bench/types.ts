/** One benchmark: it measures and returns the lines of its report section. */
export interface BenchModule {
  name: string;
  run(): Promise<string[]>;
}
