import { loadGrpc } from "./grpc";

/**
 * Warnings shown to the user, through the engine's Log service at the address the engine gives
 * the plugin as its first argument: the engine prints them with the step of the resource whose
 * URN they carry (the provider's own, for its configuration). Without an engine (a test that
 * dials none) a warning is dropped: it never fails the call that raised it.
 */
export class EngineLog {
  private client: InstanceType<ReturnType<typeof loadGrpc>["engine"]["client"]> | undefined;

  constructor(private readonly address: string | undefined) {}

  warn(urn: string, message: string): Promise<void> {
    if (this.address === undefined || this.address === "") return Promise.resolve();
    const { grpc, engine } = loadGrpc();
    this.client ??= new engine.client(this.address, grpc.credentials.createInsecure());
    const request = new engine.pb.LogRequest()
      .setSeverity(engine.pb.LogSeverity.WARNING)
      .setUrn(urn)
      .setMessage(message);
    return new Promise((resolve) => {
      this.client!.log(request, new grpc.Metadata(), { deadline: Date.now() + 5_000 }, () =>
        resolve(),
      );
    });
  }
}
