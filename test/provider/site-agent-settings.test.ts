import { DEFAULT_AGENT_SETTINGS as EMULATOR_DEFAULTS } from "../../emulator/render/site-agent-settings";
import { DEFAULT_AGENT_SETTINGS } from "../../provider/api/site-agent-settings";
import { textDocument } from "../../provider/api/translations";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

let emu: TestEmulator;
const agent = handlersFor("site-agent-settings");

type Doc = Record<string, unknown>;
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const settingsPath = (siteId: string) =>
  `/v1/orgs/${emu.organizationId}/sites/${siteId}/agent-settings`;

async function newSite(): Promise<string> {
  const site = await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Docs" });
  return site.body.id as string;
}

/** The site's settings as the service holds them, without who wrote them and when. */
async function held(siteId: string): Promise<Doc> {
  const {
    updatedAt: _at,
    updatedBy: _by,
    urls: _urls,
    ...rest
  } = (await api("GET", settingsPath(siteId))).body as Doc;
  return rest;
}

/** A person changes one part in the app: GET, edit, PUT the whole. */
async function editByHand(siteId: string, edit: (doc: Doc & Record<string, Doc>) => void) {
  const { object: _, ...doc } = await held(siteId);
  edit(doc as Doc & Record<string, Doc>);
  expect((await api("PUT", settingsPath(siteId), doc)).status).toBe(200);
}

/** The published client's operation this test calls (@gitbook/api's client.d.ts). */
interface HostedClient {
  orgs: {
    getSiteAgentSettingsById(
      org: string,
      site: string,
    ): Promise<{ data: Doc & Record<string, Doc> }>;
  };
}

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("SiteAgentSettings", () => {
  test("create reads the settings and PUTs them once with the declared ones laid over", async () => {
    const siteId = await newSite();
    await emu.clearRequests();
    const { id, outs } = await agent.create({
      siteId,
      findingChangeRequests: "auto-fixable",
      customInstructions: "Write in the second person.\nOne action per step.",
    });
    expect(id).toBe(siteId);
    expect(outs).toMatchObject({
      siteId,
      scanTopics: null,
      findingChangeRequests: "auto-fixable",
      customInstructions: "Write in the second person.\nOne action per step.",
    });
    expect((await emu.requests()).map((r) => r.method)).toEqual(["GET", "PUT"]);
    expect(await held(siteId)).toEqual({
      object: "site-agent-settings",
      scans: { topics: "auto" },
      findings: { changeRequests: "auto-fixable" },
      editing: {
        customInstructions: textDocument("Write in the second person.\nOne action per step."),
      },
    });
  });

  test("settings that already match are not written again", async () => {
    const siteId = await newSite();
    await emu.clearRequests();
    await agent.create({ siteId, scanTopics: "auto" });
    expect(await writes(emu)).toEqual([]);
  });

  test("refresh: a hand change of an undeclared part is no change; of a declared one, drift", async () => {
    const siteId = await newSite();
    const inputs = { siteId, scanTopics: "never", customInstructions: "Be brief." };
    const { id, outs } = await agent.create(inputs);
    await editByHand(siteId, (doc) => (doc.findings!.changeRequests = "always"));
    const quiet = await agent.read(id, outs);
    expect(quiet.inputs).toEqual(expect.objectContaining(inputs));
    expect((await agent.diff(id, quiet.props!, inputs)).changes).toBe(false);
    await editByHand(siteId, (doc) => (doc.scans!.topics = "auto"));
    const drifted = await agent.read(id, quiet.props!);
    expect(drifted.props!.scanTopics).toBe("auto");
    expect((await agent.diff(id, drifted.props!, inputs)).changes).toBe(true);
    await agent.up(id, drifted.props!, inputs);
    expect(await held(siteId)).toMatchObject({
      scans: { topics: "never" },
      findings: { changeRequests: "always" },
    });
  });

  test("instructions rewritten in the app read back as the document, and show as drift", async () => {
    const siteId = await newSite();
    const inputs = { siteId, customInstructions: "Be brief." };
    const { id, outs } = await agent.create(inputs);
    await editByHand(
      siteId,
      (doc) => (doc.editing!.customInstructions = textDocument("Be thorough.")),
    );
    const read = await agent.read(id, outs);
    expect(read.props!.customInstructions).toEqual(textDocument("Be thorough."));
    expect((await agent.diff(id, read.props!, inputs)).changes).toBe(true);
  });

  test("a value outside the enum is refused at check, naming the property", async () => {
    const siteId = await newSite();
    await emu.clearRequests();
    const checked = await agent.check({ siteId, scanTopics: "weekly" });
    expect(checked.failures).toEqual([
      expect.objectContaining({ property: "scanTopics", reason: expect.stringContaining("auto") }),
    ]);
    expect(await writes(emu)).toEqual([]);
  });

  test("delete writes the defaults back into the declared parts and leaves the others", async () => {
    const siteId = await newSite();
    const { id, outs } = await agent.create({
      siteId,
      scanTopics: "never",
      customInstructions: "Be brief.",
    });
    await editByHand(siteId, (doc) => (doc.findings!.changeRequests = "always"));
    await emu.clearRequests();
    await agent.delete(id, outs);
    expect((await writes(emu)).map((r) => r.method)).toEqual(["PUT"]);
    expect(await held(siteId)).toEqual({
      object: "site-agent-settings",
      scans: { topics: "auto" },
      findings: { changeRequests: "always" },
      editing: { customInstructions: textDocument("") },
    });
  });

  test("the provider's defaults are the emulator's", () => {
    expect(DEFAULT_AGENT_SETTINGS).toEqual({
      scans: { topics: EMULATOR_DEFAULTS.scanTopics },
      findings: { changeRequests: EMULATOR_DEFAULTS.findingChangeRequests },
      editing: { customInstructions: EMULATOR_DEFAULTS.customInstructions },
    });
  });

  test("the service's own client reads what the provider wrote", async () => {
    const siteId = await newSite();
    await agent.create({ siteId, scanTopics: "never", customInstructions: "Cite the API." });
    const client = gitbookApi(emu) as unknown as HostedClient;
    const got = (await client.orgs.getSiteAgentSettingsById(emu.organizationId, siteId)).data;
    expect(got.scans).toEqual({ topics: "never" });
    expect(got.editing).toEqual({ customInstructions: textDocument("Cite the API.") });
  });
});
