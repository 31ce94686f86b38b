#!/usr/bin/env node
import { loadGrpc } from "./grpc";
import { serviceImplementation } from "./server";

/**
 * The plugin `pulumi-resource-docs-workspace`: serves the provider on 127.0.0.1 at a port the
 * system picks, and prints that port on its own line, which is how the engine learns where to
 * dial. The engine's own address, its last argument (after flags such as `--logtostderr`), is
 * where it logs warnings (an unknown configuration key). The engine ends the process when it is
 * done with it.
 */
export async function main(engine = engineAddress(process.argv.slice(2))): Promise<number> {
  const { grpc, service } = loadGrpc();
  const server = new grpc.Server({
    // Schemas and large states exceed gRPC's 4 MB default, as for Pulumi's own plugins.
    "grpc.max_receive_message_length": 400 * 1024 * 1024,
  });
  server.addService(service, serviceImplementation(engine));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  process.stdout.write(`${port}\n`);
  return port;
}

function engineAddress(args: string[]): string | undefined {
  const last = args[args.length - 1];
  return last === undefined || last.startsWith("-") ? undefined : last;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`pulumi-resource-docs-workspace: ${String(error)}\n`);
    process.exit(1);
  });
}
