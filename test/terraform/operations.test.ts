/**
 * The OpenTofu door's operations (provider/terraform/operations.ts), in-process against an
 * in-memory emulator, driven as OpenTofu drives a provider (internal/tofu's plan and apply walks):
 * the proposed new state built from the configuration and the prior state, a plan, an apply, and
 * Terraform's own consistency rules checked on every answer:
 * - a planned value of an attribute the configuration sets equals the configuration's;
 * - the applied state equals the plan wherever the plan was known ("Provider produced
 *   inconsistent result after apply");
 * - a plan of the same configuration after apply, after a refresh and after an import is no change.
 * Every kind of the kind contract's samples (test/contract/examples.ts) runs the whole cycle.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type Prepared, type RawApi, FULL_SAMPLES } from "../contract/examples.ts";
import { DIFFERING_LEAVES_ONLY } from "../contract/generated-inputs.ts";
// The plugin door, compiled (`npm run build`), in this process: its check, for the same words.
import { checkResource } from "../contract/doors.ts";
import { requestCounts } from "../contract/emulator-setup.ts";
import { ID_ATTRIBUTE, type TerraformOperations, terraformOperations } from "../../provider/terraform/operations.ts";
import { computedInputKeys, heldWhenLeftOutKeys } from "../../provider/terraform/schema.ts";
import { UNKNOWN, containsUnknown } from "../../provider/adapter/unknowns.ts";
import { KINDS } from "../../provider/resources/kinds.ts";
import { byId } from "../../provider/adapter/import-ids.ts";
import { jsonEqual } from "../../provider/adapter/values.ts";
import { resourceTypeOf, type TfAttribute } from "../../provider/terraform/schema.ts";

type Bag = Record<string, any>;

let emulator: Emulator;
let api: RawApi;
let ops: TerraformOperations;
let journalDirectory: string;
let settings: Bag;

async function requestCount(): Promise<number> {
  return ((await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { total: number }).total;
}

/** The API's write requests (any method but GET) so far. */
async function writeCount(): Promise<number> {
  const { counts } = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { counts: Record<string, number> };
  return Object.entries(counts).reduce((sum, [route, count]) => (route.startsWith("GET ") ? sum : sum + count), 0);
}

const inputKeys = (kind: string) => Object.keys(KINDS.find((definition) => definition.kind === kind)!.schema.shape);
const isInput = (kind: string, key: string) => key !== ID_ATTRIBUTE && inputKeys(kind).includes(key);

/**
 * OpenTofu's proposed new state (objchange.ProposedNew): the configuration's value of every
 * attribute it sets; the prior's of a computed attribute it leaves null (the id, the server's
 * fields, and `organizationId`, optional and computed: the provider's default fills it), at every
 * depth of a nested object (a customization's leaves the configuration leaves out).
 */
function proposedNew(kind: string, prior: Bag | null, config: Bag): Bag {
  const proposed: Bag = {};
  for (const [key, value] of Object.entries(prior ?? {})) if (!isInput(kind, key) || (key === "organizationId" && config.organizationId === undefined)) proposed[key] = value;
  for (const [key, value] of Object.entries(config)) if (value !== undefined && value !== null) proposed[key] = value;
  return withPriorOfComputed(resourceTypeOf(kind)!.block.attributes, prior, proposed);
}

const isPlainObject = (value: unknown): value is Bag => typeof value === "object" && value !== null && !Array.isArray(value) && !containsUnknown(value);

/** `proposed` with the prior's value of each computed attribute it leaves null, inside nested objects too. */
function withPriorOfComputed(attributes: readonly TfAttribute[], prior: Bag | null, proposed: Bag): Bag {
  if (!prior) return proposed;
  const merged: Bag = { ...proposed };
  for (const attribute of attributes) {
    const key = attribute.coreName ?? attribute.name;
    const [before, after] = [prior[key], proposed[key]];
    if ((after === undefined || after === null) && attribute.computed && before !== undefined && before !== null) merged[key] = before;
    else if (attribute.nestedType?.nesting === "single" && isPlainObject(before) && isPlainObject(after))
      merged[key] = withPriorOfComputed(attribute.nestedType.attributes, before, after);
  }
  return merged;
}

/**
 * A value as OpenTofu hands it to the provider, by the attributes of the door's schema: a set's
 * elements deduplicated and in cty's order (a set of strings iterates sorted), whatever order the
 * configuration wrote. Everything else as written.
 */
function asOpenTofuGivesIt(attributes: readonly TfAttribute[], value: Bag): Bag {
  const converted: Bag = { ...value };
  for (const attribute of attributes) {
    const key = attribute.coreName ?? attribute.name;
    const member = value[key];
    if (member === undefined || member === null || containsUnknown(member)) continue;
    const nested = attribute.nestedType;
    if (Array.isArray(attribute.type) && attribute.type[0] === "set" && attribute.type[1] === "string") converted[key] = [...new Set(member as string[])].sort();
    else if (nested?.nesting === "single") converted[key] = asOpenTofuGivesIt(nested.attributes, member);
    else if (nested?.nesting === "list" || nested?.nesting === "set") converted[key] = (member as Bag[]).map((item) => asOpenTofuGivesIt(nested.attributes, item));
  }
  return converted;
}

/** A configuration of `kind` as OpenTofu gives it to the provider (its sets in cty's order). */
const configured = (kind: string, config: Bag): Bag => asOpenTofuGivesIt(resourceTypeOf(kind)!.block.attributes, config);

/** Absent and null are one value to Terraform (every attribute is present, null when unset); an object's attributes have no order. */
const same = (a: unknown, b: unknown) => jsonEqual(a ?? null, b ?? null);

/**
 * What OpenTofu checks of a plan: every input the configuration sets is planned as written, every
 * other is null unless its attribute is computed (the organization, a default, an input the state
 * describes: computedInputKeys).
 */
function expectValidPlan(kind: string, config: Bag, planned: Bag): void {
  const attributes = resourceTypeOf(kind)!.block.attributes;
  const check = (attributes: readonly TfAttribute[], config: Bag, planned: Bag, path: string, computed: readonly string[]) => {
    for (const attribute of attributes) {
      const key = attribute.coreName ?? attribute.name;
      if (!attribute.nestedType && !attribute.type) continue;
      const [given, plannedValue] = [config[key], planned[key]];
      if ((given === undefined || given === null) && (attribute.computed || computed.includes(key))) continue;
      if (attribute.nestedType?.nesting === "single" && isPlainObject(given) && isPlainObject(plannedValue))
        check(attribute.nestedType.attributes, given, plannedValue, `${path}${key}.`, []);
      else expect(same(plannedValue, given), `${kind}: planned ${path}${key} ${JSON.stringify(plannedValue)}, configuration ${JSON.stringify(given)}`).toBe(true);
    }
  };
  check(
    attributes.filter((attribute) => isInput(kind, attribute.coreName ?? attribute.name)),
    config,
    planned,
    "",
    computedInputKeys(kind),
  );
}

/** What OpenTofu checks of an apply: the state equals the plan wherever the plan was known. */
function expectConsistent(kind: string, planned: Bag, state: Bag): void {
  for (const key of new Set([...Object.keys(planned), ...Object.keys(state)])) {
    if (containsUnknown(planned[key])) continue;
    expect(same(state[key], planned[key]), `${kind}: applied ${key} ${JSON.stringify(state[key])}, planned ${JSON.stringify(planned[key])}`).toBe(true);
  }
  expect(containsUnknown(state), `${kind}: an unknown left in the applied state`).toBe(false);
}

