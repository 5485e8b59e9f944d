/**
 * One small sample per resource kind for the kind contract (contract.test.ts): what the kind needs
 * made first (through the raw API, not through another kind's provider, so a bug of one kind does
 * not fail another's contract), its create inputs, a new valid value for some of its in-place
 * inputs (applied by update), a new value for each replace-on-change input (diff only: the
 * replacement itself is never made), an output to tamper with, and, for the kinds whose delete does
 * not remove the object, what their delete is documented to do instead.
 *
 * Each (kind, door) pair prepares its own objects: the two doors' runs never share one.
 */

type Bag = Record<string, any>;

/** Raw access to the emulator's API, with the organization's admin token unless another is given. */
export interface RawApi {
  organizationId: string;
  /** The fixture's spaces of the organization. */
  spaceIds: readonly string[];
  request(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
  /** A user's token, from the fixture (a user joining the organization acts as themselves). */
  tokenOf(userId: string): string;
}

export interface Prepared {
  /** The create inputs, before check (check normalizes them, as the engine runs it first). */
  inputs: Bag;
  /** New values of in-place inputs, applied one update each, in order. */
  updates: Bag;
  /** A new value for each of the kind's `replaceKeys`. */
  replacements: Bag;
}

/** What a kind's delete does when it does not remove the object (read after it still finds it). */
export interface KeptOnDelete {
  /** The documented behaviour, in words, for the test name and the table. */
  documented: string;
  /** Asserts it on the read after delete (`finalOuts`: the outputs before delete). */
  expectRead(read: { id: string; props: Bag }, finalOuts: Bag, id: string): void;
}

export interface Sample {
  prepare: (api: RawApi, door: string) => Prepared | Promise<Prepared>;
  /**
   * A server-owned output (not an input) whose change alone must give no diff; absent for the
   * kinds whose outputs are all inputs (the contract then adds a key to the state instead).
   */
  outputKey?: string;
  /**
   * Inputs an import cannot give back, with why (terraform's ImportStateVerifyIgnore): flags that
   * say only what destroy or create do, held by the state and by no object of the API.
   */
  importIgnores?: Record<string, string>;
  kept?: KeptOnDelete;
}

const paragraph = (words: string) => ({ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: words, marks: [] }] }] });
const documentOf = (words: string) => ({ object: "document", data: { schemaVersion: 1 }, nodes: [paragraph(words)] });

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

const OUTSIDER = "usr-outsider";
const EDITOR = "usr-acme-editor";

const visitors = (claim: string) => ({
  type: "object",
  properties: {
    unsigned: { type: "object", properties: { betaUser: { type: "boolean" } }, additionalProperties: false },
    [claim]: { type: "boolean" },
  },
  additionalProperties: false,
});

