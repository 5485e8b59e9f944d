/**
 * What each resource kind needs beside the values generated from its declaration
 * (generated-inputs.ts): the objects made first (through the raw API, not through another kind's
 * provider, so a bug of one kind does not fail another's contract) and the fixture's people, whose
 * ids only a setup can give; the few values a rule across fields or across resources fixes (each
 * named `RULE_...` below, with the rule it stands for); the inputs an import cannot give back; and,
 * for the kinds whose delete does not remove the object, what their delete is documented to do.
 *
 * `FULL_SAMPLES` joins the two: a kind's setup, then every other declared input generated with a
 * seed named by the kind and the door (so a failure reproduces), a second value of each in-place
 * input and a new value of each replace-on-change input: the kind contract (contract.test.ts) and
 * the OpenTofu door's operations (test/terraform/operations.test.ts) run them; the per-field round
 * trips (declared-fields.test.ts) read the setups alone.
 *
 * Each (kind, door) pair prepares its own objects: the two doors' runs never share one.
 */
import { createRequire } from "node:module";
import { type Definition, type GeneratedSample, type Given, generatedSample } from "./generated-inputs.ts";

const require = createRequire(import.meta.url);
type Bag = Record<string, any>;
// The compiled package, as both doors load it.
const { KINDS } = require("../../provider/dist/resources/kinds.js") as { KINDS: readonly Definition[] };

/** Raw access to the emulator's API, with the organization's admin token unless another is given. */
export interface RawApi {
  organizationId: string;
  /** The fixture's spaces of the organization. */
  spaceIds: readonly string[];
  request(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
  /** A user's token, from the fixture (a user joining the organization acts as themselves). */
  tokenOf(userId: string): string;
}

/** A kind's inputs and changes, as a run uses them (generated-inputs.ts). */
export type Prepared = GeneratedSample;

/** What a kind's delete does when it does not remove the object (read after it still finds it). */
export interface KeptOnDelete {
  /** The documented behaviour, in words, for the test name and the table. */
  documented: string;
  /** Asserts it on the read after delete (`finalOuts`: the outputs before delete). */
  expectRead(read: { id: string; props: Bag }, finalOuts: Bag, id: string): void;
}

/** What a kind needs that its declaration cannot give. */
export interface KindSetup {
  /**
   * Makes what the kind needs first; answers the inputs no declaration can give (the organization,
   * ids of the objects made, the fixture's people, values a named rule fixes), with their changes.
   */
  given(api: RawApi, door: string): Given | Promise<Given>;
  /**
   * Inputs an import cannot give back, with why (terraform's ImportStateVerifyIgnore): flags that
   * say only what destroy or create do, held by the state and by no object of the API.
   */
  importIgnores?: Record<string, string>;
  kept?: KeptOnDelete;
}

/** A kind's setup with its generated values: what the contract and the OpenTofu suite run. */
export interface Sample {
  prepare(api: RawApi, door: string): Promise<Prepared>;
  importIgnores?: Record<string, string>;
  kept?: KeptOnDelete;
}

/** Throws unless the API answered 2xx: a setup that failed would otherwise fail later, far from its cause. */
async function made(api: RawApi, method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const answer = await api.request(method, path, body, token);
  if (answer.status < 200 || answer.status > 299) throw new Error(`setup ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function newSite(api: RawApi, title: string, spaces: readonly string[] = []): Promise<string> {
  return (await made(api, "POST", `/orgs/${api.organizationId}/sites`, { title, ...(spaces.length ? { spaces } : {}) })).id;
}

async function newSection(api: RawApi, siteId: string, title: string): Promise<string> {
  const spaceId = (await made(api, "POST", `/orgs/${api.organizationId}/spaces`, { title: `${title} space` })).id;
  return (await made(api, "POST", `/orgs/${api.organizationId}/sites/${siteId}/sections`, { spaceId, title })).id;
}

/**
 * The member kinds' delete in the process that took the member over: one provider process serves
 * one deployment, and a create of this deployment claimed the member (recovery/deployment-claims.ts)
 * so that the delete of a replacement naming the same person differently (by user id, then by
 * email) does not undo it. A create and a delete of one object in one process, as here, is that
 * case to the provider: the member stays. A later deployment's delete removes them
 * (test/provider/<file>.test.ts).
 */
function takenOverThisDeployment(what: string, file: string): KeptOnDelete {
  return {
    documented: `in the deployment that took the ${what} over, delete leaves it (deployment-claims.ts; removal by a later deployment: test/provider/${file}.test.ts)`,
    expectRead: (read, _finalOuts, id) => {
      if (read.id !== id) throw new Error(`expected the ${what} kept by this deployment's claim, read ${JSON.stringify(read)}`);
    },
  };
}

