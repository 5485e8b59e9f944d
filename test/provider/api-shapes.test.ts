/**
 * The API's shapes as the provider types them (provider/api/: `ApiCollection` and its siblings)
 * held to the kinds' wire mapping (adapter/wire.ts, issue 49 item 3): every field a kind's
 * declaration reads from the API object (`readFrom`, by default the field's own name) is a
 * property of the kind's `Api*` type, at any depth, so the types a kind's code is written against
 * say what the mapping reads. A field the mapping reads that the type does not hold is named below
 * with where its value comes from instead; a stale name there fails too.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { factsOf } from "../../provider/adapter/fields.ts";
import { type JsonSchema, jsonSchemaOf } from "../../provider/adapter/json-schema.ts";
import { KINDS } from "../../provider/resources/kinds.ts";

const apiDir = fileURLToPath(new URL("../../provider/api/", import.meta.url));

/** Each kind's object as the API answers it: the file under provider/api/ and the type. */
const API_TYPES: Readonly<Record<string, { file: string; type: string }>> = {
  OrganizationSettings: { file: "organizations.ts", type: "ApiOrganization" },
  OrganizationMember: { file: "members.ts", type: "ApiMember" },
  Team: { file: "teams.ts", type: "ApiTeam" },
  TeamMember: { file: "teams.ts", type: "ApiTeamMember" },
  SamlProvider: { file: "saml.ts", type: "ApiSamlProvider" },
  Collection: { file: "collections.ts", type: "ApiCollection" },
  Space: { file: "spaces.ts", type: "ApiSpace" },
  Translation: { file: "translations.ts", type: "ApiTranslation" },
  AgentInstructions: { file: "agent-instructions.ts", type: "ApiAgentInstructions" },
  Site: { file: "sites.ts", type: "ApiSite" },
  SiteSectionGroup: { file: "section-groups.ts", type: "ApiSectionGroup" },
  SiteSection: { file: "site-sections.ts", type: "ApiSiteSection" },
  SiteSpace: { file: "site-spaces.ts", type: "ApiSiteSpace" },
  SiteStructure: { file: "site-structure.ts", type: "ApiStructure" },
  SiteCustomization: { file: "customizations.ts", type: "ApiCustomization" },
  SiteSpaceCustomization: { file: "customizations.ts", type: "ApiCustomization" },
  SiteAdaptiveSchema: { file: "adaptive-schemas.ts", type: "ApiAdaptiveSchema" },
  OpenApiSpec: { file: "openapi-specs.ts", type: "ApiOpenApiSpec" },
};

/**
 * Fields the mapping reads that the API object does not hold: the kind's code lays them over the
 * state (`fromApi(object, known)`), from the request's path or from other requests. Each with why.
 */
const NOT_IN_THE_OBJECT: Readonly<Record<string, string>> = {
  "OrganizationMember.organizationId": "the request's path",
  "OrganizationMember.removeOnDestroy": "the provider's own input, read back from the state",
  "Team.organizationId": "the request's path",
  "Team.members": "the team's member list (GET .../members): the object's `members` is a count",
  "TeamMember.organizationId": "the request's path",
  "TeamMember.teamId": "the request's path",
  "SamlProvider.organizationId": "the request's path",
  "Translation.organizationId": "the request's path",
  "Translation.runTrigger": "the provider's own input, read back from the state",
  "AgentInstructions.organizationId": "the request's path",
  "AgentInstructions.clearOnDestroy": "the provider's own input, read back from the state",
  "Site.organizationId": "the request's path",
  "Site.spaces": "the site's site spaces (GET .../site-spaces)",
  "Site.defaultSiteSpace": "the site's site spaces: the one marked default",
  "Site.defaultSiteSection": "the site's sections: the one marked default",
  "SiteSectionGroup.organizationId": "the request's path",
  "SiteSectionGroup.siteId": "the request's path",
  "SiteSection.organizationId": "the request's path",
  "SiteSection.siteId": "the request's path",
  "SiteSection.spaceId": "the section's first site space (`siteSpaces`)",
  "SiteSection.siteSpaceId": "the section's first site space (`siteSpaces`)",
  "SiteSection.siteSpaceIds": "the section's site spaces (`siteSpaces`)",
  "SiteSection.defaultSiteSpace": "the section's site spaces: the one marked default",
  "SiteSpace.organizationId": "the request's path",
  "SiteSpace.siteId": "the request's path",
  "SiteStructure.organizationId": "the request's path",
  "SiteStructure.siteId": "the request's path",
  "SiteStructure.root": "the tree (`structure`), laid out by the kind's code",
  "SiteStructure.groups": "the tree (`structure`), laid out by the kind's code",
  "SiteStructure.sections": "the tree (`structure`), laid out by the kind's code",
  "SiteAdaptiveSchema.organizationId": "the request's path",
  "SiteAdaptiveSchema.siteId": "the request's path",
  "OpenApiSpec.organizationId": "the request's path",
  "OpenApiSpec.source": "the spec's last version (`sourceURL`, or its content), read by the kind's code",
  "OpenApiSpec.waitForProcessing": "the provider's own input, read back from the state",
};

/** What a value may be, coarsely: enough to tell a count from a list, an id from an object. */
type ValueKind = "string" | "number" | "boolean" | "object" | "array";
const ANY: ReadonlySet<ValueKind> = new Set(["string", "number", "boolean", "object", "array"]);

