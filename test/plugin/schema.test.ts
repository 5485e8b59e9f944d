/**
 * One schema, one source: provider/docs-platform/schema.json is what scripts/generate-schema.mts makes
 * from the kinds' zod schemas, definitions and documented Args, and it says what the definitions
 * say (every kind and input, which inputs replace, which are secret, the aliases from the dynamic
 * types, every lookup as a function, every configuration key).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { descriptionOf } from "../../provider/scripts/kind-descriptions.mts";
import { forDoor } from "../../provider/adapter/doors.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const requireBuilt = createRequire(`${root}provider/dist/index.js`);
const schema = JSON.parse(readFileSync(`${root}provider/docs-platform/schema.json`, "utf8"));

interface Definition {
  kind: string;
  description: string;
  schema: { shape: Record<string, unknown> };
  replaceKeys: readonly string[];
  secretInputKeys?: readonly string[];
}

// Every kind file (the registry, kinds.ts, is none): the registry must hold them all.
const definitions: Definition[] = readdirSync(`${root}provider/resources`)
  .filter((file) => file.endsWith(".ts") && file !== "kinds.ts")
  .map((file) => (requireBuilt(`./resources/${file.replace(/\.ts$/, "")}`) as { definition: Definition }).definition);

const { factsOf } = requireBuilt("./adapter/fields") as { factsOf: (field: unknown) => { description?: string } };

interface Lookup {
  name: string;
  description: string;
  schema: { shape: Record<string, unknown> };
}

/** Every lookup its files export (`...Lookup`), by name. */
function collectLookups(): Record<string, Lookup> {
  const found: Record<string, Lookup> = {};
  for (const file of readdirSync(`${root}provider/lookups`).filter((name) => name.endsWith(".ts"))) {
    const module = requireBuilt(`./lookups/${file.replace(/\.ts$/, "")}`) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      if (exported.endsWith("Lookup") && typeof value === "object" && value !== null) found[(value as Lookup).name] = value as Lookup;
    }
  }
  return found;
}

