import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";

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
    const { Site } = await import("../../provider/resources/site.ts");
    const { SiteSection } = await import("../../provider/resources/site-section.ts");
    const { SiteSpace } = await import("../../provider/resources/site-space.ts");
    const { OpenApiSpec } = await import("../../provider/resources/open-api-spec.ts");
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
