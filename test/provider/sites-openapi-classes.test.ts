import * as pulumi from "@pulumi/pulumi";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import * as openApiSpec from "../../provider/resources/open-api-spec.ts";
import { inputKeysOf } from "../../provider/adapter/resource.ts";
import * as siteSection from "../../provider/resources/site-section.ts";
import * as siteSectionGroup from "../../provider/resources/site-section-group.ts";
import * as siteStructure from "../../provider/resources/site-structure.ts";
import * as siteSpace from "../../provider/resources/site-space.ts";
import * as site from "../../provider/resources/site.ts";

const shapes = {
  Site: { definition: site.definition, schema: site.siteInputs, notCompared: ["spaces"] as string[] },
  SiteSection: { definition: siteSection.definition, schema: siteSection.siteSectionInputs, notCompared: [] as string[] },
  SiteSpace: { definition: siteSpace.definition, schema: siteSpace.siteSpaceInputs, notCompared: [] as string[] },
  SiteSectionGroup: { definition: siteSectionGroup.definition, schema: siteSectionGroup.siteSectionGroupInputs, notCompared: [] as string[] },
  SiteStructure: { definition: siteStructure.definition, schema: siteStructure.definition.schema, notCompared: [] as string[] },
  OpenApiSpec: { definition: openApiSpec.definition, schema: openApiSpec.openApiSpecInputs, notCompared: ["waitForProcessing"] as string[] },
};

const kebab = (kind: string) => kind.replace(/(?<!^)([A-Z])/g, "-$1").toLowerCase();

describe("Site, SiteSection, SiteSpace and OpenApiSpec: file shape", () => {
  it.each(Object.entries(shapes))("%s: the compiled file at the kebab-case path exports its definition", (kind, shape) => {
    expect(shape.definition.kind).toBe(kind);
    const require = createRequire(import.meta.url);
    const compiled = require(`../../provider/dist/resources/${kebab(kind)}.js`) as { definition: { kind: string } };
    expect(compiled.definition.kind).toBe(kind);
  });

  it.each(Object.entries(shapes))("%s: inputKeys are the schema's keys but adopt and the creation-only ones; replaceKeys are input keys", (_kind, shape) => {
    const schemaKeys = Object.keys(shape.schema.shape).filter((key) => key !== "adopt" && !shape.notCompared.includes(key));
    expect([...inputKeysOf(shape.definition)].sort()).toEqual(schemaKeys.sort());
    expect(shape.definition.replaceKeys).toContain("organizationId");
    for (const key of shape.definition.replaceKeys) expect(inputKeysOf(shape.definition)).toContain(key);
  });
});

/**
 * Wiring only (setMocks never runs provider methods): each class registers under its documented
 * type token, with the serialized per-kind stub as provider and every output declared.
 */
describe("Site, SiteSection, SiteSpace and OpenApiSpec classes", () => {
  it("register with the documented type tokens and expose inputs and outputs", async () => {
    const registered: { type: string; inputs: Record<string, any> }[] = [];
    await pulumi.runtime.setMocks({
      newResource(args) {
        registered.push({ type: args.type, inputs: args.inputs });
        return { id: `${args.name}-id`, state: { ...args.inputs, processingState: "complete", siteSpaceId: "ss-1", default: true } };
      },
      call: () => ({}),
    });
    const { Site } = await import("../../provider/dynamic/resources/site.ts");
    const { SiteSection } = await import("../../provider/dynamic/resources/site-section.ts");
    const { SiteSpace } = await import("../../provider/dynamic/resources/site-space.ts");
    const { OpenApiSpec } = await import("../../provider/dynamic/resources/open-api-spec.ts");
    const value = <T>(output: pulumi.Output<T>) => new Promise<T>((resolve) => output.apply(resolve));

    const site = new Site("docs", { organizationId: "o", title: "Docs", published: true });
    const section = new SiteSection("guides", { organizationId: "o", siteId: site.id, spaceId: "sp" });
    const siteSpace = new SiteSpace("v2", { organizationId: "o", siteId: site.id, sectionId: section.id, spaceId: "sp2" });
    const spec = new OpenApiSpec("spec", { organizationId: "o", slug: "petstore", source: { url: "https://x.test/a.yaml" }, waitForProcessing: true });

    expect(await value(site.title)).toBe("Docs");
    expect(await value(section.siteSpaceId)).toBe("ss-1");
    expect(await value(siteSpace.default)).toBe(true);
    expect(await value(spec.processingState)).toBe("complete");
    expect(await value(spec.source)).toEqual({ url: "https://x.test/a.yaml" });
    expect(registered.map((r) => r.type).sort()).toEqual([
      "pulumi-nodejs:dynamic/docs-platform:OpenApiSpec",
      "pulumi-nodejs:dynamic/docs-platform:Site",
      "pulumi-nodejs:dynamic/docs-platform:SiteSection",
      "pulumi-nodejs:dynamic/docs-platform:SiteSpace",
    ]);
    for (const { inputs } of registered) {
      expect(typeof inputs.__provider).toBe("string");
      expect(inputs.__provider).toContain("pulumi-docs-platform/dist/runtime/host");
    }
    const siteSpaceInputs = registered.find((r) => r.type.endsWith(":SiteSpace"))!.inputs;
    expect(siteSpaceInputs).toMatchObject({ siteId: "docs-id", sectionId: "guides-id" });
  });
});