export const SAMPLES: Record<string, Sample> = {
  OrganizationSettings: {
    prepare: (api, door) => ({
      inputs: { organizationId: api.organizationId, title: `Acme (${door})`, inviteLinks: false },
      updates: { title: `Acme (${door}, renamed)`, inviteLinks: true },
      replacements: { organizationId: "org-globex" },
    }),
    outputKey: "createdAt",
    kept: {
      documented: "delete only stops managing: the organization and its settings stay (read still finds them)",
      expectRead: (read, finalOuts, id) => {
        if (read.id !== id || read.props.title !== finalOuts.title) throw new Error(`expected the organization ${id} with its settings kept, read ${JSON.stringify(read)}`);
      },
    },
  },

  OrganizationMember: {
    async prepare(api) {
      // People join by themselves (an allowed email domain): the API cannot add a member.
      await made(api, "POST", `/orgs/${api.organizationId}/join`, undefined, api.tokenOf(OUTSIDER));
      return {
        inputs: { organizationId: api.organizationId, userId: OUTSIDER, role: "read", removeOnDestroy: true },
        updates: { role: "edit" },
        replacements: { organizationId: "org-globex", userId: EDITOR, email: "eli@acme.test" },
      };
    },
    outputKey: "joinedAt",
    importIgnores: { removeOnDestroy: "what destroy does, held by the state only" },
    kept: takenOverThisDeployment("member", "organization-member"),
  },

  Team: {
    prepare: (api, door) => ({
      inputs: { organizationId: api.organizationId, title: `Writers ${door}` },
      updates: { title: `Editors ${door}`, members: [EDITOR] },
      replacements: { organizationId: "org-globex" },
    }),
    outputKey: "createdAt",
  },

  TeamMember: {
    async prepare(api, door) {
      const teamId = (await made(api, "PUT", `/orgs/${api.organizationId}/teams`, { title: `Members ${door}`, members: [] })).id;
      return {
        inputs: { organizationId: api.organizationId, teamId, userId: EDITOR, role: "member" },
        updates: { role: "owner" },
        replacements: { organizationId: "org-globex", teamId: "team-other", userId: "usr-acme-reader", email: "rae@acme.test" },
      };
    },
    kept: takenOverThisDeployment("membership", "team-member"),
  },

  SamlProvider: {
    prepare: (api, door) => ({
      inputs: { organizationId: api.organizationId, label: `Okta ${door}`, ssoURL: "https://idp.test/sso", certificate: "MIIC-contract" },
      updates: { label: `Okta ${door} 2`, defaultRole: "read" },
      replacements: { organizationId: "org-globex" },
    }),
    outputKey: "createdAt",
  },

  Collection: {
    prepare: (api, door) => ({
      inputs: { organizationId: api.organizationId, title: `Handbooks ${door}` },
      updates: { title: `Manuals ${door}`, description: "For the team" },
      replacements: {},
    }),
    outputKey: "urls",
  },

  Space: {
    prepare: (api, door) => ({
      inputs: { organizationId: api.organizationId, title: `Runbooks ${door}`, emoji: "📘" },
      updates: { title: `Playbooks ${door}`, emoji: "🚀" },
      replacements: {},
    }),
    outputKey: "createdAt",
  },

  Translation: {
    prepare: (api, door) => ({
      inputs: { organizationId: api.organizationId, language: door === "dynamic" ? "fr" : "de", source: { space: api.spaceIds[0], language: "en" } },
      updates: { instructions: documentOf("Keep product names in English.") },
      replacements: { organizationId: "org-globex", language: "es", source: { space: api.spaceIds[1], language: "en" } },
    }),
    outputKey: "createdAt",
  },

  AgentInstructions: {
    prepare: (api) => ({
      inputs: { organizationId: api.organizationId, instructions: documentOf("Answer briefly."), clearOnDestroy: true },
      updates: { instructions: documentOf("Answer in a friendly tone.") },
      replacements: { organizationId: "org-globex" },
    }),
    outputKey: "updatedAt",
    importIgnores: { clearOnDestroy: "what destroy does, held by the state only" },
    kept: {
      documented: "the document always exists: delete (clearOnDestroy: true) writes the empty document, read finds it empty",
      expectRead: (read, _finalOuts, id) => {
        if (read.id !== id || (read.props.instructions?.nodes ?? []).length !== 0) throw new Error(`expected the empty document, read ${JSON.stringify(read)}`);
      },
    },
  },

  Site: {
    prepare: (api, door) => ({
      inputs: { organizationId: api.organizationId, title: `Docs ${door}`, type: "basic" },
      updates: { title: `Developer docs ${door}`, visibility: "unlisted" },
      replacements: { organizationId: "org-globex", type: "premium" },
    }),
    outputKey: "createdAt",
  },

  SiteSectionGroup: {
    async prepare(api, door) {
      const siteId = await newSite(api, `Groups ${door}`);
      return {
        inputs: { organizationId: api.organizationId, siteId, title: "Guides" },
        updates: { title: "Tutorials", icon: "book" },
        replacements: { organizationId: "org-globex", siteId: "site-other" },
      };
    },
  },

  SiteSection: {
    async prepare(api, door) {
      const siteId = await newSite(api, `Sections ${door}`);
      return {
        inputs: { organizationId: api.organizationId, siteId, spaceId: api.spaceIds[0], title: "Guides" },
        updates: { title: "Tutorials", description: "Step by step" },
        replacements: { organizationId: "org-globex", siteId: "site-other" },
      };
    },
    outputKey: "publishedUrl",
  },

  SiteSpace: {
    async prepare(api, door) {
      const siteId = await newSite(api, `Site spaces ${door}`, [api.spaceIds[0]]);
      return {
        inputs: { organizationId: api.organizationId, siteId, spaceId: api.spaceIds[1], path: "api" },
        updates: { path: "reference", hidden: true },
        replacements: { organizationId: "org-globex", siteId: "site-other", sectionId: "section-other" },
      };
    },
    outputKey: "publishedUrl",
  },

  SiteStructure: {
    async prepare(api, door) {
      const siteId = await newSite(api, `Structure ${door}`);
      const first = await newSection(api, siteId, "First");
      const second = await newSection(api, siteId, "Second");
      return {
        inputs: { organizationId: api.organizationId, siteId, root: [first, second] },
        updates: { root: [second, first] },
        replacements: { organizationId: "org-globex", siteId: "site-other" },
      };
    },
    kept: {
      documented: "the order belongs to the site: delete only stops managing it (read still finds it)",
      expectRead: (read, finalOuts, id) => {
        if (read.id !== id || JSON.stringify(read.props.root) !== JSON.stringify(finalOuts.root)) throw new Error(`expected the order kept, read ${JSON.stringify(read)}`);
      },
    },
  },

  SiteCustomization: {
    async prepare(api, door) {
      const siteId = await newSite(api, `Customized ${door}`);
      return {
        inputs: { organizationId: api.organizationId, siteId, title: "Acme Docs", styling: { corners: "straight" } },
        updates: { title: "Acme Developer Docs", styling: { corners: "rounded" } },
        replacements: { organizationId: "org-globex", siteId: "site-other" },
      };
    },
    kept: {
      documented: "every site has one customization: delete only stops managing it (read still finds it as it was)",
      expectRead: (read, finalOuts, id) => {
        if (read.id !== id || read.props.title !== finalOuts.title) throw new Error(`expected the customization kept, read ${JSON.stringify(read)}`);
      },
    },
  },

  SiteSpaceCustomization: {
    async prepare(api, door) {
      const siteId = await newSite(api, `Overrides ${door}`, [api.spaceIds[0]]);
      const [siteSpace] = (await made(api, "GET", `/orgs/${api.organizationId}/sites/${siteId}/site-spaces`)).items as { id: string }[];
      return {
        inputs: { organizationId: api.organizationId, siteId, siteSpaceId: siteSpace.id, title: "API" },
        updates: { title: "API reference", styling: { corners: "straight" } },
        replacements: { organizationId: "org-globex", siteId: "site-other", siteSpaceId: "site-space-other" },
      };
    },
    kept: {
      documented: "delete drops the override: the site space shows its site's customization again (read finds the site's)",
      expectRead: (read, finalOuts, id) => {
        if (read.id !== id || read.props.title === finalOuts.title) throw new Error(`expected the site's title, not the override's, read ${JSON.stringify(read)}`);
      },
    },
  },

  SiteAdaptiveSchema: {
    async prepare(api, door) {
      const siteId = await newSite(api, `Adaptive ${door}`);
      return {
        inputs: { organizationId: api.organizationId, siteId, jsonSchema: visitors("isAdmin") },
        updates: { jsonSchema: visitors("isPartner") },
        replacements: { organizationId: "org-globex", siteId: "site-other" },
      };
    },
    outputKey: "updatedAt",
    kept: {
      documented: "the API cannot delete a schema: delete puts the empty schema (no claims), read finds it",
      expectRead: (read, _finalOuts, id) => {
        const claims = Object.keys(read.props.jsonSchema?.properties ?? {}).filter((claim) => claim !== "unsigned");
        if (read.id !== id || claims.length !== 0) throw new Error(`expected the empty schema, read ${JSON.stringify(read)}`);
      },
    },
  },

  OpenApiSpec: {
    prepare: (api, door) => ({
      inputs: { organizationId: api.organizationId, slug: `petstore-${door}`, source: { url: `https://specs.example.com/${door}.yaml` }, waitForProcessing: false },
      updates: { source: { url: `https://specs.example.com/${door}-v2.yaml` }, visibility: "public" },
      replacements: { organizationId: "org-globex", slug: `petstore-${door}-2` },
    }),
    outputKey: "createdAt",
    importIgnores: { waitForProcessing: "how create waits, held by the state only" },
  },
};
