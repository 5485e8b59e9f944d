// The stack-wide organization through the resource classes (wiring, with pulumi's mocks): every
// kind the package exports takes `docs-platform:organizationId` (or DOCS_PLATFORM_ORGANIZATION_ID)
// into its inputs when its own organizationId is left out, and keeps an explicit one.
import * as pulumi from "@pulumi/pulumi";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as docs from "../../provider/index.ts";
import { ConfigurationError } from "../../provider/config/provider-config.ts";
import { DocsPlatformResource } from "../../provider/dynamic/stub.ts";

type AnyResourceClass = new (name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource;

/** Every resource class the package exports. */
const kinds: Array<[string, AnyResourceClass]> = Object.entries(docs as Record<string, unknown>)
  .filter(([, value]) => typeof value === "function" && value.prototype instanceof DocsPlatformResource)
  .map(([kind, value]) => [kind, value as AnyResourceClass]);

const registered = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  await pulumi.runtime.setMocks({
    newResource(args) {
      registered.set(args.name, args.inputs);
      return { id: `${args.name}-id`, state: args.inputs };
    },
    call: () => ({}),
  });
});

afterEach(() => {
  pulumi.runtime.setAllConfig({});
  delete process.env.DOCS_PLATFORM_ORGANIZATION_ID;
});

/** The inputs the engine received for the resource named `name`, once registered. */
async function inputsOf(resource: pulumi.CustomResource, name: string): Promise<Record<string, unknown>> {
  await new Promise((resolve) => resource.urn.apply(resolve));
  const inputs = registered.get(name);
  if (!inputs) throw new Error(`${name} was not registered`);
  return inputs;
}

describe("the stack's organization in every resource's inputs", () => {
  it("covers every resource class the package exports", () => {
    expect(kinds.map(([kind]) => kind)).toEqual(expect.arrayContaining(["Collection", "OrganizationSettings", "Site", "Space", "Team"]));
  });

  it.each(kinds)("%s without organizationId gets docs-platform:organizationId", async (kind, Resource) => {
    pulumi.runtime.setAllConfig({ "docs-platform:organizationId": "org-config" });
    process.env.DOCS_PLATFORM_ORGANIZATION_ID = "org-env";
    const name = `${kind}-from-config`;
    expect(await inputsOf(new Resource(name, { title: "T" }), name)).toMatchObject({ organizationId: "org-config" });
  });

  it.each(kinds)("%s without organizationId falls back to DOCS_PLATFORM_ORGANIZATION_ID", async (kind, Resource) => {
    process.env.DOCS_PLATFORM_ORGANIZATION_ID = "org-env";
    const name = `${kind}-from-env`;
    expect(await inputsOf(new Resource(name, { title: "T" }), name)).toMatchObject({ organizationId: "org-env" });
  });

  it.each(kinds)("%s keeps an explicit organizationId over the stack's", async (kind, Resource) => {
    pulumi.runtime.setAllConfig({ "docs-platform:organizationId": "org-config" });
    const name = `${kind}-explicit`;
    expect(await inputsOf(new Resource(name, { title: "T", organizationId: pulumi.output("org-explicit") }), name)).toMatchObject({
      organizationId: "org-explicit",
    });
  });

  it("a resource with no organizationId anywhere fails at construction, naming itself and both settings", () => {
    let thrown: unknown;
    try {
      new docs.Team("orphan", { title: "Orphans" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    expect((thrown as Error).message).toMatch(/^Team "orphan": organizationId is not set\./);
    expect((thrown as Error).message).toContain("docs-platform:organizationId");
    expect((thrown as Error).message).toContain("DOCS_PLATFORM_ORGANIZATION_ID");
    expect(registered.has("orphan")).toBe(false);
  });
});