/** A resource as OpenTofu keeps it: its state and the provider's private bytes beside it. */
interface Kept {
  state: Bag;
  privateState: Uint8Array;
}

const NONE = new Uint8Array();

/** A plan then an apply of `config` over `prior`, as `tofu apply` runs it, every rule checked. */
async function applyConfig(kind: string, prior: Kept | null, config: Bag): Promise<Kept> {
  const plan = await ops.planResource(kind, prior?.state ?? null, proposedNew(kind, prior?.state ?? null, config), prior?.privateState ?? NONE);
  expect(plan.diagnostics).toEqual([]);
  expectValidPlan(kind, config, plan.planned!);
  const applied = await ops.applyResource(kind, prior?.state ?? null, plan.planned, plan.privateState);
  expect(applied.diagnostics).toEqual([]);
  expectConsistent(kind, plan.planned!, applied.state!);
  return { state: applied.state!, privateState: applied.privateState };
}

/** A plan of `config` over `prior` that must find no change: the prior state itself. */
async function expectNoChange(kind: string, { state: prior, privateState }: Kept, config: Bag, ignored: readonly string[] = []): Promise<void> {
  const plan = await ops.planResource(kind, prior, proposedNew(kind, prior, config), privateState);
  expect(plan.diagnostics).toEqual([]);
  expect(plan.requiresReplace).toEqual([]);
  const without = (bag: Bag) => Object.fromEntries(Object.entries(bag).filter(([key, value]) => !ignored.includes(key) && value !== null && value !== undefined));
  expect(without(plan.planned!)).toEqual(without(prior));
}

