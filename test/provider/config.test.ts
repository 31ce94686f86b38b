import * as pulumi from "@pulumi/pulumi";
import { ConfigError, providerConfig } from "../../provider/config";
import { UNKNOWN } from "../../provider/resources/lifecycle";
import { configure, provider } from "../../provider/runtime";

const none = () => undefined;
const from = (values: Record<string, string>) => (key: string) => values[key];

/** The error `read` throws, or a failure when it throws none. */
function errorOf(read: () => unknown): Error {
  try {
    read();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected an error");
}

describe("provider configuration", () => {
  test("a missing URL or token fails when it is read, naming both ways to set it", () => {
    const config = providerConfig(none, {});
    const url = errorOf(() => config.apiUrl());
    expect(url).toBeInstanceOf(ConfigError);
    expect(url.message).toContain("pulumi config set docs-workspace:apiUrl");
    expect(url.message).toContain("DOCS_WORKSPACE_API_URL");
    const token = errorOf(() => config.apiToken());
    expect(token.message).toContain("pulumi config set --secret docs-workspace:apiToken");
    expect(token.message).toContain("DOCS_WORKSPACE_API_TOKEN");
  });

  test("each key resolves on its own: the organization needs neither URL nor token", () => {
    const config = providerConfig(from({ "docs-workspace:organizationId": "org-1" }), {});
    expect(config.organizationId()).toBe("org-1");
    expect(config.requireOrganizationId()).toBe("org-1");
    expect(config.maxConcurrency()).toBe(8);
  });

  test("stack config wins over the environment, which is the fallback", () => {
    const env = {
      DOCS_WORKSPACE_API_URL: "http://env.example/",
      DOCS_WORKSPACE_API_TOKEN: "env-token",
      DOCS_WORKSPACE_ORGANIZATION_ID: "org-env",
    };
    const fromEnv = providerConfig(none, env);
    expect([fromEnv.apiUrl(), fromEnv.apiToken(), fromEnv.organizationId()]).toEqual([
      "http://env.example",
      "env-token",
      "org-env",
    ]);
    const fromStack = providerConfig(
      from({
        "docs-workspace:apiUrl": "https://api.example",
        "docs-workspace:apiToken": "stack-token",
        "docs-workspace:maxConcurrency": "3",
      }),
      env,
    );
    expect([
      fromStack.apiUrl(),
      fromStack.apiToken(),
      fromStack.organizationId(),
      fromStack.maxConcurrency(),
    ]).toEqual(["https://api.example", "stack-token", "org-env", 3]);
  });

  test("an invalid URL, token or concurrency names the config key and the variable, never the value", () => {
    const config = (values: Record<string, string>) =>
      providerConfig(from({ "docs-workspace:apiToken": "tok-secret-1", ...values }), {});
    for (const bad of ["not a url", "ftp://x", "http://user:hunter2@"]) {
      const error = errorOf(() => config({ "docs-workspace:apiUrl": bad }).apiUrl());
      expect(error.message).toBe(
        "docs-workspace:apiUrl (DOCS_WORKSPACE_API_URL) must be an absolute http or https URL such as http://127.0.0.1:4100",
      );
    }
    const token = errorOf(() => config({ "docs-workspace:apiToken": "tok secret\n2" }).apiToken());
    expect(token.message).toBe(
      "docs-workspace:apiToken (DOCS_WORKSPACE_API_TOKEN) must be one token, without spaces or line breaks",
    );
    const concurrency = errorOf(() =>
      config({ "docs-workspace:maxConcurrency": "0" }).maxConcurrency(),
    );
    expect(concurrency.message).toContain("docs-workspace:maxConcurrency");
    expect(concurrency.message).toContain("DOCS_WORKSPACE_MAX_CONCURRENCY");
    for (const bad of ["-1", "a minute", "86401"]) {
      const wait = errorOf(() => config({ "docs-workspace:maxRetryWait": bad }).maxRetryWait());
      expect(wait.message).toBe(
        "docs-workspace:maxRetryWait (DOCS_WORKSPACE_MAX_RETRY_WAIT) must be a number of seconds from 0 to 86400",
      );
    }
  });

  test("maxRetryWait defaults to 300 seconds, from stack config or the environment", () => {
    expect(providerConfig(none, {}).maxRetryWait()).toBe(300);
    expect(providerConfig(none, { DOCS_WORKSPACE_MAX_RETRY_WAIT: "900" }).maxRetryWait()).toBe(900);
    const both = providerConfig(from({ "docs-workspace:maxRetryWait": "30" }), {
      DOCS_WORKSPACE_MAX_RETRY_WAIT: "900",
    });
    expect(both.maxRetryWait()).toBe(30);
  });

  test("a resource without organizationId and no default names how to set one", () => {
    const error = errorOf(() => providerConfig(none, {}).requireOrganizationId());
    expect(error.message).toMatch(/docs-workspace:organizationId.*DOCS_WORKSPACE_ORGANIZATION_ID/);
  });
});

describe("configuration in the handlers", () => {
  const space = () => provider("space") as Required<pulumi.dynamic.ResourceProvider>;
  const configureWith = (values: Record<string, string>) =>
    configure({ config: { get: (key) => values[key], require: (key) => values[key] ?? "" } });

  test("check fills in the default organization with no URL and no token configured", async () => {
    await configureWith({ "docs-workspace:organizationId": "org-1" });
    const checked = await space().check({}, { title: "Runbook", parent: UNKNOWN });
    expect(checked.failures).toBeUndefined();
    expect(checked.inputs).toMatchObject({ organizationId: "org-1", title: "Runbook" });
  });

  test("a missing token fails the first request, naming the key and the variable, not a property", async () => {
    await configureWith({
      "docs-workspace:apiUrl": "http://127.0.0.1:9",
      "docs-workspace:organizationId": "org-1",
    });
    const checked = await space().check({}, { title: "Runbook" });
    expect(checked.failures).toBeUndefined();
    await expect(space().create(checked.inputs)).rejects.toThrow(
      /docs-workspace:apiToken.*DOCS_WORKSPACE_API_TOKEN/,
    );
  });

  test("an invalid URL fails the first request, naming the key and the variable, not a property", async () => {
    await configureWith({
      "docs-workspace:apiUrl": "127.0.0.1:4100",
      "docs-workspace:apiToken": "token",
      "docs-workspace:organizationId": "org-1",
    });
    const checked = await space().check({}, { title: "Runbook" });
    expect(checked.failures).toBeUndefined();
    await expect(space().read("s1", { ...checked.inputs, __declared: [] })).rejects.toThrow(
      "docs-workspace:apiUrl (DOCS_WORKSPACE_API_URL) must be an absolute http or https URL",
    );
  });
});