/** People of the emulator's fixture (test/emulator/fixtures/demo.json), by their user ids. */
const OUTSIDER = "usr-outsider";
const EDITOR = "usr-acme-editor";
const READER = "usr-acme-reader";

/**
 * Rule across resources: the fixture's people join the organization by its email domain
 * (`acme.test`; OrganizationMember's setup joins one). OrganizationSettings' delete only stops
 * managing, so a generated domain list would stay and lock them out of every later kind's setup:
 * the list, created and updated, keeps the fixture's domain.
 */
const RULE_FIXTURE_EMAIL_DOMAIN = { created: ["acme.test"], updated: ["acme.test", "docs.acme.test"] };

/**
 * Rule across resources: a translation's source is a space of the organization (its id) in a
 * language the space has; no declaration names the fixture's spaces. The generated target language
 * is never the source's (`en`: no generated language is).
 */
const RULE_TRANSLATION_SOURCE = (api: RawApi) => ({ space: api.spaceIds[0], language: "en" });

/**
 * Rule across resources: `docs-platform export` writes a team's memberships as TeamMembers only
 * when someone in the team is an owner (the others are `Team.members`). The membership is created
 * a plain member, so the round trip's update (declared-fields.test.ts) makes it an owner, which the
 * export then writes.
 */
const RULE_MEMBER_BEFORE_OWNER = "member";

/**
 * Rule across resources: a site space's override is one only where it differs from its site's
 * customization. An override whose every value is the site's is not exported (it changes nothing)
 * and its create reads the site's customization too; a title the site never has keeps it one
 * whatever other field a round trip sets.
 */
const RULE_OVERRIDE_DIFFERS_FROM_SITE = "Overridden title";

/**
 * Rule across fields: a SiteStructure's `root` lists ids of the site's own sections, and a change
 * of order is its update; only a setup can make the sections and know their ids.
 */
async function siteWithTwoSections(api: RawApi, door: string): Promise<{ siteId: string; first: string; second: string }> {
  const siteId = await newSite(api, `Structure ${door}`);
  return { siteId, first: await newSection(api, siteId, "First"), second: await newSection(api, siteId, "Second") };
}