beforeAll(async () => {
  journalDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "tofu-ops-journal-"));
  process.env.DOCS_PLATFORM_JOURNAL_DIR = journalDirectory;
  emulator = await startEmulator({ db: ":memory:", openapiProcessingMs: 60_000 });
  const organization = emulator.fixture.organizations[0];
  const adminToken = organization.admin.token;
  api = {
    organizationId: organization.id,
    spaceIds: organization.spaceIds,
    tokenOf: (userId) => emulator.fixture.users.find((user) => user.id === userId)!.token,
    async request(method, route, body, token = adminToken) {
      const response = await fetch(`${emulator.url}${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
    },
  };
  ops = terraformOperations();
  settings = { apiUrl: emulator.url, token: adminToken, organizationId: organization.id };
  expect(await ops.configure(settings)).toEqual([]);
});

/**
 * What a new provider process starts with (each `tofu` command starts its own): a new client,
 * none of the lists a refresh shares. The core rebuilds them for a configuration that differs.
 */
async function startOver(): Promise<void> {
  settings = { ...settings, requestTimeoutMs: Number(settings.requestTimeoutMs ?? 30_000) + 1 };
  expect(await ops.configure(settings)).toEqual([]);
}

afterAll(async () => {
  await ops?.stop();
  await emulator?.close();
  fs.rmSync(journalDirectory, { recursive: true, force: true });
});

describe("configure", () => {
  it("refuses a malformed configuration with a diagnostic naming the key in the provider block's words, and never the token's value", async () => {
    const other = terraformOperations();
    const diagnostics = await other.configure({ apiUrl: "ftp://example.com", token: "secret with space" });
    expect(diagnostics.map((diagnostic) => diagnostic.attribute)).toEqual([["apiUrl"], ["token"]]);
    expect(diagnostics[0].summary).toBe(
      "Malformed configuration `api_url`: expected an http(s) URL such as https://api.example.com/v1. Set it with the provider's `api_url` or the environment variable DOCS_PLATFORM_API_URL.",
    );
    expect(JSON.stringify(diagnostics)).not.toContain("secret with space");
    expect(JSON.stringify(diagnostics)).not.toContain("pulumi");
    expect((await other.configure({ apiUrl: emulator.url, token: 42 })).map((diagnostic) => diagnostic.attribute)).toEqual([["token"]]);
  });

  it("never sends the environment's token to an API a later configuration names, unless that configuration gives its own token", async () => {
    const saved = process.env.DOCS_PLATFORM_TOKEN;
    const elsewhere = await startEmulator({ db: ":memory:" });
    try {
      process.env.DOCS_PLATFORM_TOKEN = settings.token as string;
      const door = terraformOperations();
      expect(await door.configure({ apiUrl: settings.apiUrl, organizationId: settings.organizationId })).toEqual([]);
      await fetch(`${elsewhere.controlUrl}/requests`, { method: "DELETE" });
      const moved = await door.configure({ apiUrl: elsewhere.url, organizationId: settings.organizationId });
      expect(moved.map((diagnostic) => [diagnostic.attribute, diagnostic.summary])).toEqual([
        [
          ["apiUrl"],
          `\`api_url\`: this provider was configured for ${settings.apiUrl as string}; a later configuration names ${elsewhere.url} and gives no \`token\` of its own. ` +
            "The environment's DOCS_PLATFORM_TOKEN goes only to the API the provider was first configured for: give this configuration its own `token`.",
        ],
      ]);
      // Still the first API's: a plan reads the organization there, not at the other one.
      const plan = await door.planResource("Team", null, { title: "Stays home" }, new Uint8Array());
      expect(plan.diagnostics.filter((diagnostic) => diagnostic.severity === "error")).toEqual([]);
      expect((await requestCounts(elsewhere)).total).toBe(0);
      // With its own token, a later configuration may move the process to another API.
      expect(await door.configure({ apiUrl: elsewhere.url, token: elsewhere.fixture.organizations[0].admin.token })).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.DOCS_PLATFORM_TOKEN;
      else process.env.DOCS_PLATFORM_TOKEN = saved;
      await elsewhere.close();
    }
  });

  it("takes the API and the token from the environment when the provider block leaves them out", async () => {
    const saved = { url: process.env.DOCS_PLATFORM_API_URL, token: process.env.DOCS_PLATFORM_TOKEN };
    try {
      delete process.env.DOCS_PLATFORM_API_URL;
      delete process.env.DOCS_PLATFORM_TOKEN;
      const missing = await terraformOperations().configure({});
      expect(missing.map((diagnostic) => diagnostic.attribute)).toEqual([["apiUrl"], ["token"]]);
      process.env.DOCS_PLATFORM_API_URL = settings.apiUrl;
      process.env.DOCS_PLATFORM_TOKEN = settings.token;
      expect(await terraformOperations().configure({ requestTimeoutMs: settings.requestTimeoutMs })).toEqual([]);
    } finally {
      for (const [key, value] of [
        ["DOCS_PLATFORM_API_URL", saved.url],
        ["DOCS_PLATFORM_TOKEN", saved.token],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});

describe("plan", () => {
  it("fills organization_id from the provider's, and says how to set it when the provider has none, with 0 requests", async () => {
    const config = { title: "Provider's organization" };
    const plan = await ops.planResource("Team", null, config, NONE);
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toMatchObject({ title: config.title, organizationId: api.organizationId, id: UNKNOWN });

    const saved = process.env.DOCS_PLATFORM_ORGANIZATION_ID;
    delete process.env.DOCS_PLATFORM_ORGANIZATION_ID;
    try {
      const without = terraformOperations();
      expect(await without.configure({ apiUrl: settings.apiUrl, token: settings.token, requestTimeoutMs: settings.requestTimeoutMs })).toEqual([]);
      const before = await requestCount();
      const refused = await without.planResource("Team", null, config, NONE);
      expect(refused.planned).toBeNull();
      expect(refused.diagnostics).toEqual([
        {
          severity: "error",
          summary:
            "docsplatform_team: `organization_id` is not set. Give it in the resource, or set the provider's `organization_id` (or the environment variable DOCS_PLATFORM_ORGANIZATION_ID).",
          detail: "",
          attribute: ["organizationId"],
        },
      ]);
      expect(await requestCount()).toBe(before);
    } finally {
      if (saved !== undefined) process.env.DOCS_PLATFORM_ORGANIZATION_ID = saved;
    }
  });

  it("plans with values still unknown (another resource's id): unknown where the configuration is, with 0 requests", async () => {
    const before = await requestCount();
    const plan = await ops.planResource("SiteCustomization", null, { organizationId: api.organizationId, siteId: UNKNOWN, title: "Unknown site" }, NONE);
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toMatchObject({ siteId: UNKNOWN, title: "Unknown site", id: UNKNOWN });
    expect(await requestCount()).toBe(before);
  });

  it("plans an unknown input of an existing object as an update, or a replacement for a replace-on-change input", async () => {
    const team = await applyConfig("Team", null, { organizationId: api.organizationId, title: "Unknowns" });
    const renamed = await ops.planResource("Team", team.state, { ...team.state, title: UNKNOWN }, team.privateState);
    expect(renamed.diagnostics).toEqual([]);
    expect(renamed.requiresReplace).toEqual([]);
    expect(renamed.planned).toMatchObject({ title: UNKNOWN, id: team.state.id, createdAt: UNKNOWN });
    const moved = await ops.planResource("Team", team.state, { ...team.state, organizationId: UNKNOWN }, team.privateState);
    expect(moved.requiresReplace).toEqual([["organizationId"]]);
    expect(moved.planned).toMatchObject({ id: UNKNOWN });
    await ops.applyResource("Team", team.state, null, NONE);
  });

  it("fails a create whose natural key the API refuses twice at plan, as a preview does, sending no write", async () => {
    const config = { organizationId: api.organizationId, slug: "petstore-taken", source: { url: "https://specs.example.com/taken.yaml" }, waitForProcessing: false };
    const made = await applyConfig("OpenApiSpec", null, config);
    const writes = await writeCount();
    const second = await ops.planResource("OpenApiSpec", null, { ...config, source: { url: "https://specs.example.com/other.yaml" } }, NONE);
    expect(second.planned).toBeNull();
    expect(second.diagnostics.map((diagnostic) => diagnostic.severity)).toEqual(["error"]);
    expect(second.diagnostics[0].summary).toContain("petstore-taken");
    expect(await writeCount()).toBe(writes);
    await ops.applyResource("OpenApiSpec", made.state, null, NONE);
  });

  it("warns of an existing object of the same title a create could adopt, and plans the create", async () => {
    const title = "Warned writers";
    const existing = (await api.request("PUT", `/orgs/${api.organizationId}/teams`, { title, members: [] })).body.id as string;
    // A plan looks among what existed when its process started: a new `tofu plan`.
    await startOver();
    const plan = await ops.planResource("Team", null, { organizationId: api.organizationId, title }, NONE);
    expect(plan.planned).not.toBeNull();
    expect(plan.diagnostics.map((diagnostic) => diagnostic.severity)).toEqual(["warning"]);
    expect(plan.diagnostics[0].summary).toBe(
      `a team with the same title within the organization already exists (${existing}): \`tofu apply\` creates another one beside it. ` +
        `To manage the existing one instead, import it with an \`import\` block (\`id = "${existing}"\`), unless another resource of this configuration already manages it.`,
    );
  });

  it("fails a second resource managing a singleton another resource of the run manages, naming both, with 0 writes", async () => {
    const siteId = (await api.request("POST", `/orgs/${api.organizationId}/sites`, { title: "Twice customized" })).body.id as string;
    const writes = await writeCount();
    const first = await ops.planResource("SiteCustomization", null, { organizationId: api.organizationId, siteId, title: "First" }, NONE);
    expect(first.diagnostics).toEqual([]);
    const second = await ops.planResource("SiteCustomization", null, { organizationId: api.organizationId, siteId, title: "Second" }, NONE);
    expect(second.planned).toBeNull();
    expect(second.diagnostics[0].summary).toMatch(
      new RegExp(
        `^docsplatform_site_customization "new [0-9a-f]{16}" and docsplatform_site_customization "new [0-9a-f]{16}" both manage the customization of site ${siteId}: ` +
          "a site has one customization, so every apply would undo the other's changes. Declare one docsplatform_site_customization per site.$",
      ),
    );
    expect(await writeCount()).toBe(writes);
  });
});

describe("requests a plan sends", () => {
  it("a create plan reads what a preview reads (the organization, the natural key's list), once a process; an update or no-change plan none", async () => {
    await startOver();
    const counts: number[] = [];
    let before = await requestCount();
    const count = async () => {
      const now = await requestCount();
      counts.push(now - before);
      before = now;
    };
    await ops.planResource("Team", null, { organizationId: api.organizationId, title: "Counted 1" }, NONE);
    await count();
    await ops.planResource("Team", null, { organizationId: api.organizationId, title: "Counted 2" }, NONE);
    await count();
    const team = await applyConfig("Team", null, { organizationId: api.organizationId, title: "Counted 3" });
    before = await requestCount();
    await expectNoChange("Team", team, { organizationId: api.organizationId, title: "Counted 3" });
    await count();
    await ops.planResource("Team", team.state, { ...team.state, title: "Counted 4" }, team.privateState);
    await count();
    expect(counts).toEqual([2, 0, 0, 0]);
    await ops.applyResource("Team", team.state, null, NONE);
  });
});

describe("apply", () => {
  it("returns a partial create's state with the error, so OpenTofu keeps the object (tainted) instead of losing it", async () => {
    const config = { organizationId: api.organizationId, title: "Half made", members: ["nobody@acme.test"] };
    const plan = await ops.planResource("Team", null, config, NONE);
    expect(plan.diagnostics).toEqual([]);
    const applied = await ops.applyResource("Team", null, plan.planned, plan.privateState);
    expect(applied.diagnostics.map((diagnostic) => diagnostic.severity)).toEqual(["error"]);
    expect(applied.state).toMatchObject({ id: expect.any(String), title: "Half made", members: [] });
    expect((await api.request("GET", `/orgs/${api.organizationId}/teams/${String(applied.state!.id)}`)).status).toBe(200);
    await ops.applyResource("Team", applied.state, null, NONE);
  });

  it("finishes a tainted partial create under its id when the next apply replaces it, as OpenTofu drives the replacement: 0 deletes, 0 new objects", async () => {
    const title = "Finished, not replaced";
    const config = { organizationId: api.organizationId, title, members: ["ada@acme.test"] };
    // The first apply: the team is made, adding its member by email answers 503 (no retry).
    const firstApply = terraformOperations();
    expect(await firstApply.configure({ ...settings, maxRetries: 0 })).toEqual([]);
    const plan = await firstApply.planResource("Team", null, config, NONE);
    emulator.setFaults({ match: "PUT /v1/orgs/{organizationId}/teams/{teamId}/members", errorRate: 1 });
    let partial;
    try {
      partial = await firstApply.applyResource("Team", null, plan.planned, plan.privateState);
    } finally {
      emulator.setFaults({});
    }
    expect(partial.diagnostics.map((diagnostic) => diagnostic.severity)).toEqual(["error"]);
    const id = String(partial.state!.id);

    // The next `tofu apply`: its plan walk (a process of its own) refreshes the tainted object with
    // its private state, then plans its create with a null prior and no private state
    // (internal/tofu `plan`, `priorValTainted`).
    const planWalk = terraformOperations();
    expect(await planWalk.configure(settings)).toEqual([]);
    const refreshed = await planWalk.readResource("Team", partial.state!, partial.privateState);
    expect(refreshed.state).toMatchObject({ id, members: [] });
    const replacement = await planWalk.planResource("Team", null, config, NONE);
    expect(replacement.diagnostics.map(({ severity, summary }) => [severity, summary])).toEqual([
      ["warning", `${id} is tainted because its create did not finish: this apply finishes it under the same id and deletes nothing, although the plan shows it replaced.`],
    ]);
    expectValidPlan("Team", config, replacement.planned!);

    // The apply walk (another process): the delete half, then the create half, both given the
    // create plan's private bytes (plans.ResourceInstanceChange.Simplify).
    const applyWalk = terraformOperations();
    expect(await applyWalk.configure(settings)).toEqual([]);
    const writes = await writeCount();
    const deleted = await applyWalk.applyResource("Team", refreshed.state, null, replacement.privateState);
    expect(deleted).toEqual({ state: null, privateState: NONE, diagnostics: [] });
    expect(await writeCount()).toBe(writes);
    const created = await applyWalk.applyResource("Team", null, replacement.planned, replacement.privateState);
    expect(created.diagnostics).toEqual([]);
    expect(created.state).toMatchObject({ id, members: ["ada@acme.test"] });
    expectConsistent("Team", replacement.planned!, created.state!);
    const teams = ((await api.request("GET", `/orgs/${api.organizationId}/teams`)).body.items as Bag[]).filter((team) => team.title === title);
    expect(teams.map((team) => team.id)).toEqual([id]);
    await expectNoChange("Team", { state: created.state!, privateState: created.privateState }, config);
    await ops.applyResource("Team", created.state, null, NONE);
  });

  it("replaces a tainted object that is no partial create (`tofu taint` by hand): the delete half deletes it", async () => {
    const config = { organizationId: api.organizationId, title: "Tainted by hand" };
    const team = await applyConfig("Team", null, config);
    const planWalk = terraformOperations();
    expect(await planWalk.configure(settings)).toEqual([]);
    const refreshed = await planWalk.readResource("Team", team.state, team.privateState);
    const replacement = await planWalk.planResource("Team", null, config, NONE);
    expect(replacement.diagnostics.map((diagnostic) => diagnostic.summary).join("\n")).not.toContain("is tainted");
    const deleted = await planWalk.applyResource("Team", refreshed.state, null, replacement.privateState);
    expect(deleted.diagnostics).toEqual([]);
    expect((await api.request("GET", `/orgs/${api.organizationId}/teams/${String(team.state.id)}`)).status).toBe(404);
  });

  it.each([
    ["Team", "teams"],
    ["Site", "sites"],
  ])("takes over the %s an apply killed after its create made it, when the next apply plans the same create: 0 duplicates", async (kind, collection) => {
    const title = `${kind} made before the kill`;
    const config = { organizationId: api.organizationId, title };
    // The killed apply: the create answered, OpenTofu never wrote the state.
    const killed = await applyConfig(kind, null, config);
    // The next `tofu apply`: a new provider process plans and applies the create again.
    await startOver();
    const next = terraformOperations();
    expect(await next.configure(settings)).toEqual([]);
    const plan = await next.planResource(kind, null, config, NONE);
    // The plan knows the interrupted create: no warning of an existing object of that title.
    expect(plan.diagnostics).toEqual([]);
    const writes = await writeCount();
    const applied = await next.applyResource(kind, null, plan.planned, plan.privateState);
    expect(applied.diagnostics).toEqual([]);
    expect(applied.state!.id).toBe(killed.state.id);
    expect(await writeCount()).toBe(writes);
    const objects = (await api.request("GET", `/orgs/${api.organizationId}/${collection}`)).body.items as Bag[];
    expect(objects.filter((object) => object.title === title)).toHaveLength(1);
    await next.applyResource(kind, applied.state, null, NONE);
  });
});

describe("inputs a create alone reads, inputs the state also describes, defaults", () => {
  it("lists the inputs whose attributes are optional and computed", () => {
    expect(computedInputKeys("Site")).toEqual(["organizationId", "type", "spaces"]);
    expect(computedInputKeys("Team")).toEqual(["organizationId", "members"]);
    expect(computedInputKeys("TeamMember")).toEqual(["organizationId", "role"]);
  });

  it("adopt is held as written while given, and dropped with no change when taken out", async () => {
    const config = { organizationId: api.organizationId, title: "Adopted or made", adopt: true };
    const team = await applyConfig("Team", null, config);
    expect(team.state.adopt).toBe(true);
    await expectNoChange("Team", team, config);
    const { adopt: _adopt, ...without } = config;
    const dropped = await applyConfig("Team", team, without);
    expect(dropped.state.id).toBe(team.state.id);
    expect(dropped.state.adopt).toBeUndefined();
    await expectNoChange("Team", dropped, without);
    await ops.applyResource("Team", dropped.state, null, NONE);
  });

  it("a site created with spaces keeps them as written while the site gains another; a site without keeps what the API says", async () => {
    const config = { organizationId: api.organizationId, title: "Spaces as written", spaces: [api.spaceIds[0]] };
    const site = await applyConfig("Site", null, config);
    expect((await api.request("POST", `/orgs/${api.organizationId}/sites/${site.state.id}/site-spaces`, { spaceId: api.spaceIds[1] })).status).toBeLessThan(300);
    await startOver();
    const read = await ops.readResource("Site", site.state, site.privateState);
    expect(read.diagnostics).toEqual([]);
    await expectNoChange("Site", { state: read.state!, privateState: read.privateState }, config);
    const renamed = await applyConfig("Site", { state: read.state!, privateState: read.privateState }, { ...config, title: "Spaces, renamed" });
    await expectNoChange("Site", renamed, { ...config, title: "Spaces, renamed" });
    await ops.applyResource("Site", renamed.state, null, NONE);

    const bare = { organizationId: api.organizationId, title: "Spaces from the API" };
    const other = await applyConfig("Site", null, bare);
    await expectNoChange("Site", other, bare);
    await ops.applyResource("Site", other.state, null, NONE);
  });

  it("a team's members left out are not managed: no change whoever joins", async () => {
    const config = { organizationId: api.organizationId, title: "Members left out" };
    const team = await applyConfig("Team", null, config);
    expect((await api.request("PUT", `/orgs/${api.organizationId}/teams/${team.state.id}/members/usr-acme-editor`, {})).status).toBeLessThan(300);
    await startOver();
    const read = await ops.readResource("Team", team.state, team.privateState);
    await expectNoChange("Team", { state: read.state!, privateState: read.privateState }, config);
    const listed = await applyConfig("Team", { state: read.state!, privateState: read.privateState }, { ...config, members: ["eli@acme.test", "usr-acme-editor"] });
    await expectNoChange("Team", listed, { ...config, members: ["eli@acme.test", "usr-acme-editor"] });
    await ops.applyResource("Team", listed.state, null, NONE);
  });
});

describe("inputs a configuration leaves to the API (issue 48: an import returns what a create and a refresh return)", () => {
  /** A create of `config` whose plan leaves each input the API settles unknown, then the refresh and the import of what it made: each the applied state. */
  async function expectHeldAsImported(kind: string, config: Bag, leftOut: readonly string[]): Promise<Kept> {
    const plan = await ops.planResource(kind, null, proposedNew(kind, null, config), NONE, config);
    expect(plan.diagnostics).toEqual([]);
    for (const key of leftOut) expect({ [key]: plan.planned![key] }).toEqual({ [key]: UNKNOWN });
    const created = await ops.applyResource(kind, null, plan.planned, plan.privateState, config);
    expect(created.diagnostics).toEqual([]);
    expectConsistent(kind, plan.planned!, created.state!);
    for (const key of leftOut) expect(created.state![key], `${kind}.${key} after the create`).toBeDefined();
    // Another process, as each `tofu` command is: the refresh and the import read anew.
    await startOver();
    const refreshed = await ops.readResource(kind, created.state!, created.privateState);
    expect(refreshed.state).toEqual(created.state);
    const imported = await ops.importResource(
      kind,
      (KINDS.find((definition) => definition.kind === kind)!.importId ?? byId).format(String(created.state![ID_ATTRIBUTE]), created.state!),
    );
    const read = await ops.readResource(kind, imported.state!, imported.privateState);
    expect(read.state).toEqual(created.state);
    await expectNoChange(kind, { state: read.state!, privateState: imported.privateState }, config);
    return { state: created.state!, privateState: created.privateState };
  }

  it("holds them after a create and a refresh as the import holds them (a space's settings, a section's title, path and default site space)", async () => {
    expect(heldWhenLeftOutKeys("SiteSection")).toEqual(["title", "icon", "path", "description", "defaultSiteSpace"]);
    const space = await expectHeldAsImported("Space", { organizationId: api.organizationId, title: "Settings left to the API" }, ["emoji", "editMode", "mergeRules"]);
    const site = await applyConfig("Site", null, { organizationId: api.organizationId, title: "Sections left to the API" });
    const section = await expectHeldAsImported("SiteSection", { organizationId: api.organizationId, siteId: site.state.id, spaceId: space.state.id }, [
      "title",
      "path",
      "defaultSiteSpace",
    ]);
    expect(section.state.defaultSiteSpace).toBe(section.state.siteSpaceId);
    await ops.applyResource("Site", site.state, null, NONE);
    await ops.applyResource("Space", space.state, null, NONE);
  });
});

describe("a structure's containers a configuration leaves out (issue 48: it orders only what it names)", () => {
  it("plans no change after an import of the whole structure, the state keeping them as read; an order it names changes only that container", async () => {
    const siteId = (await api.request("POST", `/orgs/${api.organizationId}/sites`, { title: "Structure named in part" })).body.id as string;
    const sections: string[] = [];
    for (const title of ["Named", "Other", "Third"]) {
      const spaceId = (await api.request("POST", `/orgs/${api.organizationId}/spaces`, { title: `${title} space` })).body.id as string;
      sections.push((await api.request("POST", `/orgs/${api.organizationId}/sites/${siteId}/sections`, { spaceId, title })).body.id as string);
    }
    const [named, other, third] = sections;
    const spaceId = (await api.request("POST", `/orgs/${api.organizationId}/spaces`, { title: "Second of Named" })).body.id as string;
    expect((await api.request("POST", `/orgs/${api.organizationId}/sites/${siteId}/site-spaces`, { spaceId, sectionId: named })).status).toBeLessThan(300);
    await startOver();
    const imported = await ops.importResource("SiteStructure", siteId);
    expect(imported.diagnostics).toEqual([]);
    const read = await ops.readResource("SiteStructure", imported.state!, imported.privateState);
    const whole = read.state!;
    expect((whole.sections as Bag[]).map((entry) => entry.sectionId)).toEqual([named, other, third]);
    const [first, second] = (whole.sections as Bag[])[0].siteSpaces as string[];

    // The configuration names the top level and one section's site spaces, in the order they have.
    const config = { organizationId: api.organizationId, siteId, root: [named, other, third], sections: [{ sectionId: named, siteSpaces: [first, second] }] };
    const plan = await ops.planResource("SiteStructure", whole, proposedNew("SiteStructure", whole, config), read.privateState, config);
    expect(plan.diagnostics).toEqual([]);
    expect(plan.requiresReplace).toEqual([]);
    expect(plan.planned).toEqual(whole);

    // A new order of what it names: planned as written (Terraform holds a plan to the
    // configuration), applied, and only that container moves.
    const writes = await writeCount();
    const reordered = { ...config, sections: [{ sectionId: named, siteSpaces: [second, first] }] };
    const update = await ops.planResource("SiteStructure", whole, proposedNew("SiteStructure", whole, reordered), read.privateState, reordered);
    expect(update.diagnostics).toEqual([]);
    expect(update.planned!.sections).toEqual(reordered.sections);
    const applied = await ops.applyResource("SiteStructure", whole, update.planned, update.privateState, reordered);
    expect(applied.diagnostics).toEqual([]);
    expectConsistent("SiteStructure", update.planned!, applied.state!);
    expect((await writeCount()) - writes).toBe(1);
    const tree = (await api.request("GET", `/orgs/${api.organizationId}/sites/${siteId}/structure`)).body as { structure: { id: string; siteSpaces?: { id: string }[] }[] };
    expect(tree.structure.map((node) => node.id)).toEqual([named, other, third]);
    expect(tree.structure[0].siteSpaces!.map((siteSpace) => siteSpace.id)).toEqual([second, first]);
    await expectNoChange("SiteStructure", { state: applied.state!, privateState: applied.privateState }, reordered);
  });
});

describe("leaves a configuration leaves to the server", () => {
  it("a customization's leaf left out is optional and computed: an import holding it plans no change", async () => {
    const styling = resourceTypeOf("SiteCustomization")!.block.attributes.find((attribute) => attribute.name === "styling")!;
    expect(styling.computed).toBe(true);
    expect(styling.nestedType!.attributes.find((attribute) => attribute.name === "depth")!.computed).toBe(true);
    const siteId = (await api.request("POST", `/orgs/${api.organizationId}/sites`, { title: "Leaves left out" })).body.id as string;
    const first = { organizationId: api.organizationId, siteId, styling: { font: "Acme Sans", depth: "flat" } };
    const customized = await applyConfig("SiteCustomization", null, first);
    // The configuration stops declaring the depth: the server keeps it, and so does the state.
    const second = { organizationId: api.organizationId, siteId, styling: { font: "Acme Sans" } };
    const kept = await applyConfig("SiteCustomization", customized, second);
    expect(kept.state.styling).toEqual({ font: "Acme Sans", depth: "flat" });
    await expectNoChange("SiteCustomization", kept, second);
    const imported = await ops.importResource("SiteCustomization", `${siteId}`);
    expect(imported.diagnostics).toEqual([]);
    const read = await ops.readResource("SiteCustomization", imported.state!, imported.privateState);
    expect(read.state!.styling).toMatchObject({ font: "Acme Sans", depth: "flat" });
    await expectNoChange("SiteCustomization", { state: read.state!, privateState: kept.privateState }, second);
    await ops.applyResource("SiteCustomization", kept.state, null, NONE);
  });
});

describe("replacements, imports and what a configuration leaves out (issue 48)", () => {
  it("a replacement's create half is planned under the replaced resource's name: one owner of the member, no conflict", async () => {
    const first = { organizationId: api.organizationId, email: "eli@acme.test", role: "comment" };
    const member = await applyConfig("OrganizationMember", null, first);
    await startOver();
    const second = { organizationId: api.organizationId, userId: "usr-acme-editor", role: "comment" };
    const plan = await ops.planResource("OrganizationMember", member.state, proposedNew("OrganizationMember", member.state, second), member.privateState, second);
    expect(plan.diagnostics).toEqual([]);
    expect(plan.requiresReplace).toEqual(expect.arrayContaining([["userId"]]));
    // OpenTofu then plans the new object with no prior, giving it the first plan's private bytes.
    const create = await ops.planResource("OrganizationMember", null, proposedNew("OrganizationMember", null, second), plan.privateState, second);
    expect(create.diagnostics).toEqual([]);
    // The same name, and the member its create takes over (for the delete half: the next test).
    expect(JSON.parse(new TextDecoder().decode(create.privateState))).toEqual({
      ...JSON.parse(new TextDecoder().decode(member.privateState)),
      takesOver: `member:${api.organizationId}/usr-acme-editor`,
    });
  });

  it("a replacement that deletes first (no create_before_destroy) keeps a member removed on destroy whom the new resource names again, and removes one it does not", async () => {
    /** OpenTofu's DeleteThenCreate of `prior` for `next`: the plan (a new process), then, in another, the delete half with the create plan's private bytes and the create. */
    async function replaceDeletingFirst(prior: Kept, next: Bag): Promise<Kept> {
      await startOver();
      const plan = await ops.planResource("OrganizationMember", prior.state, proposedNew("OrganizationMember", prior.state, next), prior.privateState, next);
      expect(plan.requiresReplace.length).toBeGreaterThan(0);
      const create = await ops.planResource("OrganizationMember", null, proposedNew("OrganizationMember", null, next), plan.privateState, next);
      expect(create.diagnostics).toEqual([]);
      await startOver();
      const deleted = await ops.applyResource("OrganizationMember", prior.state, null, create.privateState);
      expect(deleted).toEqual({ state: null, privateState: NONE, diagnostics: [] });
      // The apply plans the create again, the prior now gone (no private bytes), and applies it.
      return applyConfig("OrganizationMember", null, next);
    }
    const member = (userId: string) => api.request("GET", `/orgs/${api.organizationId}/members/${userId}`);
    const byEmail = { organizationId: api.organizationId, email: "eli@acme.test", role: "edit", removeOnDestroy: true };
    const eli = await applyConfig("OrganizationMember", null, byEmail);
    const writes = await writeCount();
    const byUserId = await replaceDeletingFirst(eli, { organizationId: api.organizationId, userId: "usr-acme-editor", role: "edit", removeOnDestroy: true });
    expect(byUserId.state.id).toBe("usr-acme-editor");
    expect((await member("usr-acme-editor")).status).toBe(200);
    expect((await writeCount()) - writes).toBe(0);

    // Another person: the delete half removes the one the replaced resource named.
    expect((await api.request("POST", `/orgs/${api.organizationId}/join`, undefined, api.tokenOf("usr-outsider"))).status).toBeLessThan(300);
    const outsider = await applyConfig("OrganizationMember", null, { organizationId: api.organizationId, userId: "usr-outsider", removeOnDestroy: true });
    await replaceDeletingFirst(outsider, { organizationId: api.organizationId, email: "rae@acme.test", role: "read" });
    expect((await member("usr-outsider")).status).toBe(404);
    expect((await api.request("POST", `/orgs/${api.organizationId}/join`, undefined, api.tokenOf("usr-outsider"))).status).toBeLessThan(300);
  });

  it("a guest's role is null: left out, the member is made a guest, and an import of the guest plans no change", async () => {
    expect((await api.request("POST", `/orgs/${api.organizationId}/join`, undefined, api.tokenOf("usr-outsider"))).status).toBeLessThan(300);
    expect(resourceTypeOf("OrganizationMember")!.block.attributes.find((attribute) => attribute.name === "role")).toMatchObject({ required: false, optional: true });
    const config = { organizationId: api.organizationId, userId: "usr-outsider" };
    const guest = await applyConfig("OrganizationMember", null, config);
    expect((await api.request("GET", `/orgs/${api.organizationId}/members/usr-outsider`)).body.role ?? null).toBeNull();
    // Imported by another configuration: another provider process.
    await startOver();
    const imported = await ops.importResource("OrganizationMember", "usr-outsider");
    expect(imported.diagnostics).toEqual([]);
    expect(imported.state!.role ?? null).toBeNull();
    await expectNoChange("OrganizationMember", { state: imported.state!, privateState: imported.privateState }, config);
    await ops.applyResource("OrganizationMember", guest.state, null, NONE);
  });

  it("an input a configuration leaves out after an import is not managed: a team's members stay in the state, no change, no way claimed beside a TeamMember", async () => {
    const team = await applyConfig("Team", null, { organizationId: api.organizationId, title: "Imported, members left out" });
    expect((await api.request("PUT", `/orgs/${api.organizationId}/teams/${team.state.id}/members/usr-acme-reader`, {})).status).toBeLessThan(300);
    await startOver();
    const imported = await ops.importResource("Team", team.state.id);
    expect(imported.state!.members).toEqual(["usr-acme-reader"]);
    const config = { organizationId: api.organizationId, title: "Imported, members left out" };
    const plan = await ops.planResource("Team", imported.state, proposedNew("Team", imported.state, config), imported.privateState, config);
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toEqual(imported.state);
    const member = { organizationId: api.organizationId, teamId: team.state.id, userId: "usr-acme-reader" };
    const memberPlan = await ops.planResource("TeamMember", null, proposedNew("TeamMember", null, member), NONE, member);
    expect(memberPlan.diagnostics).toEqual([]);
    // Renamed: the members are still not the core's, and the state keeps them as planned.
    const renamed = { ...config, title: "Imported, renamed" };
    const update = await ops.planResource("Team", imported.state, proposedNew("Team", imported.state, renamed), imported.privateState, renamed);
    expect(update.diagnostics).toEqual([]);
    const applied = await ops.applyResource("Team", imported.state, update.planned, update.privateState, renamed);
    expect(applied.diagnostics).toEqual([]);
    expectConsistent("Team", update.planned!, applied.state!);
    expect(applied.state!.members).toEqual(["usr-acme-reader"]);
    await ops.applyResource("Team", applied.state, null, NONE);
  });

  it("a default left out is the default again, not the value the prior state had", async () => {
    const config = { organizationId: api.organizationId, userId: "usr-acme-reader", role: "read" };
    const member = await applyConfig("OrganizationMember", null, { ...config, removeOnDestroy: true });
    const plan = await ops.planResource("OrganizationMember", member.state, proposedNew("OrganizationMember", member.state, config), member.privateState, config);
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned!.removeOnDestroy).toBe(false);
  });

  it("imports a customization whole: a configuration repeating a default's value plans no change", async () => {
    const siteId = (await api.request("POST", `/orgs/${api.organizationId}/sites`, { title: "Defaults repeated" })).body.id as string;
    const imported = await ops.importResource("SiteCustomization", siteId);
    expect(imported.diagnostics).toEqual([]);
    expect(imported.state!.styling).toMatchObject({ theme: "clean", depth: "subtle", primaryColor: { light: "#346DDB", dark: "#346DDB" } });
    const config = { organizationId: api.organizationId, siteId, styling: { theme: "clean", depth: "subtle" }, pdf: { enabled: true } };
    await expectNoChange("SiteCustomization", { state: imported.state!, privateState: imported.privateState }, config);
  });

  it("imports the adaptive schema of a site that never had one as the empty schema", async () => {
    const siteId = (await api.request("POST", `/orgs/${api.organizationId}/sites`, { title: "No schema yet" })).body.id as string;
    const imported = await ops.importResource("SiteAdaptiveSchema", siteId);
    expect(imported.diagnostics).toEqual([]);
    expect(imported.state!.jsonSchema).toEqual({
      type: "object",
      properties: { unsigned: { type: "object", properties: {}, additionalProperties: false } },
      additionalProperties: false,
    });
    // OpenTofu refreshes what it imported before it plans: still there, still empty.
    const read = await ops.readResource("SiteAdaptiveSchema", imported.state!, imported.privateState);
    expect(read.diagnostics).toEqual([]);
    expect(read.state).toEqual(imported.state);
  });
});

describe("set-like lists", () => {
  it("a merge rule's users are a set to OpenTofu: a space imported after the API sorted them plans no change", async () => {
    const users = ["usr-acme-reader", "usr-acme-editor", "usr-acme-reader"];
    const mergeRules = { type: "rules", rules: [{ rule: "require_specific_reviewers", users }] };
    const usersAttribute = resourceTypeOf("Space")!
      .block.attributes.find((attribute) => attribute.name === "merge_rules")!
      .nestedType!.attributes.find((attribute) => attribute.name === "rules")!
      .nestedType!.attributes.find((attribute) => attribute.name === "users")!;
    expect(usersAttribute.type).toEqual(["set", "string"]);
    // The configuration's set, as OpenTofu gives it: deduplicated, in cty's order.
    const config = configured("Space", { organizationId: api.organizationId, title: "Sorted reviewers", mergeRules });
    expect(config.mergeRules.rules[0].users).toEqual(["usr-acme-editor", "usr-acme-reader"]);
    const space = await applyConfig("Space", null, config);
    const imported = await ops.importResource("Space", String(space.state.id));
    const read = await ops.readResource("Space", imported.state!, imported.privateState);
    expect(read.state!.mergeRules).toEqual(config.mergeRules);
    // What `plan -generate-config-out` writes (the server's emoji and edit mode beside the configuration's).
    const declared = Object.fromEntries(Object.entries(read.state!).filter(([key, value]) => isInput("Space", key) && value !== null));
    expect(declared).toMatchObject(config);
    await expectNoChange("Space", { state: read.state!, privateState: space.privateState }, declared);
    await ops.applyResource("Space", space.state, null, NONE);
  });
});

describe("data sources", () => {
  it("answer the lookups, the arguments as written beside the result", async () => {
    const member = await ops.readDataSource("getMember", { email: "ELI@acme.test" });
    expect(member.diagnostics).toEqual([]);
    expect(member.state).toMatchObject({ email: "ELI@acme.test", id: "usr-acme-editor" });
    const spaces = await ops.readDataSource("getSpaces", {});
    expect(spaces.diagnostics).toEqual([]);
    expect((spaces.state!.spaces as Bag[]).map((space) => space.id)).toEqual(expect.arrayContaining([...api.spaceIds]));
  });

  it("fail as the lookups do: bad arguments with 0 requests, nothing found naming the criteria", async () => {
    const before = await requestCount();
    const bad = await ops.readDataSource("getTeam", { title: "" });
    expect(bad).toEqual({ state: null, diagnostics: [{ severity: "error", summary: "getTeam: invalid arguments: title: must not be empty", detail: "" }] });
    expect(await requestCount()).toBe(before);
    const missing = await ops.readDataSource("getTeam", { title: "No such team" });
    expect(missing.state).toBeNull();
    expect(missing.diagnostics[0].summary).toContain('titled "No such team"');
  });
});

/** Where two values disagree on a leaf both hold (objects key by key, anything else whole); undefined when they agree. */
function disagreement(a: unknown, b: unknown, path = ""): string | undefined {
  if (a === undefined || a === null || b === undefined || b === null) return undefined;
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of Object.keys(a)) {
      const found = disagreement(a[key], b[key], `${path}.${key}`);
      if (found) return found;
    }
    return undefined;
  }
  return jsonEqual(a, b) ? undefined : `${path}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`;
}

