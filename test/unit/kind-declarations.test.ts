/**
 * A kind declares each input's facts once, on the field (`.meta({ replaces: true })`); the
 * definition's key lists are derived from them (adapter/fields.ts), for every kind of the registry.
 * A fact lost or added on a field changes what a diff replaces, what the state encrypts or how the
 * pull-request summary shows a set: the facts below, each named, fail here when one moves.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { declaredKeyLists, factsOf, keysWith } from "../../provider/adapter/fields.ts";
import { KINDS } from "../../provider/resources/kinds.ts";

const definitionOf = (kind: string) => KINDS.find((definition) => definition.kind === kind)!;

describe("the key lists derived from the fields' facts", () => {
  it.each(KINDS.map((definition) => [definition.kind, definition] as const))("%s: are its fields' facts", (_kind, definition) => {
    expect({
      replaceKeys: definition.replaceKeys,
      secretInputKeys: definition.secretInputKeys ?? [],
      setValuedInputKeys: definition.setValuedInputKeys ?? [],
    }).toEqual(declaredKeyLists(definition.schema));
  });

  it("hold the facts a diff, the state and the summary depend on", () => {
    // A field's facts, as the key lists name them.
    const facts = (kind: string) => {
      const { replaceKeys, secretInputKeys = [], setValuedInputKeys = [] } = definitionOf(kind);
      return { replaceKeys, secretInputKeys, setValuedInputKeys };
    };
    expect(facts("Team")).toEqual({ replaceKeys: ["organizationId"], secretInputKeys: [], setValuedInputKeys: ["members"] });
    expect(facts("SamlProvider")).toEqual({ replaceKeys: ["organizationId"], secretInputKeys: ["certificate"], setValuedInputKeys: [] });
    expect(facts("OrganizationSettings").setValuedInputKeys).toEqual(["emailDomains"]);
    expect(facts("OrganizationMember").replaceKeys).toEqual(["organizationId", "userId", "email"]);
    expect(facts("TeamMember").replaceKeys).toEqual(["organizationId", "teamId", "userId", "email"]);
    expect(facts("Translation").replaceKeys).toEqual(["organizationId", "language", "source"]);
    expect(facts("Site").replaceKeys).toEqual(["organizationId", "type"]);
    expect(facts("SiteSpace").replaceKeys).toEqual(["organizationId", "siteId", "sectionId"]);
    expect(facts("SiteSpaceCustomization").replaceKeys).toEqual(["organizationId", "siteId", "siteSpaceId"]);
    expect(facts("OpenApiSpec").replaceKeys).toEqual(["organizationId", "slug"]);
    // Moved in place, never replaced: a collection or a space changes organization or parent with a move.
    expect(facts("Collection").replaceKeys).toEqual([]);
    expect(facts("Space").replaceKeys).toEqual([]);
    // Only SAML's certificate is a secret input, and only two inputs are sets.
    expect(KINDS.flatMap((definition) => (definition.secretInputKeys ?? []).map((key) => `${definition.kind}.${key}`))).toEqual(["SamlProvider.certificate"]);
    expect(KINDS.flatMap((definition) => (definition.setValuedInputKeys ?? []).map((key) => `${definition.kind}.${key}`)).sort()).toEqual([
      "OrganizationSettings.emailDomains",
      "Team.members",
    ]);
  });
});

describe("factsOf", () => {
  it("finds a fact wherever the field's chain declares it: before or after optional, nullable, default, a transform", () => {
    const shape = z.strictObject({
      inner: z.string().meta({ replaces: true }).optional(),
      outer: z.string().optional().meta({ replaces: true }),
      defaulted: z.enum(["a", "b"]).meta({ replaces: true }).default("a"),
      nullable: z.string().meta({ secret: true }).nullable().optional(),
      transformed: z
        .array(z.string())
        .transform((values) => [...values].sort())
        .meta({ setValued: true })
        .optional(),
      plain: z.string(),
    });
    expect(keysWith(shape, "replaces")).toEqual(["inner", "outer", "defaulted"]);
    expect(keysWith(shape, "secret")).toEqual(["nullable"]);
    expect(keysWith(shape, "setValued")).toEqual(["transformed"]);
    expect(factsOf(shape.shape.plain)).toEqual({});
  });

  it("lets the outermost declaration win, and leaves a shared schema's other uses without the fact", () => {
    const shared = z.string();
    const field = shared.meta({ replaces: true }).optional().meta({ replaces: false });
    expect(factsOf(field).replaces).toBe(false);
    expect(factsOf(shared)).toEqual({});
  });

  it("does not change what the field accepts or how it normalizes", () => {
    const field = z
      .array(z.string())
      .transform((values) => [...new Set(values)].sort())
      .meta({ setValued: true })
      .optional();
    expect(field.parse(["b", "a", "b"])).toEqual(["a", "b"]);
    expect(field.parse(undefined)).toBeUndefined();
    expect(field.safeParse([1]).success).toBe(false);
  });
});

describe("a kind's natural key", () => {
  it("is one text per kind: what adopt: true, an interrupted create, the preview's duplicate check and the lookups name", async () => {
    const { readFileSync } = await import("node:fs");
    const { fileOf } = await import("../../provider/resources/kinds.ts");
    for (const definition of KINDS) {
      const source = readFileSync(new URL(`../../provider/resources/${fileOf(definition.kind)}.ts`, import.meta.url), "utf8");
      // A create that searches by the natural key names it through the kind's one constant, never a second text.
      if (definition.naturalKey !== undefined && source.includes("matchedBy")) {
        expect(source, definition.kind).toMatch(/naturalKey: NATURAL_KEY,/);
        expect(source, definition.kind).not.toMatch(/matchedBy: "/);
      }
    }
    // Site: the title, as adopt, the preview and getSite match it (not "title and type").
    expect(KINDS.find((definition) => definition.kind === "Site")?.naturalKey).toBe("title within the organization");
  });
});

describe("the plugin's schema.json", () => {
  it("documents every input of every kind (SiteSpaceCustomization's, a type alias over Customization, were lost)", async () => {
    const { readFileSync } = await import("node:fs");
    const schema = JSON.parse(readFileSync(new URL("../../provider/docs-platform/schema.json", import.meta.url), "utf8")) as {
      resources: Record<string, { inputProperties: Record<string, { description?: string }> }>;
    };
    const undocumented = Object.entries(schema.resources).flatMap(([token, resource]) =>
      Object.entries(resource.inputProperties)
        .filter(([, property]) => !property.description)
        .map(([key]) => `${token}.${key}`),
    );
    expect(undocumented).toEqual([]);
    expect(Object.keys(schema.resources)).toHaveLength(KINDS.length);
  });
});

describe("each input field's declared documentation and reference", () => {
  const fields = KINDS.flatMap((definition) => Object.entries(definition.schema.shape).map(([key, field]) => [definition.kind, key, factsOf(field)] as const));

  it("every input of every kind carries its description on the field", () => {
    expect(fields.filter(([, , facts]) => !facts.description?.trim()).map(([kind, key]) => `${kind}.${key}`)).toEqual([]);
  });

  it("every refersTo names a kind of the registry, and the id fields that name one say so", () => {
    const kinds = new Set(KINDS.map((definition) => definition.kind));
    expect(fields.filter(([, , facts]) => facts.refersTo !== undefined && !kinds.has(facts.refersTo)).map(([kind, key]) => `${kind}.${key}`)).toEqual([]);
    const refers = Object.fromEntries(fields.filter(([, , facts]) => facts.refersTo).map(([kind, key, facts]) => [`${kind}.${key}`, facts.refersTo]));
    expect(refers).toMatchObject({
      "Collection.parent": "Collection",
      "SiteSection.siteId": "Site",
      "SiteSpace.sectionId": "SiteSection",
      "SiteSpaceCustomization.siteSpaceId": "SiteSpace",
      "TeamMember.teamId": "Team",
    });
  });
});

describe("the output keys a resource registers, derived from the definition's outputs", () => {
  it.each(KINDS.map((definition) => [definition.kind, definition] as const))("%s: are its declared outputs that are not inputs, each undefined", async (_kind, definition) => {
    const { outputSlots } = await import("../../provider/dynamic/args.ts");
    const slots = outputSlots(definition);
    const inputs = Object.keys(definition.schema.shape);
    expect(Object.keys(slots)).toEqual(Object.keys(definition.outputs?.shape ?? {}).filter((key) => !inputs.includes(key)));
    expect(Object.values(slots).every((value) => value === undefined)).toBe(true);
  });

  // The keys the constructors that had outputs listed by hand before (a kind added since needs no entry): a key lost here is an output the engine no longer reads back.
  const slotsBefore: Record<string, string[]> = {
    AgentInstructions: ["updatedAt", "updatedBy", "urls"],
    Collection: ["urls"],
    OpenApiSpec: ["specId", "processingState", "lastVersion", "lastProcessedAt", "lastProcessErrorCode", "lastProcessedErrors", "createdAt", "updatedAt", "urls", "publishedUrl"],
    OrganizationMember: ["joinedAt", "disabled", "sso"],
    OrganizationSettings: ["type", "plan", "useCase", "communityType", "customHostname", "urls", "createdAt"],
    SamlProvider: ["status", "service", "urls", "createdAt"],
    Site: ["hostname", "siteSpaces", "createdAt", "urls", "publishedUrl", "previewUrl"],
    SiteAdaptiveSchema: ["updatedAt"],
    SiteSection: ["siteSpaceId", "siteSpaceIds", "default", "sectionGroup", "publishedUrl"],
    SiteSpace: ["title", "default", "publishedUrl"],
    Space: ["visibility", "urls", "createdAt"],
    Team: ["spaces", "createdAt"],
    Translation: ["status", "result", "stats", "urls", "createdAt", "updatedAt"],
  };

  it.each(Object.entries(slotsBefore))("%s: registers the keys its constructor listed by hand before", async (kind, keys) => {
    const { outputSlots } = await import("../../provider/dynamic/args.ts");
    expect(Object.keys(outputSlots(definitionOf(kind))).sort()).toEqual([...keys].sort());
  });
});
