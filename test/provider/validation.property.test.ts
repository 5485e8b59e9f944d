/**
 * Property-based validation suite: every rule of every resource, against the API itself.
 *
 * For each resource, fast-check generates inputs whose fields sit at, just inside and just outside
 * each limit and pattern (see support/generators.ts), of the wrong type, with lone surrogates and,
 * for URLs, with what a URL parser drops without a word. Each case asserts:
 *
 * 1. check's verdict equals the API's, field by field: the set of input properties check names
 *    is exactly the set of fields the emulator answers 400 to, asked over HTTP with that field
 *    alone (a probe: the request that carries the field, on a fixture object). The few rules
 *    that are the provider's own, stricter than the emulator (well-formed Unicode everywhere; no
 *    whitespace or control character in a URL; the shape of ids; `published`,
 *    `waitForProcessing`), have their verdict written here instead.
 * 2. Every failure names its property, in `property` and at the start of `reason`.
 * 3. The case with every value the API rejects left out is accepted by check, created for real,
 *    every step of the create included, without any error (no 400 at a later step, no partial
 *    create), and then deleted.
 * 4. That accepted case at preview, with some inputs unknown: no failure, every known input
 *    normalized as at `up` (defaults included), and no replace caused by a known input.
 * 5. check never throws, whatever the inputs (any JSON, nested thousands of levels deep).
 *
 * Seeded: the same cases run every time (VALIDATION_SEED and VALIDATION_RUNS override). The
 * counts (cases tried and rejected, field values judged and rejected, objects created) are printed
 * at the end.
 *
 * Inputs whose validity depends on other objects (a default site space of a site not yet
 * created, an id that does not exist) are not generated: check cannot know them, by design
 * (it sends no request). The generators leave out the emulator's known leniencies listed in
 * KNOWN_DIFFERENCES below.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definition as agentInstructions } from "../../provider/resources/agent-instructions.ts";
import { definition as collection } from "../../provider/resources/collection.ts";
import { definition as openApiSpec } from "../../provider/resources/open-api-spec.ts";
import { definition as organizationMember } from "../../provider/resources/organization-member.ts";
import { definition as organizationSettings } from "../../provider/resources/organization-settings.ts";
import { definition as samlProvider } from "../../provider/resources/saml-provider.ts";
import { definition as siteSection } from "../../provider/resources/site-section.ts";
import { definition as siteSectionGroup } from "../../provider/resources/site-section-group.ts";
import { definition as siteSpace } from "../../provider/resources/site-space.ts";
import { definition as site } from "../../provider/resources/site.ts";
import { definition as space } from "../../provider/resources/space.ts";
import { definition as team } from "../../provider/resources/team.ts";
import { definition as teamMember } from "../../provider/resources/team-member.ts";
import { definition as translation } from "../../provider/resources/translation.ts";

/** What a language code looks like (`fr`, `pt-br`): generated strings not of this form are surely no language. */
const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;
import { LANGUAGES } from "../emulator/routes/translations.ts";
import type { ResourceDefinition } from "../../provider/adapter/resource.ts";
import { UNKNOWN } from "../../provider/adapter/unknowns.ts";
import { booleans, enumCandidates, hasLoneSurrogate, nearPattern, texts, urls, withLoneSurrogate, wrongTypes } from "./support/generators.ts";
import { type Harness, PROVIDER, providerOf, startHarness } from "./support/harness.ts";

const SEED = Number(process.env.VALIDATION_SEED ?? 7_381);
const RUNS = Number(process.env.VALIDATION_RUNS ?? 250);

/**
 * Where the emulator takes more than the provider, on purpose; not generated.
 * - mergeRules: the emulator takes `{type: "rules"}` without `rules`, and `rules` beside
 *   `type: "inherit"`; the provider requires the shape API.md 2.12 shows. Both take the five rule
 *   names of DESIGN.md 8, `none`, and `inherit` for a space only. Merge-rule user ids are not
 *   checked by it.
 * - null for SamlProvider.defaultTeam, Collection.parent and Collection.defaultLevel: the emulator
 *   takes it, API.md does not make them nullable, and the provider removes a parent by leaving
 *   `parent` out.
 * - Documents: the emulator takes extra members in a block and any object among a block's nodes;
 *   the provider checks blocks strictly and wants every node to name its kind. Only documents both
 *   judge alike are generated.
 */
export const KNOWN_DIFFERENCES = ["mergeRules shapes", "null defaultTeam/parent/defaultLevel", "document nodes"] as const;

const ROLES = ["admin", "create", "review", "edit", "comment", "read"];
const NOT_IN_URI = /[\s\p{Cc}]/u;

let h: Harness;
let org: string;
const fixture = {} as {
  users: string[];
  team: string;
  collection: string;
  /** Probes of space fields PATCH this space. */
  space0: string;
  /** Probes of site, section and site-space fields go to S0, its section and its site space. */
  site0: string;
  section0: string;
  siteSpace0: string;
  /** Probes of section-group fields PATCH this group of S0. */
  group0: string;
  /** SiteSectionGroup cases are created in S1, some under this group. */
  group1: string;
  /** SiteSection cases are created in S1, which already has a section (so new ones are not first). */
  site1: string;
  /** SiteSpace cases go to S2's only section, which does not yet publish `spaceForSiteSpaces`. */
  site2: string;
  section2: string;
  spaceForSections: string;
  spaceForSiteSpaces: string;
  spec: string;
  /** Probes of a translation's instructions PUT this translation. */
  translation: string;
};