/**
 * Kinds whose import, then a plan of the configuration that made them, still plans an update (no
 * request is sent; the state then holds the configuration's values). Each is a finding, not the
 * rule: the other kinds run the check.
 */
const IMPORT_THEN_PLAN_UPDATES: Record<string, string> = {
  // DIFFERING_LEAVES_ONLY (the kind contract's rule for the plugin door's import too): the API
  // answers the object as it is, so a leaf the configuration declares equal to what the object has
  // without one (the site's value, the default) cannot be told from a leaf it leaves out.
  SiteCustomization: "a declared leaf equal to the default is not given back by the import",
  SiteSpaceCustomization: "a declared leaf equal to the site's is not given back by the import",
};

/** Raw API deletes of an object behind Terraform's back, for the kinds whose delete removes it. */
const OUT_OF_BAND_DELETE: Record<string, (state: Bag) => string> = {
  Team: (state) => `/orgs/${state.organizationId}/teams/${state.id}`,
  Space: (state) => `/spaces/${state.id}`,
  Site: (state) => `/orgs/${state.organizationId}/sites/${state.id}`,
};

describe.each(KINDS.map((definition) => definition.kind))("%s through the OpenTofu door", (kind) => {
  const definition = KINDS.find((candidate) => candidate.kind === kind)!;
  const sample = FULL_SAMPLES[kind];
  let prepared: Prepared;
  let config: Bag;
  let kept: Kept;

  beforeAll(async () => {
    prepared = await sample.prepare(api, "tofu");
    config = configured(kind, prepared.inputs);
  });

  it("refuses an unknown attribute and a bad value at validate and at plan, naming the field, with 0 requests", async () => {
    const before = await requestCount();
    const unknownField = await ops.validateResource(kind, { ...config, contractUnknownInput: "x" });
    expect(unknownField.map((diagnostic) => diagnostic.attribute)).toContainEqual(["contractUnknownInput"]);
    const badOrganization = await ops.validateResource(kind, { ...config, organizationId: "" });
    expect(badOrganization[0]?.attribute).toEqual(["organizationId"]);
    expect(badOrganization[0]?.summary).toMatch(/^organization_id: /);
    const plan = await ops.planResource(kind, null, { ...config, organizationId: "" }, NONE);
    expect(plan.planned).toBeNull();
    expect(plan.diagnostics[0]?.attribute).toEqual(["organizationId"]);
    expect(await requestCount()).toBe(before);
  });

  it("says what the plugin door's check says of the same bad inputs, the attribute in snake_case", async () => {
    for (const [bad, camel, snake] of [
      [{ ...config, contractUnknownInput: "x" }, "contractUnknownInput", "contract_unknown_input"],
      [{ ...config, organizationId: "" }, "organizationId", "organization_id"],
    ] as const) {
      const plugin = await checkResource(kind, "same-words", bad);
      const tofu = await ops.validateResource(kind, bad);
      expect(tofu.map((diagnostic) => diagnostic.summary)).toEqual(plugin.failures.map((failure) => failure.reason.replace(`${camel}: `, `${snake}: `)));
    }
  });

  it("validates a configuration whose values are still unknown, with 0 requests", async () => {
    const before = await requestCount();
    const unknowns = Object.fromEntries(Object.keys(config).map((key) => [key, UNKNOWN]));
    expect(await ops.validateResource(kind, unknowns)).toEqual([]);
    // organization_id left to the provider's: validated at plan, where the provider is configured.
    const { organizationId: _organizationId, ...rest } = config;
    expect(await ops.validateResource(kind, rest)).toEqual([]);
    expect(await requestCount()).toBe(before);
  });

  it("plans a create with every computed value unknown, applies it as planned, then plans no change", async () => {
    const plan = await ops.planResource(kind, null, proposedNew(kind, null, config), NONE);
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned![ID_ATTRIBUTE]).toBe(UNKNOWN);
    kept = await applyConfig(kind, null, config);
    expect(kept.state[ID_ATTRIBUTE]).toEqual(expect.any(String));
    // The name the deployment rules know the resource by, and nothing else.
    expect(kept.privateState.length).toBeLessThan(200);
    expect(Object.keys(JSON.parse(new TextDecoder().decode(kept.privateState)))).toEqual(["name"]);
    await expectNoChange(kind, kept, config);
  });

  it("updates in place, each sample change: as planned, then no change", async () => {
    for (const [key, value] of Object.entries(prepared.updates)) {
      const next = configured(kind, { ...config, [key]: value });
      const plan = await ops.planResource(kind, kept.state, proposedNew(kind, kept.state, next), kept.privateState);
      expect(plan.diagnostics, key).toEqual([]);
      expect(plan.requiresReplace, key).toEqual([]);
      expect(plan.planned![ID_ATTRIBUTE], key).toBe(kept.state[ID_ATTRIBUTE]);
      kept = await applyConfig(kind, kept, next);
      config = next;
      await expectNoChange(kind, kept, config);
    }
  });

  it("refreshes to the same state, and a plan after it finds no change", async () => {
    const read = await ops.readResource(kind, kept.state, kept.privateState);
    expect(read.diagnostics).toEqual([]);
    expect(read.state).toEqual(kept.state);
    expect(read.privateState).toEqual(kept.privateState);
    await expectNoChange(kind, { state: read.state!, privateState: read.privateState }, config);
  });

  it("imports by the kind's import id: the refreshed import then plans no change", async () => {
    const importId = (definition.importId ?? byId).format(String(kept.state[ID_ATTRIBUTE]), kept.state);
    const imported = await ops.importResource(kind, importId);
    expect(imported.diagnostics).toEqual([]);
    expect(imported.privateState).toEqual(NONE);
    const read = await ops.readResource(kind, imported.state!, imported.privateState);
    expect(read.diagnostics).toEqual([]);
    // What `plan -generate-config-out` writes: every input the imported state holds. It holds
    // the configuration's, but for flags only destroy or create read (importIgnores), and may hold
    // more: a customization's leaves the configuration leaves to the server (optional and computed).
    const declared = Object.fromEntries(Object.entries(read.state!).filter(([key, value]) => isInput(kind, key) && value !== null));
    const ignored = Object.keys(sample.importIgnores ?? {});
    // HashiCorp's ImportStateVerify: the imported state is the state the apply left, attribute by
    // attribute (an optional and computed input the configuration leaves out among them), but for
    // what only the state holds. A kind that orders only what its configuration names (a
    // structure) is imported whole: what the configuration names of it.
    if (!DIFFERING_LEAVES_ONLY.has(kind)) {
      const verified = definition.declaredPartOf?.(read.state!, kept.state) ?? read.state!;
      for (const key of new Set([...Object.keys(verified), ...Object.keys(kept.state)])) {
        if (ignored.includes(key) || (definition.declaredPartOf && kept.state[key] === undefined)) continue;
        expect({ [key]: verified[key] ?? null }).toEqual({ [key]: kept.state[key] ?? null });
      }
    }

    for (const [key, value] of Object.entries(config)) {
      if (ignored.includes(key)) continue;
      if (DIFFERING_LEAVES_ONLY.has(kind)) expect(disagreement(declared[key], value, key), key).toBeUndefined();
      else expect({ [key]: declared[key] }).toMatchObject({ [key]: value });
    }
    // The same resource, imported again (after `tofu state rm`): its name is the one this process
    // knows it by (a new process would know it by its id). The configuration that made it, and the
    // one generated from the import, both plan no change.
    const reimported = { state: read.state!, privateState: kept.privateState };
    // (Without the flags an import cannot give back: like a `force_destroy`, each plans as an update.)
    if (!IMPORT_THEN_PLAN_UPDATES[kind]) await expectNoChange(kind, reimported, Object.fromEntries(Object.entries(config).filter(([key]) => !ignored.includes(key))));
    await expectNoChange(kind, reimported, declared);
  });

  it("plans each replace-on-change input as a replacement: the id unknown, the input named", async () => {
    for (const key of definition.replaceKeys) {
      // A key of a group of which a configuration gives one (a member by user id or by email) replaces the others.
      const group = definition.exclusiveInputKeys?.find((keys) => keys.includes(key)) ?? [];
      const next = configured(kind, {
        ...Object.fromEntries(Object.entries(config).filter(([other]) => other === key || !group.includes(other))),
        [key]: prepared.replacements[key],
      });
      const plan = await ops.planResource(kind, kept.state, proposedNew(kind, kept.state, next), kept.privateState);
      expect(plan.diagnostics, key).toEqual([]);
      // A group's other key (the user id an email replaces) changes too.
      expect(plan.requiresReplace, key).toContainEqual([key]);
      for (const [changed] of plan.requiresReplace) expect([key, ...group]).toContain(changed);
      expect(plan.planned![ID_ATTRIBUTE], key).toBe(UNKNOWN);
    }
  });

  const outOfBand = OUT_OF_BAND_DELETE[kind];
  if (outOfBand) {
    it("refreshes an object deleted outside OpenTofu to null; the next apply makes it again", async () => {
      expect((await api.request("DELETE", outOfBand(kept.state))).status).toBeLessThan(300);
      // The next `tofu plan` is a new provider process: no list a refresh shares from before.
      await startOver();
      const read = await ops.readResource(kind, kept.state, kept.privateState);
      expect(read).toEqual({ state: null, privateState: NONE, diagnostics: [] });
      kept = await applyConfig(kind, null, config);
    });
  }

  it("destroys: planned null, applied null" + (sample.kept ? ` (and, as documented, ${sample.kept.documented})` : ", and a refresh finds nothing"), async () => {
    const plan = await ops.planResource(kind, kept.state, null, kept.privateState);
    expect(plan).toMatchObject({ planned: null, requiresReplace: [], diagnostics: [] });
    const applied = await ops.applyResource(kind, kept.state, null, plan.privateState);
    expect(applied).toEqual({ state: null, privateState: NONE, diagnostics: [] });
    const read = await ops.readResource(kind, kept.state, NONE);
    expect(read.diagnostics).toEqual([]);
    if (!sample.kept) expect(read.state).toBeNull();
  });
});
