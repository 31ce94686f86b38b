import * as pulumi from "@pulumi/pulumi";
import {
  ConfigError,
  parseWorkspaces,
  providerConfig,
  workspacesConfig,
  workspaceTokenVariable,
} from "../../provider/config";
import { UNKNOWN } from "../../provider/lifecycle/compare";
import { context } from "../../provider/context";
import { configure, provider } from "../../provider/dynamic/runtime";

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

  test("each kind's configure with the same config keeps the one client; another config builds a new one", async () => {
    const values = {
      "docs-workspace:apiUrl": "http://127.0.0.1:9",
      "docs-workspace:apiToken": "token-1",
      "docs-workspace:organizationId": "org-1",
    };
    await configureWith(values);
    const first = context().client;
    // The host configures each kind's provider closure with the same stack config.
    await configureWith({ ...values });
    expect(context().client).toBe(first);
    await configureWith({ ...values, "docs-workspace:apiToken": "token-2" });
    const rotated = context().client;
    expect(rotated).not.toBe(first);
    // A key no context has read yet is read from the newest source.
    await configureWith({ ...values, "docs-workspace:apiToken": "token-2" });
    expect(context().client).toBe(rotated);
    await configureWith({
      ...values,
      "docs-workspace:apiToken": "token-2",
      "docs-workspace:organizationId": "org-2",
    });
    expect(context().config.organizationId()).toBe("org-2");
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

describe("named workspaces", () => {
  const secretA = "tok_alpha_never_in_a_message";
  const secretB = "tok_bravo_never_in_a_message";
  const workspaces = JSON.stringify({
    prod: { organizationId: "org-prod", apiToken: secretA },
    "eu-docs": { organizationId: "org-eu", apiUrl: "https://eu.example/" },
  });
  const defaults = providerConfig(
    from({ "docs-workspace:apiUrl": "https://api.example", "docs-workspace:maxConcurrency": "3" }),
    {},
  );

  test("each names its organization and token; the URL and limits default to the process's", () => {
    const env = { [workspaceTokenVariable("eu-docs")]: secretB };
    const all = workspacesConfig(from({ "docs-workspace:workspaces": workspaces }), defaults, env);
    expect(all.names()).toEqual(["eu-docs", "prod"]);
    const prod = all.get("prod");
    expect([prod.apiUrl(), prod.apiToken(), prod.requireOrganizationId()]).toEqual([
      "https://api.example",
      secretA,
      "org-prod",
    ]);
    expect(prod.maxConcurrency()).toBe(3);
    const eu = all.get("eu-docs");
    expect([eu.apiUrl(), eu.apiToken(), eu.organizationId()]).toEqual([
      "https://eu.example",
      secretB,
      "org-eu",
    ]);
  });

  test("the token variable is the name in capitals; the environment holds the whole list too", () => {
    expect(workspaceTokenVariable("eu-docs")).toBe("DOCS_WORKSPACE_API_TOKEN_EU_DOCS");
    const all = workspacesConfig(none, defaults, { DOCS_WORKSPACE_WORKSPACES: workspaces });
    expect(all.names()).toEqual(["eu-docs", "prod"]);
  });

  test("neither organization nor token falls back to the default workspace's", () => {
    const all = workspacesConfig(
      from({ "docs-workspace:workspaces": JSON.stringify({ bare: {} }) }),
      providerConfig(
        from({ "docs-workspace:apiToken": "default-token", "docs-workspace:organizationId": "o" }),
        {},
      ),
      {},
    );
    const bare = all.get("bare");
    expect(bare.organizationId()).toBeUndefined();
    expect(errorOf(() => bare.requireOrganizationId()).message).toBe(
      'organizationId is not set on the resource and workspace "bare" names no organization: set it with `pulumi config set --path docs-workspace:workspaces.bare.organizationId <id>`',
    );
    expect(errorOf(() => bare.apiToken()).message).toBe(
      'the API token of workspace "bare" is not configured: set it with `pulumi config set --secret --path docs-workspace:workspaces.bare.apiToken <token>` or the environment variable DOCS_WORKSPACE_API_TOKEN_BARE',
    );
  });

  test("an unknown name is an error naming the configured ones", () => {
    const all = workspacesConfig(from({ "docs-workspace:workspaces": workspaces }), defaults, {});
    const error = errorOf(() => all.get("staging"));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(
      'no workspace "staging" is configured in docs-workspace:workspaces; the configured ones are "eu-docs", "prod" (leave workspace out for the default one)',
    );
    expect(errorOf(() => workspacesConfig(none, defaults, {}).get("prod")).message).toContain(
      "none is",
    );
  });

  test("a malformed value is an error naming the key, the workspace and the field, never a value", () => {
    const message = (raw: string) => errorOf(() => parseWorkspaces(raw)).message;
    // JSON.parse's own message would quote the text, and the token in it.
    expect(message(`{"prod": {"apiToken": "${secretA}"`)).toBe(
      "docs-workspace:workspaces (DOCS_WORKSPACE_WORKSPACES) must be a JSON object of workspace name to { apiUrl, organizationId, apiToken }",
    );
    expect(message(`["${secretA}"]`)).toContain("must be an object of workspace name to settings");
    expect(message(`{"Prod": {}}`)).toContain(
      'the workspace name "Prod" must be 1 to 63 lowercase letters, digits and hyphens, starting with a letter',
    );
    expect(message(`{"prod": {"token": "${secretA}"}}`)).toContain(
      'workspace "prod" has an unknown setting "token"; the settings are apiUrl, organizationId, apiToken',
    );
    expect(message(`{"prod": {"apiToken": 42}}`)).toContain("prod.apiToken must be a string");
    const bad = workspacesConfig(
      from({ "docs-workspace:workspaces": JSON.stringify({ prod: { apiToken: `a ${secretA}` } }) }),
      defaults,
      {},
    );
    expect(errorOf(() => bad.get("prod").apiToken()).message).toBe(
      "docs-workspace:workspaces.prod.apiToken must be one token, without spaces or line breaks",
    );
    for (const raw of [`{"prod": {"apiToken": "${secretA}"`, `["${secretA}"]`]) {
      expect(message(raw)).not.toContain(secretA);
    }
  });
});

describe("workspaces in the handlers", () => {
  const space = () => provider("space") as Required<pulumi.dynamic.ResourceProvider>;
  const token = "tok_prod_never_in_a_message";
  beforeAll(() => {
    const values: Record<string, string> = {
      "docs-workspace:apiUrl": "http://127.0.0.1:9",
      "docs-workspace:apiToken": "tok_default",
      "docs-workspace:organizationId": "org-default",
      "docs-workspace:workspaces": JSON.stringify({
        prod: { organizationId: "org-prod", apiToken: token },
        staging: {},
      }),
    };
    return configure({
      config: { get: (key) => values[key], require: (key) => values[key] ?? "" },
    });
  });

  test("check fills in the workspace's organization, or takes the resource's own", async () => {
    const checked = await space().check({}, { title: "Runbook", workspace: "prod" });
    expect(checked.failures).toBeUndefined();
    expect(checked.inputs).toMatchObject({ organizationId: "org-prod", workspace: "prod" });
    const own = await space().check(
      {},
      { title: "Runbook", workspace: "prod", organizationId: "o2" },
    );
    expect(own.inputs).toMatchObject({ organizationId: "o2" });
    const byDefault = await space().check({}, { title: "Runbook" });
    expect(byDefault.inputs).toMatchObject({ organizationId: "org-default" });
  });

  test("an unknown workspace is refused at check, naming the property and the configured ones", async () => {
    const checked = await space().check({}, { title: "Runbook", workspace: "qa" });
    expect(checked.failures).toEqual([
      {
        property: "workspace",
        reason:
          'no workspace "qa" is configured in docs-workspace:workspaces; the configured ones are "prod", "staging" (leave workspace out for the default one)',
      },
    ]);
    const invalid = await space().check({}, { title: "Runbook", workspace: "Prod Docs" });
    expect(invalid.failures).toEqual([
      { property: "workspace", reason: expect.stringContaining("must match the pattern") },
    ]);
    const noOrg = await space().check({}, { title: "Runbook", workspace: "staging" });
    expect(noOrg.failures).toEqual([
      {
        property: "organizationId",
        reason: expect.stringContaining('workspace "staging" names no organization'),
      },
    ]);
    // Not known yet at preview: decided at the check of up.
    expect(
      (await space().check({}, { title: "Runbook", workspace: UNKNOWN })).failures,
    ).toBeUndefined();
    expect(JSON.stringify([checked, invalid, noOrg])).not.toContain(token);
  });

  test("a change of workspace replaces, leaving one included; state from before workspaces is no change", async () => {
    const olds = {
      organizationId: "org-prod",
      title: "Runbook",
      workspace: "prod",
      __declared: [],
    };
    const news = { organizationId: "org-prod", title: "Runbook" };
    expect(await space().diff("s1", olds, { ...news, workspace: "staging" })).toMatchObject({
      changes: true,
      replaces: ["workspace"],
    });
    expect(await space().diff("s1", olds, news)).toMatchObject({
      changes: true,
      replaces: ["workspace"],
    });
    expect(await space().diff("s1", olds, { ...news, workspace: "prod" })).toMatchObject({
      changes: false,
    });
    const before = { organizationId: "org-default", title: "Runbook" };
    expect(await space().diff("s1", before, before)).toMatchObject({ changes: false });
  });

  test("a request to a workspace with no token fails naming how to set it, without any token", async () => {
    const checked = await space().check(
      {},
      { title: "Runbook", workspace: "staging", organizationId: "o" },
    );
    const error = await space()
      .create(checked.inputs)
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(error?.message).toContain("DOCS_WORKSPACE_API_TOKEN_STAGING");
    expect(error?.message).not.toContain("tok_default");
  });
});
