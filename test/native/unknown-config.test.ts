import * as grpc from "@grpc/grpc-js";
import * as pulumi from "@pulumi/pulumi";
import * as engineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as enginePb from "@pulumi/pulumi/proto/engine_pb";
import * as emptyPb from "google-protobuf/google/protobuf/empty_pb";
import { unknownConfigWarnings, warnUnknownConfigOnce } from "../../provider/unknown-config";
import { NativePlugin } from "../support/native-plugin";

/**
 * A mistyped configuration key of the provider's namespace (issue 36, item 5) is warned about,
 * naming the close match: by the native plugin's CheckConfig through the engine's Log service,
 * and once by a TypeScript program's first dynamic resource. Needs `npm run build`.
 */

describe("unknown configuration keys", () => {
  test("each unknown key is named with its closest known key, or with every key", () => {
    expect(
      unknownConfigWarnings(["apiURL", "apiUrl", "organisationId", "version", "colour"]),
    ).toEqual([
      "docs-workspace:apiURL is not a setting of the docs-workspace provider and is ignored; did you mean docs-workspace:apiUrl?",
      "docs-workspace:organisationId is not a setting of the docs-workspace provider and is ignored; did you mean docs-workspace:organizationId?",
      "docs-workspace:colour is not a setting of the docs-workspace provider and is ignored; its settings are docs-workspace:apiUrl, docs-workspace:apiToken, docs-workspace:organizationId, docs-workspace:maxConcurrency, docs-workspace:maxRetryWait, docs-workspace:workspaces",
    ]);
  });

  test("native: CheckConfig logs a warning on the provider's URN through the engine", async () => {
    const logged: { severity: number; urn: string; message: string }[] = [];
    const engine = new grpc.Server();
    engine.addService(engineGrpc.EngineService, {
      log: (
        call: grpc.ServerUnaryCall<enginePb.LogRequest, emptyPb.Empty>,
        done: grpc.sendUnaryData<emptyPb.Empty>,
      ) => {
        const r = call.request;
        logged.push({ severity: r.getSeverity(), urn: r.getUrn(), message: r.getMessage() });
        done(null, new emptyPb.Empty());
      },
    });
    const port = await new Promise<number>((resolve, reject) =>
      engine.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) =>
        e ? reject(e) : resolve(p),
      ),
    );
    const plugin = await NativePlugin.start({}, `127.0.0.1:${port}`);
    try {
      expect(
        await plugin.checkConfig({ apiURL: "http://127.0.0.1:4100", organizationId: "o" }),
      ).toEqual([]);
      expect(logged).toEqual([
        {
          severity: enginePb.LogSeverity.WARNING,
          urn: "urn:pulumi:s::p::pulumi:providers:docs-workspace::default",
          message:
            "docs-workspace:apiURL is not a setting of the docs-workspace provider and is ignored; did you mean docs-workspace:apiUrl?",
        },
      ]);
      logged.length = 0;
      await plugin.checkConfig({ apiUrl: "http://127.0.0.1:4100", version: "0.2.0" });
      expect(logged).toEqual([]);
    } finally {
      plugin.stop();
      engine.forceShutdown();
    }
  });

  test("dynamic: the program warns once about the stack config's unknown keys", () => {
    pulumi.runtime.setAllConfig({
      "docs-workspace:apiUrl": "http://127.0.0.1:4100",
      "docs-workspace:apiTokn": "t",
      "handbook:title": "Handbook",
    });
    const warn = jest.spyOn(pulumi.log, "warn").mockResolvedValue(undefined);
    try {
      warnUnknownConfigOnce();
      warnUnknownConfigOnce();
      expect(warn.mock.calls.map((c) => c[0])).toEqual([
        "docs-workspace:apiTokn is not a setting of the docs-workspace provider and is ignored; did you mean docs-workspace:apiToken?",
      ]);
    } finally {
      warn.mockRestore();
    }
  });
});