export const SETUPS: Record<string, KindSetup> = {
  OrganizationSettings: {
    given: (api) => ({
      inputs: { organizationId: api.organizationId, emailDomains: RULE_FIXTURE_EMAIL_DOMAIN.created },
      updates: { emailDomains: RULE_FIXTURE_EMAIL_DOMAIN.updated },
    }),
    kept: {
      documented: "delete only stops managing: the organization and its settings stay (read still finds them)",
      expectRead: (read, finalOuts, id) => {
        if (read.id !== id || read.props.title !== finalOuts.title) throw new Error(`expected the organization ${id} with its settings kept, read ${JSON.stringify(read)}`);
      },
    },
  },

  OrganizationMember: {
    async given(api) {
      // People join by themselves (an allowed email domain): the API cannot add a member.
      await made(api, "POST", `/orgs/${api.organizationId}/join`, undefined, api.tokenOf(OUTSIDER));
      return { inputs: { organizationId: api.organizationId, userId: OUTSIDER }, replacements: { userId: EDITOR, email: "eli@acme.test" } };
    },
    importIgnores: { removeOnDestroy: "what destroy does, held by the state only" },
    kept: takenOverThisDeployment("member", "organization-member"),
  },

  Team: {
    given: (api) => ({ inputs: { organizationId: api.organizationId }, updates: { members: [EDITOR] } }),
  },

  TeamMember: {
    async given(api, door) {
      const teamId = (await made(api, "PUT", `/orgs/${api.organizationId}/teams`, { title: `Members ${door}`, members: [] })).id;
      return { inputs: { organizationId: api.organizationId, teamId, userId: EDITOR, role: RULE_MEMBER_BEFORE_OWNER }, replacements: { userId: READER, email: "rae@acme.test" } };
    },
    kept: takenOverThisDeployment("membership", "team-member"),
  },

  SamlProvider: { given: (api) => ({ inputs: { organizationId: api.organizationId } }) },

  Collection: { given: (api) => ({ inputs: { organizationId: api.organizationId } }) },

  Space: { given: (api) => ({ inputs: { organizationId: api.organizationId } }) },

  Translation: {
    given: (api) => ({
      inputs: { organizationId: api.organizationId, source: RULE_TRANSLATION_SOURCE(api) },
      replacements: { source: { space: api.spaceIds[1], language: "en" } },
    }),
    importIgnores: { runTrigger: "exists only in Pulumi (an opaque trigger the state carries over; documented)" },
  },

  AgentInstructions: {
    given: (api) => ({ inputs: { organizationId: api.organizationId } }),
    importIgnores: { clearOnDestroy: "what destroy does, held by the state only" },
    kept: {
      documented: "the document always exists: delete writes the empty document with clearOnDestroy, and leaves it without; read finds which",
      expectRead: (read, finalOuts, id) => {
        const expected = finalOuts.clearOnDestroy === true ? [] : finalOuts.instructions?.nodes;
        if (read.id !== id || JSON.stringify(read.props.instructions?.nodes ?? []) !== JSON.stringify(expected)) {
          throw new Error(`expected the ${finalOuts.clearOnDestroy === true ? "empty document" : "instructions kept"}, read ${JSON.stringify(read)}`);
        }
      },
    },
  },

  Site: { given: (api) => ({ inputs: { organizationId: api.organizationId } }) },

  SiteSectionGroup: {
    given: async (api, door) => ({ inputs: { organizationId: api.organizationId, siteId: await newSite(api, `Groups ${door}`) } }),
  },

  SiteSection: {
    given: async (api, door) => ({ inputs: { organizationId: api.organizationId, siteId: await newSite(api, `Sections ${door}`), spaceId: api.spaceIds[0] } }),
  },

  SiteSpace: {
    // The site publishes the first space already: the site space adds the second.
    given: async (api, door) => ({
      inputs: { organizationId: api.organizationId, siteId: await newSite(api, `Site spaces ${door}`, [api.spaceIds[0]]), spaceId: api.spaceIds[1] },
    }),
  },

  SiteStructure: {
    async given(api, door) {
      const { siteId, first, second } = await siteWithTwoSections(api, door);
      return { inputs: { organizationId: api.organizationId, siteId, root: [first, second] }, updates: { root: [second, first] } };
    },
    kept: {
      documented: "the order belongs to the site: delete only stops managing it (read still finds it)",
      expectRead: (read, finalOuts, id) => {
        if (read.id !== id || JSON.stringify(read.props.root) !== JSON.stringify(finalOuts.root)) throw new Error(`expected the order kept, read ${JSON.stringify(read)}`);
      },
    },
  },

  SiteCustomization: {
    given: async (api, door) => ({ inputs: { organizationId: api.organizationId, siteId: await newSite(api, `Customized ${door}`) } }),
    kept: {
      documented: "every site has one customization: delete only stops managing it (read still finds it as it was)",
      expectRead: (read, finalOuts, id) => {
        if (read.id !== id || read.props.title !== finalOuts.title) throw new Error(`expected the customization kept, read ${JSON.stringify(read)}`);
      },
    },
  },

  SiteSpaceCustomization: {
    async given(api, door) {
      const siteId = await newSite(api, `Overrides ${door}`, [api.spaceIds[0]]);
      const [siteSpace] = (await made(api, "GET", `/orgs/${api.organizationId}/sites/${siteId}/site-spaces`)).items as { id: string }[];
      return { inputs: { organizationId: api.organizationId, siteId, siteSpaceId: siteSpace.id, title: RULE_OVERRIDE_DIFFERS_FROM_SITE } };
    },
    kept: {
      documented: "delete drops the override: the site space shows its site's customization again (read finds the site's)",
      expectRead: (read, finalOuts, id) => {
        if (read.id !== id || read.props.title === finalOuts.title) throw new Error(`expected the site's title, not the override's, read ${JSON.stringify(read)}`);
      },
    },
  },

  SiteAdaptiveSchema: {
    given: async (api, door) => ({ inputs: { organizationId: api.organizationId, siteId: await newSite(api, `Adaptive ${door}`) } }),
    kept: {
      documented: "the API cannot delete a schema: delete puts the empty schema (no claims), read finds it",
      expectRead: (read, _finalOuts, id) => {
        const claims = Object.keys(read.props.jsonSchema?.properties ?? {}).filter((claim) => claim !== "unsigned");
        if (read.id !== id || claims.length !== 0) throw new Error(`expected the empty schema, read ${JSON.stringify(read)}`);
      },
    },
  },

  OpenApiSpec: {
    given: (api) => ({ inputs: { organizationId: api.organizationId } }),
    importIgnores: { waitForProcessing: "how create waits, held by the state only" },
  },
};

/** Each kind's setup with every declared input generated, seeded by the kind and the door. */
function samplesOf(): Record<string, Sample> {
  return Object.fromEntries(
    KINDS.filter((definition) => SETUPS[definition.kind]).map((definition) => {
      const setup = SETUPS[definition.kind];
      const sample: Sample = {
        prepare: async (api, door) => generatedSample(definition, await setup.given(api, door), door),
        ...(setup.importIgnores ? { importIgnores: setup.importIgnores } : {}),
        ...(setup.kept ? { kept: setup.kept } : {}),
      };
      return [definition.kind, sample];
    }),
  );
}

/** Every declared input generated beside the setup's: the kind contract's samples (contract.test.ts, and the OpenTofu door's operations). */
export const FULL_SAMPLES: Record<string, Sample> = samplesOf();