/** Per resource: cases tried and rejected by check, field values judged and rejected, objects created, API probes sent. */
const stats: Record<string, { tried: number; rejected: number; values: number; rejectedValues: number; created: number; probes: number }> = {};

/** One input of a resource: the values to try and the API's verdict on each. */
interface Field {
  values: fc.Arbitrary<unknown>;
  /** True when the API (or a rule of the provider's own, see the file comment) rejects the value. */
  rejects(value: unknown): Promise<boolean>;
}

interface Spec {
  kind: string;
  definition: ResourceDefinition<any>;
  /** Valid values of the required inputs; generated fields replace them. */
  base(): Record<string, unknown>;
  fields: Record<string, Field>;
  /** Adjusts an accepted input for the create only, for outcomes that are not validation (OpenAPI processing). */
  prepare?(inputs: Record<string, unknown>): Record<string, unknown>;
  /** Removes what a case created. */
  cleanup(id: string, outs: Record<string, unknown>): Promise<void>;
}

const cache = new Map<string, boolean>();

/** The emulator's verdict on one request: true on 400, false on success or a conflict (not a validation outcome). */
async function rejectedBy(kind: string, method: "POST" | "PUT" | "PATCH", path: string, body: unknown, created?: (response: any) => string | undefined): Promise<boolean> {
  const key = JSON.stringify([method, path, body]);
  const known = cache.get(key);
  if (known !== undefined) return known;
  stats[kind].probes++;
  const response = await h.api(method, path, body);
  if (response.status !== 400 && response.status !== 409 && (response.status < 200 || response.status > 299)) {
    throw new Error(`probe ${method} ${path} ${JSON.stringify(body)?.slice(0, 200)}: unexpected ${response.status} ${JSON.stringify(response.body)}`);
  }
  if (response.status >= 200 && response.status < 300 && created) {
    const location = created(response.body);
    if (location) await h.api("DELETE", location);
  }
  const rejected = response.status === 400;
  cache.set(key, rejected);
  return rejected;
}

/** A field the emulator judges, through `probe` (the value is defined and well-formed). */
function probed(values: fc.Arbitrary<unknown>, probe: (value: unknown) => Promise<boolean>, options: { required?: boolean } = {}): Field {
  return {
    values: fc.oneof({ weight: 12, arbitrary: values }, { weight: 1, arbitrary: stringsWithLoneSurrogate(values) }, { weight: 1, arbitrary: fc.constant(undefined) }),
    async rejects(value) {
      if (value === undefined) return options.required === true;
      if (hasLoneSurrogate(value)) return true;
      return probe(value);
    },
  };
}

/** A field's strings with a lone surrogate put in (a value that is no string becomes a lone surrogate). */
function stringsWithLoneSurrogate(values: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return values.chain((value) => (typeof value === "string" ? withLoneSurrogate(fc.constant(value)) : fc.constant("\uD800")));
}

/** A URL field: no whitespace or control characters anywhere (the provider's rule), then the emulator's. */
function urlField(max: number, probe: (value: unknown) => Promise<boolean>, extra: unknown[] = []): Field {
  const field = probed(fc.oneof({ weight: 8, arbitrary: urls(max) }, { weight: 1, arbitrary: fc.constantFrom(...wrongTypesList(), ...extra) }), probe);
  return {
    values: field.values,
    rejects: async (value) => (typeof value === "string" && NOT_IN_URI.test(value)) || field.rejects(value),
  };
}

/**
 * An id: the provider checks its shape only (a non-empty string that is not "." or "..", both
 * path segments the client refuses); existence is the API's business, so only existing ids and
 * misshapen ones are generated.
 */