describe("the plugin's schema", () => {
  it("is the one the generator makes now (run `npm run schema` after changing a kind)", () => {
    const result = (() => {
      try {
        execFileSync(process.execPath, [`${root}provider/scripts/generate-schema.mts`, "--check"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
        return "same";
      } catch (error) {
        return String((error as { stderr?: string }).stderr ?? error);
      }
    })();
    expect(result).toBe("same");
  }, 60_000);

  it("declares every kind with its inputs, replaces, secrets and the alias of its dynamic type", () => {
    const { KINDS } = requireBuilt("./resources/kinds") as { KINDS: readonly Definition[] };
    expect(definitions.map((definition) => definition.kind).sort()).toEqual(KINDS.map((definition) => definition.kind).sort());
    for (const definition of definitions) {
      const resource = schema.resources[`docs-platform:index:${definition.kind}`];
      expect(resource, definition.kind).toBeDefined();
      expect(Object.keys(resource.inputProperties).sort()).toEqual(Object.keys(definition.schema.shape).sort());
      expect(resource.replaceOnChanges ?? []).toEqual([...definition.replaceKeys].sort());
      const secrets = Object.entries(resource.inputProperties as Record<string, { secret?: boolean }>)
        .filter(([, spec]) => spec.secret)
        .map(([key]) => key);
      expect(secrets).toEqual([...(definition.secretInputKeys ?? [])]);
      expect(resource.aliases).toEqual([{ type: `pulumi-nodejs:dynamic/docs-platform:${definition.kind}` }]);
      // The organization falls back to the provider's; everything else the kind requires is required.
      expect(resource.requiredInputs ?? []).not.toContain("organizationId");
      // The resource's description is the one its definition declares, word for word, then the
      // Registry's examples and Import section (test/unit/registry-pages.test.ts checks those).
      expect(resource.description.startsWith(`${descriptionOf(definition.kind)}\n\n{{% examples %}}\n`), definition.kind).toBe(true);
      expect(resource.description.length, definition.kind).toBeGreaterThan(20);
    }
  });

  it("is generated from the declarations, not from the TypeScript source text", () => {
    const generator = readFileSync(`${root}provider/scripts/generate-schema.mts`, "utf8");
    expect(generator).not.toMatch(/from "typescript"|require\("typescript"\)/);
  });

  it("describes a nested object's fields with their zod schemas' descriptions, in every kind that shares the shape", () => {
    const type = (name: string) => schema.types[`docs-platform:index:${name}`].properties;
    // The Customization shape is one declaration for SiteCustomization and SiteSpaceCustomization.
    for (const kind of ["SiteCustomization", "SiteSpaceCustomization"]) {
      expect(type(`${kind}HeaderLinksItem`).style.description, kind).toBe('How the link shows, e.g. `"link"` or `"button-primary"`. 1 to 100 characters.');
      expect(type(`${kind}FooterGroupsItem`).links.description, kind).toBe("The group's links. At most 50 items.");
    }
    // Only a site's customization unsets with null; a site space's override inherits instead.
    expect(type("SiteCustomizationStyling").tint.description).toBe("`null` removes the tint.");
    expect(type("SiteSpaceCustomizationStyling").tint.description).toBeUndefined();
    // A document's fields, not a block's, in both kinds that take a document.
    for (const name of ["AgentInstructionsInstructions", "TranslationInstructions"]) {
      expect(type(name).data.description, name).toMatch(/^`schemaVersion`/);
      expect(type(name).nodes.description, name).toBe("The document's blocks, in order.");
    }
  });

  it("says who publishes it, where the plugin is downloaded from, and the SDKs' names, at the package's version", () => {
    const manifest = JSON.parse(readFileSync(`${root}provider/package.json`, "utf8"));
    const repository = "https://github.com/docs-platform/pulumi-docs-platform";
    expect(manifest.repository.url).toBe(`git+${repository}.git`);
    expect(schema.version).toBe(manifest.version);
    // Pulumi fills in ${VERSION}; the archives of `npm run release` are attached to the release v<version>.
    expect(schema.pluginDownloadURL).toBe(`${repository}/releases/download/v\${VERSION}/`);
    expect(schema).toMatchObject({
      name: "docs-platform",
      displayName: "Documentation platform",
      publisher: "docs-platform",
      homepage: repository,
      repository,
      license: manifest.license,
      logoUrl: `https://raw.githubusercontent.com/docs-platform/pulumi-docs-platform/main/docs/logo.svg`,
      meta: { supportPack: true },
    });
    expect(schema.keywords).toEqual(expect.arrayContaining(["pulumi", "docs-platform", "category/utility", "kind/native"]));
    expect(readFileSync(`${root}docs/logo.svg`, "utf8")).toContain("<svg");
    // Names this project owns: no `@pulumi/` scope anywhere.
    expect(schema.language.nodejs.packageName).toBe("@docs-platform/pulumi");
    expect(schema.language.python.packageName).toBe("pulumi_docs_platform");
    expect(schema.language.go.importBasePath).toBe("github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform");
    expect(schema.language.java.basePackage).toBe("com.docsplatform");
    expect(JSON.stringify(schema.language)).not.toContain("@pulumi/docs-platform");
  });

  it("declares the lookups as functions and the configuration, the token secret", () => {
    expect(Object.keys(schema.functions).sort()).toEqual(
      ["getCollection", "getMember", "getMembers", "getOrganization", "getSite", "getSpace", "getSpaces", "getTeam"].map((name) => `docs-platform:index:${name}`),
    );
    // Each function says what its lookup's declaration says: description, arguments, result fields.
    const lookups = Object.entries(collectLookups());
    expect(lookups).toHaveLength(8);
    for (const [name, lookup] of lookups) {
      const declared = schema.functions[`docs-platform:index:${name}`];
      expect(declared.description.startsWith(`${forDoor(lookup.description, "pulumi").trimEnd()}\n\n{{% examples %}}\n`), name).toBe(true);
      for (const [key, field] of Object.entries(lookup.schema.shape)) {
        expect(declared.inputs.properties[key].description, `${name}.${key}`).toContain(factsOf(field).description);
      }
    }
    expect(schema.functions["docs-platform:index:getSpace"].outputs.properties.parent.description).toBe("Id of the collection holding the space; absent at the top level.");
    expect(schema.types["docs-platform:index:GetMemberResult"].properties.sso.description).toBe("Whether the member joined through single sign-on.");
    expect(Object.keys(schema.config.variables).sort()).toEqual([
      "apiUrl",
      "maxConcurrentRequests",
      "maxRetries",
      "organizationId",
      "rateLimitShare",
      "requestTimeoutMs",
      "requestsPerSecond",
      "token",
    ]);
    expect(schema.config.variables.token.secret).toBe(true);
    expect(schema.provider.inputProperties).toEqual(schema.config.variables);
    // Every reference resolves.
    const refs = JSON.stringify(schema).match(/"#\/types\/[^"]+"/g) ?? [];
    for (const ref of refs) expect(schema.types[ref.slice(9, -1)], ref).toBeDefined();
  });
});
