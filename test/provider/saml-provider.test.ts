import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

let emu: TestEmulator;
const providers = handlersFor("saml-provider");
const certificate = `-----BEGIN CERTIFICATE-----\nMIIDsecretcertificatebody${"Q".repeat(40)}\n-----END CERTIFICATE-----`;
const samlPath = () => `/v1/orgs/${emu.organizationId}/saml`;

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

const args = {
  label: "Okta",
  entityID: "http://www.okta.com/exk1",
  ssoURL: "https://acme.okta.com/app/docs/sso/saml",
  certificate,
  defaultRole: "read",
};

describe("SamlProvider", () => {
  test("create is one POST; the outputs carry the service's ACS URL, start URL and entity id", async () => {
    const { id, outs } = await providers.create(args);
    expect((await writes(emu)).map((r) => r.method)).toEqual(["POST"]);
    const base = `${emu.url}/sso/saml/${emu.organizationId}/${id}`;
    expect(outs).toMatchObject({
      ...args,
      defaultTeam: null,
      acsURL: `${base}/acs`,
      startURL: `${base}/start`,
      serviceEntityID: base,
      status: "active",
    });
    expect((await providers.read(id, outs)).props).toEqual(outs);
  });

  test("a certificate over the limit fails check naming the limit, never the value", async () => {
    const { failures } = await providers.check({
      ...args,
      certificate: `${certificate}${"C".repeat(10000)}`,
    });
    expect(failures).toEqual([
      { property: "certificate", reason: "must be at most 10000 characters" },
    ]);
    expect(JSON.stringify(failures)).not.toContain("secretcertificatebody");
  });

  test("a certificate rotated out of band shows on refresh; an update sends only what changed", async () => {
    const { id, outs } = await providers.create(args);
    await callApi(emu, "PATCH", `${samlPath()}/${id}`, { certificate: "rotated by hand" });
    const read = await providers.read(id, outs);
    expect(read.props!.certificate).toBe("rotated by hand");
    expect(await providers.diff(id, read.props!, args)).toMatchObject({
      changes: true,
      replaces: [],
    });
    const team = await callApi(emu, "PUT", `/v1/orgs/${emu.organizationId}/teams`, {
      title: "SSO",
    });
    await emu.clearRequests();
    const updated = await providers.update(id, read.props!, { ...args, defaultTeam: team.body.id });
    expect((await writes(emu)).map((r) => Object.keys(r.body as object).sort())).toEqual([
      ["certificate", "defaultTeam"],
    ]);
    expect(updated).toMatchObject({ certificate, defaultTeam: team.body.id });
  });

  test("a provider not yet configured: the service's empty entityID, certificate and ssoURL read as unset", async () => {
    const { id, outs } = await providers.create({ label: "Later" });
    const answer = await callApi(emu, "GET", `${samlPath()}/${id}`);
    expect(answer.body).toMatchObject({ entityID: "", certificate: "", ssoURL: "" });
    expect(outs).toMatchObject({ certificate: null, status: "pending" });
    expect(outs).not.toHaveProperty("entityID", "");
    expect(outs).not.toHaveProperty("ssoURL", "");
    const read = await providers.read(id, outs);
    expect(read.props).toEqual(outs);
    expect(await providers.diff(id, read.props!, { label: "Later" })).toMatchObject({
      changes: false,
    });
  });

  test("another organization replaces; diff makes no request", async () => {
    const olds = {
      organizationId: emu.organizationId,
      label: "A",
      __declared: ["label", "organizationId"],
    };
    expect(
      await providers.diff("p", olds, { label: "A", organizationId: emu.secondOrganizationId }),
    ).toMatchObject({ replaces: ["organizationId"] });
    expect(await providers.diff("p", olds, { label: "B" })).toMatchObject({
      changes: true,
      replaces: [],
    });
    expect(await emu.requests()).toEqual([]);
  });
});