function idField(valid: () => string[], options: { required?: boolean } = {}): Field {
  return {
    values: fc.oneof(
      { weight: 8, arbitrary: fc.constant(0).chain(() => fc.constantFrom(...valid())) },
      { weight: 2, arbitrary: fc.constantFrom("", ".", "..") },
      { weight: 1, arbitrary: wrongTypes },
      { weight: 1, arbitrary: fc.constant(0).chain(() => withLoneSurrogate(fc.constantFrom(...valid()))) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    rejects(value) {
      if (value === undefined) return Promise.resolve(options.required === true);
      return Promise.resolve(!(typeof value === "string" && valid().includes(value)));
    },
  };
}

/** A list of ids (each judged as by {@link idField}). */
function idListField(valid: () => string[]): Field {
  const one = idField(valid, { required: true });
  return {
    values: fc.oneof(
      {
        weight: 6,
        arbitrary: fc.array(
          one.values.filter((value) => value !== undefined),
          { maxLength: 3 },
        ),
      },
      // Not an array: `["x"]` of wrongTypes would be a list of an id that merely does not exist.
      { weight: 1, arbitrary: wrongTypes.filter((value) => !Array.isArray(value)) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    async rejects(value) {
      if (value === undefined) return false;
      if (!Array.isArray(value)) return true;
      for (const item of value) if (await one.rejects(item)) return true;
      return false;
    },
  };
}

/** A field no request carries: its verdict is the provider's documented rule. */
function localField(values: fc.Arbitrary<unknown>, accepts: (value: unknown) => boolean): Field {
  return {
    values: fc.oneof({ weight: 8, arbitrary: values }, { weight: 1, arbitrary: fc.constant(undefined) }),
    rejects: (value) => Promise.resolve(value !== undefined && !accepts(value)),
  };
}

function wrongTypesList(): unknown[] {
  return [7, true, {}, [], ["x"]];
}

/** `values`, plus values of the wrong type, plus null when the field is not nullable on either side. */
function orWrong(values: fc.Arbitrary<unknown>, options: { null?: boolean } = { null: true }): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary: values }, { weight: 1, arbitrary: wrongTypes }, ...(options.null ? [{ weight: 1, arbitrary: fc.constant(null) }] : []));
}

const LETTERS_DIGITS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Language codes: the emulator's, well-formed codes outside its list, and strings not of a code's form. */
const languageCodes = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<string>(...LANGUAGES) },
    { weight: 1, arbitrary: fc.constantFrom("ga", "pt-pt", "es-mx", "xx", "zh-cn", "tlh") },
    { weight: 1, arbitrary: fc.constantFrom("EN", "e", "engl", "pt-", "pt_br", "-br", "pt-b", "pt-brazilian", "fr ", "") },
    { weight: 2, arbitrary: fc.string({ maxLength: 12 }).filter((value) => !LANGUAGE_CODE.test(value)) },
  );

const paragraph = (words: unknown) => ({ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: words, marks: [] }] }] });

/** Valid, invalid and misshapen documents (API.md 2.3) that the provider and the emulator judge alike. */
const documents = (): fc.Arbitrary<unknown> =>
  fc.constantFrom<unknown>(
    { object: "document", data: { schemaVersion: 1 }, nodes: [] },
    { object: "document", data: { schemaVersion: 1 }, nodes: [paragraph("Answer in English.")] },
    { object: "document", data: { schemaVersion: 1, extra: true }, nodes: [paragraph("Keep product names."), paragraph("Be brief.")] },
    { object: "doc", data: { schemaVersion: 1 }, nodes: [] },
    { object: "document", nodes: [] },
    { object: "document", data: {}, nodes: [] },
    { object: "document", data: { schemaVersion: "1" }, nodes: [] },
    { object: "document", data: { schemaVersion: 1 } },
    { object: "document", data: { schemaVersion: 1 }, nodes: "text" },
    { object: "document", data: { schemaVersion: 1 }, nodes: [{ object: "text", leaves: [] }] },
    { object: "document", data: { schemaVersion: 1 }, nodes: [{ object: "block", type: "" }] },
    { object: "document", data: { schemaVersion: 1 }, nodes: [{ object: "block" }] },
    { object: "document", data: { schemaVersion: 1 }, nodes: [], extra: 1 },
    "Answer in English.",
    7,
    [],
  );