/** Every field a kind's wire mapping reads from the API object: the dotted path it reads it at, and what the state holds there. */
function readPaths(definition: (typeof KINDS)[number]): { key: string; path: string; kinds: ReadonlySet<ValueKind> }[] {
  const inputs = definition.schema.shape as Record<string, unknown>;
  const outputs = (definition.outputs?.shape ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(inputs), ...Object.keys(outputs)])]
    .filter((key) => key !== "adopt")
    .map((key) => ({
      key,
      path: { ...factsOf(inputs[key]), ...(key in outputs ? factsOf(outputs[key]) : {}) }.readFrom ?? key,
      // What the state holds: the output's schema where the definition describes the field anew.
      kinds: jsonKinds(key in outputs ? jsonSchemaOf(outputs[key], "output") : jsonSchemaOf(inputs[key])),
    }));
}

/** The kinds of value a JSON Schema (zod's) admits; null is left out (null is unset everywhere). */
function jsonKinds(schema: JsonSchema): ReadonlySet<ValueKind> {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) return new Set(variants.flatMap((variant) => [...jsonKinds(variant)]));
  const type = schema.type;
  if (type === undefined) {
    if (Array.isArray(schema.enum)) return new Set(schema.enum.map((value) => typeof value as ValueKind));
    if (schema.const !== undefined) return new Set([typeof schema.const as ValueKind]);
    return ANY;
  }
  return new Set(
    (Array.isArray(type) ? type : [type]).flatMap((name: string): ValueKind[] =>
      name === "integer" ? ["number"] : name === "null" ? [] : [name as ValueKind],
    ),
  );
}

const program = ts.createProgram([...new Set(Object.values(API_TYPES).map(({ file }) => path.join(apiDir, file)))], {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
});
const checker = program.getTypeChecker();

/** The declared type `name` of `file`. */
function apiType(file: string, name: string): ts.Type {
  const source = program.getSourceFile(path.join(apiDir, file))!;
  const symbol = checker
    .getExportsOfModule(checker.getSymbolAtLocation(source)!)
    .find((exported) => exported.name === name);
  if (!symbol) throw new Error(`provider/api/${file} exports no ${name}`);
  return checker.getDeclaredTypeOfSymbol(symbol);
}

/** The types `type` holds at the dotted `path`, one for each member of a union (or index signature) that holds it; none where it holds none. */
function typesAt(type: ts.Type, steps: readonly string[]): ts.Type[] {
  if (steps.length === 0) return [type];
  const members = type.isUnion() ? type.types : [type];
  return members.flatMap((member) => {
    const property = member.getProperty(steps[0]);
    const next = property ? checker.getTypeOfSymbol(property) : member.getStringIndexType();
    if (!next) return [];
    return typesAt(
      next.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown) ? next : checker.getNonNullableType(next),
      steps.slice(1),
    );
  });
}

/** The kinds of value a TypeScript type admits (null and undefined left out). */
function typeKinds(type: ts.Type): ReadonlySet<ValueKind> {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return ANY;
  if (type.isUnion()) return new Set(type.types.flatMap((member) => [...typeKinds(member)]));
  if (type.flags & ts.TypeFlags.StringLike) return new Set(["string"]);
  if (type.flags & ts.TypeFlags.NumberLike) return new Set(["number"]);
  if (type.flags & ts.TypeFlags.BooleanLike) return new Set(["boolean"]);
  if (type.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return new Set();
  if (checker.isArrayType(type) || checker.isTupleType(type)) return new Set(["array"]);
  return new Set(["object"]);
}

/** How `kind`'s Api* type fails to hold a field its mapping reads: not at that path, or not a value of that kind; undefined when it holds it. */
function mismatch(kind: string, { key, path: at, kinds }: ReturnType<typeof readPaths>[number]): string | undefined {
  const { file, type } = API_TYPES[kind];
  const found = typesAt(apiType(file, type), at.split("."));
  if (found.length === 0) return `${key}: read at ${at}, which ${type} does not hold`;
  const held = new Set(found.flatMap((one) => [...typeKinds(one)]));
  if ([...kinds].some((value) => held.has(value))) return undefined;
  return `${key}: read at ${at} as ${[...kinds].join(" or ")}, which ${type} types ${found.map((one) => checker.typeToString(one)).join(" | ")}`;
}

describe("the Api* shapes follow the wire mapping", () => {
  it("names an Api* type for every kind", () => {
    expect(Object.keys(API_TYPES).sort()).toEqual(KINDS.map((definition) => definition.kind).sort());
  });

  it.each(KINDS.map((definition) => [definition.kind, definition] as const))(
    "%s: every field it reads is a property of its Api* type, or named with where it comes from",
    (kind, definition) => {
      const { file, type } = API_TYPES[kind];
      const wrong = readPaths(definition)
        .filter(({ key }) => !(`${kind}.${key}` in NOT_IN_THE_OBJECT))
        .flatMap((field) => mismatch(kind, field) ?? []);
      expect(wrong, `${type} (provider/api/${file}) against what ${kind}'s declaration reads`).toEqual([]);
    },
  );

  it("names no field that is not read, or that the object holds after all", () => {
    const stale = Object.keys(NOT_IN_THE_OBJECT).filter((name) => {
      const [kind, key] = name.split(".");
      const definition = KINDS.find((candidate) => candidate.kind === kind);
      const read = definition && readPaths(definition).find((field) => field.key === key);
      return !read || mismatch(kind, read) === undefined;
    });
    expect(stale).toEqual([]);
  });
});
