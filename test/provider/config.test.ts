import { ConfigError, requireOrganization, resolveConfig } from "../../provider/config";

const none = () => undefined;
const from = (values: Record<string, string>) => (key: string) => values[key];

describe("provider configuration", () => {
  test("a missing URL and token fail with an error naming both ways to set each", () => {
    let error: unknown;
    try {
      resolveConfig(none, {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("pulumi config set docs-workspace:apiUrl");
    expect(message).toContain("DOCS_WORKSPACE_API_URL");
    expect(message).toContain("pulumi config set --secret docs-workspace:apiToken");
    expect(message).toContain("DOCS_WORKSPACE_API_TOKEN");
  });

  test("stack config wins over the environment, which is the fallback", () => {
    const env = {
      DOCS_WORKSPACE_API_URL: "http://env.example/",
      DOCS_WORKSPACE_API_TOKEN: "env-token",
      DOCS_WORKSPACE_ORGANIZATION_ID: "org-env",
    };
    expect(resolveConfig(none, env)).toEqual({
      apiUrl: "http://env.example",
      apiToken: "env-token",
      organizationId: "org-env",
      maxConcurrency: 8,
    });
    const config = from({
      "docs-workspace:apiUrl": "https://api.example",
      "docs-workspace:apiToken": "stack-token",
      "docs-workspace:maxConcurrency": "3",
    });
    expect(resolveConfig(config, env)).toEqual({
      apiUrl: "https://api.example",
      apiToken: "stack-token",
      organizationId: "org-env",
      maxConcurrency: 3,
    });
  });

  test("an invalid URL or concurrency is refused, and the token never appears in the error", () => {
    const bad = (values: Record<string, string>) => () =>
      resolveConfig(from({ "docs-workspace:apiToken": "tok-secret-1", ...values }), {});
    expect(bad({ "docs-workspace:apiUrl": "not a url" })).toThrow(/apiUrl must be an absolute URL/);
    expect(bad({ "docs-workspace:apiUrl": "ftp://x" })).toThrow(/http or https/);
    expect(
      bad({ "docs-workspace:apiUrl": "http://x", "docs-workspace:maxConcurrency": "0" }),
    ).toThrow(/maxConcurrency must be an integer from 1 to 64/);
    try {
      bad({ "docs-workspace:apiUrl": "not a url" })();
    } catch (e) {
      expect((e as Error).message).not.toContain("tok-secret-1");
    }
  });

  test("a resource without organizationId and no default names how to set one", () => {
    const config = resolveConfig(
      from({ "docs-workspace:apiUrl": "http://x", "docs-workspace:apiToken": "t" }),
      {},
    );
    expect(requireOrganization(config, "org-1")).toBe("org-1");
    expect(() => requireOrganization(config)).toThrow(
      /docs-workspace:organizationId.*DOCS_WORKSPACE_ORGANIZATION_ID/,
    );
  });
});