function specs(): Spec[] {
  const orgPath = () => `/orgs/${org}`;
  const patchOrg = (field: string) => (value: unknown) => rejectedBy("OrganizationSettings", "PATCH", orgPath(), { [field]: value });
  const samlPost = (field: string) => (value: unknown) =>
    rejectedBy("SamlProvider", "POST", `${orgPath()}/saml`, field === "label" ? { label: value } : { label: "probe", [field]: value }, (body) => `${orgPath()}/saml/${body.id}`);
  const patchSite0 = (kind: string, field: string) => (value: unknown) => rejectedBy(kind, "PATCH", `${orgPath()}/sites/${fixture.site0}`, { [field]: value });
  const postSite = (field: string) => (value: unknown) => rejectedBy("Site", "POST", `${orgPath()}/sites`, { [field]: value }, (body) => `${orgPath()}/sites/${body.id}`);
  const patchSection0 = (field: string) => (value: unknown) =>
    rejectedBy("SiteSection", "PATCH", `${orgPath()}/sites/${fixture.site0}/sections/${fixture.section0}`, { [field]: value });
  const patchGroup0 = (field: string) => (value: unknown) =>
    rejectedBy("SiteSectionGroup", "PATCH", `${orgPath()}/sites/${fixture.site0}/section-groups/${fixture.group0}`, { [field]: value });
  const patchSiteSpace0 = (field: string) => (value: unknown) =>
    rejectedBy("SiteSpace", "PATCH", `${orgPath()}/sites/${fixture.site0}/site-spaces/${fixture.siteSpace0}`, { [field]: value });
  const organization = idField(() => [org], { required: true });
  const pathSegments = () => nearPattern(`${LETTERS_DIGITS}_-`, "/. @é", 101);
  const patchSpace0 = (field: string) => (value: unknown) => rejectedBy("Space", "PATCH", `/spaces/${fixture.space0}`, { [field]: value });
  // Valid, invalid and misshapen merge rules; the same shared schema serves OrganizationSettings and Space.
  const mergeRulesValues = () =>
    fc.constant(0).chain(() =>
      fc.constantFrom<unknown>(
        { type: "inherit" },
        { type: "none" },
        { type: "rules", rules: [] },
        {
          type: "rules",
          rules: [
            { rule: "require_one_of_specific_reviewers", users: [fixture.users[0]] },
            { rule: "allow_bypass", users: [] },
          ],
        },
        { type: "rules", rules: [{ rule: "require_at_least_one_review" }, { rule: "custom", users: [fixture.users[0]] }] },
        { type: "rules", rules: [{ rule: "two_reviews" }] },
        { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [fixture.users[0]] }] },
        { type: "rules", rules: [{ rule: "require_specific_reviewers" }] },
        { type: "rules", rules: [{ rule: "" }] },
        { type: "rules", rules: [{ rule: "require_specific_reviewers", users: "u" }] },
        { type: "rules", rules: [{ rule: "require_specific_reviewers", extra: 1 }] },
        { type: "always" },
        { type: "inherit", extra: 1 },
        { rules: [] },
        "inherit",
      ),
    );

  return [
    {
      kind: "OrganizationSettings",
      definition: organizationSettings,
      base: () => ({ organizationId: org }),
      fields: {
        organizationId: organization,
        title: probed(orWrong(texts(256)), patchOrg("title")),
        emailDomains: probed(orWrong(fc.array(orWrong(texts(254)), { maxLength: 3 })), patchOrg("emailDomains")),
        hostname: probed(orWrong(texts(33)), patchOrg("hostname")),
        defaultRole: probed(fc.oneof(enumCandidates(ROLES), fc.constant(null)), patchOrg("defaultRole")),
        defaultContent: probed(
          fc
            .constant(0)
            .chain(() =>
              fc.constantFrom<unknown>(
                null,
                { type: "site", site: fixture.site0 },
                { type: "space", site: fixture.site0 },
                { type: "site" },
                { type: "site", site: "" },
                { site: fixture.site0 },
                { type: "site", site: fixture.site0, extra: 1 },
                "site",
                7,
              ),
            ),
          patchOrg("defaultContent"),
        ),
        logo: urlField(2048, patchOrg("logo"), [null]),
        sso: probed(booleans, patchOrg("sso")),
        ai: probed(booleans, patchOrg("ai")),
        inviteLinks: probed(booleans, patchOrg("inviteLinks")),
        mergeRules: probed(mergeRulesValues(), patchOrg("mergeRules")),
      },
      // The organization is adopted, never deleted.
      cleanup: async () => {},
    },
    {
      kind: "Team",
      definition: team,
      base: () => ({ organizationId: org, title: "Team" }),
      fields: {
        organizationId: organization,
        title: probed(orWrong(texts(101)), (value) => rejectedBy("Team", "PUT", `${orgPath()}/teams`, { title: value }, (body) => `${orgPath()}/teams/${body.id}`), {
          required: true,
        }),
        members: idListField(() => fixture.users),
      },
      cleanup: async (id) => {
        await h.api("DELETE", `${orgPath()}/teams/${id}`);
      },
    },
    {
      kind: "OrganizationMember",
      definition: organizationMember,
      // The admin's role is left alone: the harness's token is theirs. The member is named by user
      // id; `email` (exclusive with it, a rule across fields) has its own provider tests.
      base: () => ({ organizationId: org, userId: h.users.reader, role: "read" }),
      fields: {
        organizationId: organization,
        userId: idField(() => [h.users.editor, h.users.reader], { required: true }),
        role: probed(
          fc.oneof(enumCandidates(ROLES), fc.constant(null)),
          (value) => rejectedBy("OrganizationMember", "PATCH", `${orgPath()}/members/${h.users.reader}`, { role: value }),
          {
            required: true,
          },
        ),
        removeOnDestroy: localField(booleans, (value) => typeof value === "boolean"),
      },
      // Taken over, never removed (the cleanup does not run the resource's delete).
      cleanup: async () => {},
    },
    {
      kind: "TeamMember",
      definition: teamMember,
      base: () => ({ organizationId: org, teamId: fixture.team, userId: h.users.editor }),
      fields: {
        organizationId: organization,
        teamId: idField(() => [fixture.team], { required: true }),
        userId: idField(() => [h.users.editor], { required: true }),
        role: probed(enumCandidates(["owner", "member"]), (value) =>
          rejectedBy(
            "TeamMember",
            "PUT",
            `${orgPath()}/teams/${fixture.team}/members/${h.users.reader}`,
            { role: value },
            () => `${orgPath()}/teams/${fixture.team}/members/${h.users.reader}`,
          ),
        ),
      },
      // The id is `<teamId>/<userId>`.
      cleanup: async (id) => {
        const [teamId, userId] = id.split("/");
        await h.api("DELETE", `${orgPath()}/teams/${teamId}/members/${userId}`);
      },
    },
    {
      kind: "AgentInstructions",
      definition: agentInstructions,
      base: () => ({ organizationId: org, instructions: { object: "document", data: { schemaVersion: 1 }, nodes: [] } }),
      fields: {
        organizationId: organization,
        instructions: probed(documents(), (value) => rejectedBy("AgentInstructions", "PUT", `${orgPath()}/agent-instructions`, { instructions: value }), { required: true }),
        clearOnDestroy: localField(booleans, (value) => typeof value === "boolean"),
      },
      // The organization's one document is adopted, never deleted; the next case writes its own.
      cleanup: async () => {},
    },
    {
      kind: "Translation",
      definition: translation,
      // A source is required (DESIGN.md 8).
      base: () => ({ organizationId: org, language: "fr", source: { space: h.spaceIds[0], language: "en" } }),
      fields: {
        organizationId: organization,
        language: probed(
          orWrong(languageCodes(), { null: false }),
          (value) =>
            rejectedBy(
              "Translation",
              "POST",
              `${orgPath()}/translations`,
              { language: value, source: { space: h.spaceIds[0], language: "en" } },
              (body) => `${orgPath()}/translations/${body.id}`,
            ),
          { required: true },
        ),
        source: probed(
          fc
            .constant(0)
            .chain(() =>
              fc.oneof(
                fc.record({ space: fc.constantFrom(h.spaceIds[0], ""), language: orWrong(languageCodes(), { null: false }) }, { requiredKeys: [] }),
                fc.constantFrom<unknown>({ space: h.spaceIds[0], extra: 1 }, "en", 7, [], { space: 7 }),
              ),
            ),
          (value) => rejectedBy("Translation", "POST", `${orgPath()}/translations`, { language: "fr", source: value }, (body) => `${orgPath()}/translations/${body.id}`),
          // The API needs a source (DESIGN.md 8).
          { required: true },
        ),
        instructions: probed(documents(), (value) => rejectedBy("Translation", "PUT", `${orgPath()}/translations/${fixture.translation}`, { instructions: value })),
        runTrigger: localField(fc.constantFrom<unknown>("v2.4.0", "release-7", "", 7, true, null), (value) => typeof value === "string" && value !== ""),
      },
      cleanup: async (id) => {
        await h.api("DELETE", `${orgPath()}/translations/${id}`);
      },
    },
    {
      kind: "SamlProvider",
      definition: samlProvider,
      base: () => ({ organizationId: org, label: "Okta" }),
      fields: {
        organizationId: organization,
        label: probed(orWrong(texts(31)), samlPost("label"), { required: true }),
        entityID: probed(orWrong(texts(1025)), samlPost("entityID")),
        certificate: probed(orWrong(texts(10001)), samlPost("certificate")),
        ssoURL: urlField(2048, samlPost("ssoURL")),
        defaultTeam: idField(() => [fixture.team]),
        defaultRole: probed(fc.oneof(enumCandidates(ROLES), fc.constant(null)), samlPost("defaultRole")),
      },
      cleanup: async (id) => {
        await h.api("DELETE", `${orgPath()}/saml/${id}`);
      },
    },
    {
      kind: "Collection",
      definition: collection,
      base: () => ({ organizationId: org, title: "Guides" }),
      fields: {
        organizationId: organization,
        title: probed(orWrong(texts(101)), (value) => rejectedBy("Collection", "POST", `${orgPath()}/collections`, { title: value }, (body) => `/collections/${body.id}`), {
          required: true,
        }),
        description: probed(orWrong(texts(1001)), (value) => rejectedBy("Collection", "PATCH", `/collections/${fixture.collection}`, { description: value })),
        defaultLevel: probed(
          enumCandidates(ROLES).filter((value) => value !== null),
          (value) => rejectedBy("Collection", "PATCH", `/collections/${fixture.collection}`, { defaultLevel: value }),
        ),
        parent: idField(() => [fixture.collection]),
      },
      cleanup: async (id) => {
        await h.api("DELETE", `/collections/${id}`);
      },
    },
    {
      kind: "Space",
      definition: space,
      base: () => ({ organizationId: org, title: "Space" }),
      fields: {
        organizationId: organization,
        title: probed(orWrong(texts(51)), (value) => rejectedBy("Space", "POST", `${orgPath()}/spaces`, { title: value }, (body) => `/spaces/${body.id}`), { required: true }),
        emoji: probed(orWrong(texts(51)), patchSpace0("emoji")),
        parent: idField(() => [fixture.collection]),
        language: probed(orWrong(texts(11)), patchSpace0("language")),
        editMode: probed(enumCandidates(["live", "locked"]), patchSpace0("editMode")),
        defaultLevel: probed(fc.oneof(enumCandidates(ROLES), fc.constant(null)), patchSpace0("defaultLevel")),
        mergeRules: probed(mergeRulesValues(), patchSpace0("mergeRules")),
      },
      cleanup: async (id) => {
        await h.api("DELETE", `/spaces/${id}`);
      },
    },
    {
      kind: "Site",
      definition: site,
      base: () => ({ organizationId: org, title: "Docs" }),
      fields: {
        organizationId: organization,
        title: probed(orWrong(texts(101)), postSite("title"), { required: true }),
        type: probed(enumCandidates(["basic", "premium", "ultimate"]), postSite("type")),
        visibility: probed(enumCandidates(["public", "unlisted", "share-link", "visitor-auth"]), postSite("visibility")),
        basename: probed(orWrong(nearPattern(`${LETTERS_DIGITS}_-`, "/. @é", 101)), patchSite0("Site", "basename")),
        proxy: probed(
          fc.oneof(
            fc
              .tuple(
                nearPattern(`${LETTERS_DIGITS}_-`, "/.@", 12),
                fc.constantFrom("example.com", "docs.example.co", "ex.c", "example"),
                nearPattern(`${LETTERS_DIGITS}_-`, "/.@", 8),
              )
              .map(([sub, domain, path]) => `${sub ? `${sub}.` : ""}${domain}${path ? `/${path}` : ""}`),
            fc.constantFrom<unknown>("example.com/docs", "https://example.com/docs", "example.com/docs/", "example.com", null, 7),
          ),
          patchSite0("Site", "proxy"),
        ),
        adaptiveContent: probed(
          fc.constantFrom<unknown>({ enabled: true }, { enabled: false }, { enabled: "yes" }, {}, { enabled: true, extra: 1 }, true, null),
          patchSite0("Site", "adaptiveContent"),
        ),
        agentsContext: probed(enumCandidates(["excluded", "included"]), patchSite0("Site", "agentsContext")),
        published: localField(booleans, (value) => typeof value === "boolean"),
        spaces: idListField(() => h.spaceIds.slice(0, 2)),
      },
      cleanup: async (id) => {
        await h.api("DELETE", `${orgPath()}/sites/${id}`);
      },
    },
    {
      kind: "SiteSection",
      definition: siteSection,
      base: () => ({ organizationId: org, siteId: fixture.site1, spaceId: fixture.spaceForSections }),
      fields: {
        organizationId: organization,
        siteId: idField(() => [fixture.site1], { required: true }),
        spaceId: idField(() => [fixture.spaceForSections], { required: true }),
        title: probed(orWrong(texts(101)), patchSection0("title")),
        icon: probed(orWrong(texts(101)), patchSection0("icon")),
        path: probed(orWrong(pathSegments()), patchSection0("path")),
        condition: probed(orWrong(texts(1001)), patchSection0("condition")),
        description: probed(orWrong(texts(1001)), patchSection0("description")),
      },
      cleanup: async (id) => {
        await h.api("DELETE", `${orgPath()}/sites/${fixture.site1}/sections/${id}`);
      },
    },
    {
      kind: "SiteSectionGroup",
      definition: siteSectionGroup,
      base: () => ({ organizationId: org, siteId: fixture.site1, title: "Group" }),
      fields: {
        organizationId: organization,
        siteId: idField(() => [fixture.site1], { required: true }),
        title: probed(orWrong(texts(101)), patchGroup0("title"), { required: true }),
        icon: probed(orWrong(texts(101)), patchGroup0("icon")),
        parentSectionGroupId: idField(() => [fixture.group1]),
      },
      cleanup: async (id) => {
        await h.api("DELETE", `${orgPath()}/sites/${fixture.site1}/section-groups/${id}`);
      },
    },
    {
      kind: "SiteSpace",
      definition: siteSpace,
      base: () => ({ organizationId: org, siteId: fixture.site2, spaceId: fixture.spaceForSiteSpaces }),
      fields: {
        organizationId: organization,
        siteId: idField(() => [fixture.site2], { required: true }),
        spaceId: idField(() => [fixture.spaceForSiteSpaces], { required: true }),
        sectionId: idField(() => [fixture.section2]),
        path: probed(orWrong(pathSegments()), patchSiteSpace0("path")),
        condition: probed(orWrong(texts(1001)), patchSiteSpace0("condition")),
      },
      cleanup: async (id) => {
        await h.api("DELETE", `${orgPath()}/sites/${fixture.site2}/site-spaces/${id}`);
      },
    },
    {
      kind: "OpenApiSpec",
      definition: openApiSpec,
      base: () => ({ organizationId: org, slug: "petstore", source: { url: "https://specs.example.com/petstore.yaml" } }),
      fields: {
        organizationId: organization,
        slug: probed(
          orWrong(nearPattern(`${LETTERS_DIGITS}-`, "_. /é", 101)),
          (value) =>
            rejectedBy(
              "OpenApiSpec",
              "POST",
              `${orgPath()}/openapi`,
              { slug: value, source: { url: "https://specs.example.com/a.yaml" } },
              (body) => `${orgPath()}/openapi/${body.slug}`,
            ),
          { required: true },
        ),
        source: (() => {
          const url = urlField(2048, () => Promise.resolve(false));
          const post = (value: unknown) =>
            rejectedBy("OpenApiSpec", "POST", `${orgPath()}/openapi`, { slug: "probe-source", source: value }, () => `${orgPath()}/openapi/probe-source`);
          return {
            values: fc.oneof(
              { weight: 8, arbitrary: url.values.filter((value) => value !== undefined).map((value) => ({ url: value })) },
              { weight: 1, arbitrary: fc.constantFrom<unknown>({}, { url: "https://specs.example.com/a.yaml", ref: "main" }, "https://specs.example.com/a.yaml", null) },
            ),
            async rejects(value: unknown) {
              if (hasLoneSurrogate(value)) return true;
              const inner = (value as { url?: unknown } | null)?.url;
              if (typeof inner === "string" && NOT_IN_URI.test(inner)) return true;
              return post(value);
            },
          } satisfies Field;
        })(),
        visibility: probed(enumCandidates(["private", "public"]), (value) => rejectedBy("OpenApiSpec", "PATCH", `${orgPath()}/openapi/${fixture.spec}`, { visibility: value })),
        waitForProcessing: localField(
          fc.constantFrom<unknown>(
            true,
            false,
            {},
            { timeoutSeconds: 1 },
            { timeoutSeconds: 3600 },
            { timeoutSeconds: 0 },
            { timeoutSeconds: 3601 },
            { timeoutSeconds: 1.5 },
            { timeoutSeconds: "5" },
            { timeout: 5 },
            "yes",
          ),
          (value) => {
            if (typeof value === "boolean") return true;
            if (value === null || typeof value !== "object" || Object.keys(value).some((key) => key !== "timeoutSeconds")) return false;
            const seconds = (value as { timeoutSeconds?: unknown }).timeoutSeconds;
            return seconds === undefined || (Number.isInteger(seconds) && (seconds as number) >= 1 && (seconds as number) <= 3600);
          },
        ),
      },
      // The emulator fails processing for URLs naming `fail` or `timeout`; that is not validation.
      prepare: (inputs) => {
        const url = String((inputs.source as { url: string }).url).toLowerCase();
        return /fail|timeout|\.invalid/.test(url) ? { ...inputs, waitForProcessing: false } : inputs;
      },
      cleanup: async (id) => {
        await h.api("DELETE", `${orgPath()}/openapi/${encodeURIComponent(id)}`);
      },
    },
  ];
}

async function setUpFixtures(): Promise<void> {
  const must = async (method: "POST" | "PUT", path: string, body: unknown) => {
    const response = await h.api(method, path, body);
    if (response.status !== 201 && response.status !== 200) throw new Error(`fixture ${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const orgPath = `/orgs/${org}`;
  fixture.users = [h.users.admin, h.users.editor, h.users.reader];
  fixture.team = (await must("PUT", `${orgPath}/teams`, { title: "Fixture team", members: [] })).id;
  fixture.collection = (await must("POST", `${orgPath}/collections`, { title: "Fixture collection" })).id;
  fixture.space0 = await h.createSpace("Probe space");
  const [spaceA, spaceB, spaceC] = [h.spaceIds[0], await h.createSpace("Sections space"), await h.createSpace("Site spaces space")];
  fixture.spaceForSections = spaceB;
  fixture.spaceForSiteSpaces = spaceC;
  fixture.site0 = (await must("POST", `${orgPath}/sites`, { title: "Probe site" })).id;
  const section0 = await must("POST", `${orgPath}/sites/${fixture.site0}/sections`, { spaceId: spaceA, title: "Probe section" });
  fixture.section0 = section0.id;
  fixture.siteSpace0 = section0.siteSpaces[0].id;
  fixture.group0 = (await must("POST", `${orgPath}/sites/${fixture.site0}/section-groups`, { title: "Probe group" })).id;
  fixture.site1 = (await must("POST", `${orgPath}/sites`, { title: "Sections site" })).id;
  fixture.group1 = (await must("POST", `${orgPath}/sites/${fixture.site1}/section-groups`, { title: "Parent group" })).id;
  await must("POST", `${orgPath}/sites/${fixture.site1}/sections`, { spaceId: spaceA, title: "zz fixture section q" });
  fixture.site2 = (await must("POST", `${orgPath}/sites`, { title: "Site spaces site" })).id;
  fixture.section2 = (await must("POST", `${orgPath}/sites/${fixture.site2}/sections`, { spaceId: spaceA, title: "zz fixture section r" })).id;
  fixture.translation = (await must("POST", `${orgPath}/translations`, { language: "de", source: { space: h.spaceIds[0], language: "en" } })).id;
  fixture.spec = (await must("POST", `${orgPath}/openapi`, { slug: "zz-fixture-spec", source: { url: "https://specs.example.com/fixture.yaml" } })).slug;
}

beforeAll(async () => {
  h = await startHarness({ openapiProcessingMs: 20 });
  org = h.organizationId;
  await setUpFixtures();
}, 60_000);

afterAll(async () => {
  const columns = ["tried", "rejected", "values", "rejectedValues", "created", "probes"] as const;
  const row = (name: string, counts: Record<(typeof columns)[number], number>) =>
    `  ${name.padEnd(22)}${columns.map((column) => String(counts[column]).padStart(column.length + 2)).join("")}`;
  const total = Object.fromEntries(columns.map((column) => [column, Object.values(stats).reduce((sum, counts) => sum + counts[column], 0)])) as Record<
    (typeof columns)[number],
    number
  >;
  console.log(
    [
      `validation properties (seed ${SEED}, ${RUNS} runs per resource): cases tried and rejected by check, field values judged and rejected, objects created, API probes`,
      `  ${"resource".padEnd(22)}${columns.map((column) => `  ${column}`).join("")}`,
      ...Object.entries(stats).map(([kind, counts]) => row(kind, counts)),
      row("total", total),
    ].join("\n"),
  );
  await h?.close();
});

/** Any JSON-like value, sometimes wrapped thousands of levels deep in objects and arrays. */
const anyInput: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.anything({ maxDepth: 4, withNullPrototype: true }) },
  { weight: 1, arbitrary: fc.tuple(fc.anything({ maxDepth: 1 }), fc.integer({ min: 30, max: 5_000 })).map(([leaf, depth]) => deep(leaf, depth)) },
  { weight: 1, arbitrary: fc.integer({ min: 30, max: 5_000 }).map((depth) => deep(UNKNOWN, depth)) },
);

function deep(leaf: unknown, depth: number): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

describe.each(specs().map((spec) => [spec.kind, spec] as const))("%s: check never throws", (kind, spec) => {
  it(`answers with failures naming a property for ${RUNS} inputs of any shape`, async () => {
    const provider = providerOf(spec.definition, h.client);
    const keys = fc.oneof(fc.constantFrom(...Object.keys(spec.fields), "adopt"), fc.string({ maxLength: 8 }));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(keys, anyInput, { maxKeys: 4 }), async (extra) => {
        const result = await provider.check({}, { __provider: PROVIDER, ...spec.base(), ...extra });
        for (const failure of result.failures ?? []) expect(typeof failure.property === "string" && typeof failure.reason === "string").toBe(true);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 60_000);
});

/** The top-level input a failure is about: `emailDomains.1` -> `emailDomains`. */
const rootOf = (property: string) => property.split(".")[0];

describe.each(specs().map((spec) => [spec.kind, spec] as const))("%s: check agrees with the API on every rule", (kind, spec) => {
  it(`holds for ${RUNS} generated inputs: the same verdict per field, failures that name the property, and accepted inputs that create for real`, async () => {
    stats[kind] = { tried: 0, rejected: 0, values: 0, rejectedValues: 0, created: 0, probes: 0 };
    const provider = providerOf(spec.definition, h.client);
    const arbitraries = Object.fromEntries(Object.entries(spec.fields).map(([key, field]) => [key, field.values]));
    await fc.assert(
      fc.asyncProperty(fc.record(arbitraries, { requiredKeys: [] }), fc.subarray(Object.keys(spec.fields)), async (generated, unknownKeys) => {
        stats[kind].tried++;
        const inputs: Record<string, unknown> = { ...spec.base(), ...generated };
        const result = await provider.check({}, { __provider: PROVIDER, ...inputs });
        const failures = result.failures ?? [];

        // 1. The same verdict as the API, field by field.
        const expected = new Set<string>();
        for (const [key, field] of Object.entries(spec.fields)) {
          if (!(key in generated)) continue;
          stats[kind].values++;
          if (await field.rejects(inputs[key])) expected.add(key);
        }
        stats[kind].rejectedValues += expected.size;
        const named = new Set(failures.map((failure) => rootOf(failure.property)));
        expect({ inputs, failing: [...named].sort() }).toEqual({ inputs, failing: [...expected].sort() });
        // 2. Every failure names its property.
        for (const failure of failures) {
          expect(failure.property).not.toBe("");
          expect(failure.reason.startsWith(`${failure.property}: `) || failure.reason.startsWith("unknown property")).toBe(true);
        }
        if (failures.length > 0) stats[kind].rejected++;

        // 3. The same case with every value the API rejects left out (required ones back to their
        // base value) is accepted, and the whole create runs against the API, every step, without
        // an error: no 400 at a later step, no partial create.
        const kept: Record<string, unknown> = spec.base();
        for (const [key, value] of Object.entries(generated)) if (!expected.has(key)) kept[key] = value;
        const accepted = await provider.check({}, { __provider: PROVIDER, ...kept });
        expect({ kept, failures: accepted.failures ?? [] }).toEqual({ kept, failures: [] });
        const checked = { ...(spec.prepare ? spec.prepare(accepted.inputs!) : accepted.inputs), __provider: PROVIDER };
        const created = await provider.create(checked);
        stats[kind].created++;

        // 4. The same case at preview, with some inputs unknown (taken from resources not yet
        // created): no failure, the known inputs normalized exactly as at `up` (defaults
        // included), and no replace of the object just created caused by a known input.
        const preview: Record<string, unknown> = { ...kept };
        for (const key of unknownKeys) preview[key] = UNKNOWN;
        const previewed = await provider.check({}, { __provider: PROVIDER, ...preview });
        expect({ preview, failures: previewed.failures ?? [] }).toEqual({ preview, failures: [] });
        for (const [key, value] of Object.entries(accepted.inputs!)) {
          if (!unknownKeys.includes(key)) expect({ key, value: previewed.inputs![key] }).toEqual({ key, value });
        }
        const diff = await provider.diff(created.id, { ...created.outs, __provider: PROVIDER }, previewed.inputs!);
        for (const key of diff.replaces ?? []) expect({ replaced: key, unknownKeys }).toEqual({ replaced: key, unknownKeys: expect.arrayContaining([key]) });

        await spec.cleanup(created.id, created.outs);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);
});
