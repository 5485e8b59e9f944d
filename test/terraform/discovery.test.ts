/**
 * Discovery in-process (fast tier): the Terraform door's `list` answers (ListResource) and
 * GenerateResourceConfig over the real operations, against an emulator seeded with every kind
 * (support/seeded-organization.ts). Each listed object is what an import of it gives (its
 * identity and state, ImportResourceState's), named and ordered as export names and orders it;
 * `limit` and `site_id` narrow the list; a configuration generated from a state sets nothing only
 * the provider sets. What Terraform makes of it (`terraform query -generate-config-out`, a plan
 * with no change) is tofu-discovery.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { exportOrganization } from "../../provider/cli/export/export.ts";
import { EXPORTERS } from "../../provider/walker/kinds/index.ts";
import { discover } from "../../provider/door-layer/discovery.ts";
import { blockType, decodeDynamicValue, encodeDynamicValue } from "../../provider/terraform/cty.ts";
import { terraformHandler } from "../../provider/terraform/door.ts";
import { identityType } from "../../provider/terraform/identity.ts";
import type { ListResourceEvent, ProviderHandler } from "../../provider/terraform/protocol.ts";
import { serviceDefinition } from "../../provider/terraform/server.ts";
import { resourceTypeName, terraformSchema } from "../../provider/terraform/schema.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type SeededOrganization, seedOrganization } from "./support/seeded-organization.ts";

const schema = terraformSchema();
const provider = serviceDefinition("tfplugin6.Provider");
let emulator: Emulator;
let seeded: SeededOrganization;
let handler: ProviderHandler;
let client: ApiClient;

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:", openapiProcessingMs: 0 });
  const organization = emulator.fixture.organizations[0];
  seeded = await seedOrganization(emulator.url, organization.admin.token, organization.id);
  client = new ApiClient({ baseUrl: emulator.url, token: organization.admin.token });
  handler = terraformHandler();
  // The provider block's whole object (every other attribute null), as OpenTofu sends it.
  const config = encodeDynamicValue(
    { api_url: emulator.url, token: organization.admin.token, organization_id: organization.id },
    blockType(schema.provider),
  );
  const configured = await handler.configureProvider({
    terraformVersion: "1.16.0",
    config: { msgpack: config },
    clientCapabilities: null,
  });
  expect(configured.diagnostics).toEqual([]);
}, 60_000);
afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

/** Every event of a list, each encoded and decoded as the protocol's message on the way. */
async function listed(
  typeName: string,
  config: Record<string, unknown>,
  options: { includeResourceObject?: boolean; limit?: number } = {},
): Promise<ListResourceEvent[]> {
  const listType: ["object", Record<string, "string">] = [
    "object",
    Object.fromEntries(Object.keys(config).map((key) => [key, "string"])),
  ];
  const events: ListResourceEvent[] = [];
  const request = {
    typeName,
    config: { msgpack: encodeDynamicValue(config, listType) },
    includeResourceObject: options.includeResourceObject ?? false,
    limit: options.limit ?? 100,
  };
  for await (const event of handler.listResource!(request)) {
    events.push(
      provider.ListResource.responseDeserialize(provider.ListResource.responseSerialize(event)) as ListResourceEvent,
    );
  }
  return events;
}

const identityOfEvent = (kind: string, event: ListResourceEvent) =>
  decodeDynamicValue(event.identity!.identityData!.msgpack!, identityType(kind));

describe("the Terraform door's list of every kind", () => {
  it("lists every object export finds, named as export names them, each with the identity and state its import gives", async () => {
    const exported = await exportOrganization({
      api: client,
      organizationId: seeded.organizationId,
      kinds: EXPORTERS,
      adopt: true,
      apiUrl: emulator.url,
      project: "acme",
      stack: "dev",
    });
    for (const exporter of EXPORTERS) {
      const kind = exporter.kind;
      const resource = schema.resources.find((candidate) => candidate.kind === kind)!;
      const siteScoped = resource.block.attributes.some((attribute) => attribute.name === "site_id");
      const config = siteScoped ? { organization_id: null, site_id: null } : { organization_id: null };
      const events = await listed(resource.typeName, config, { includeResourceObject: true, limit: 1000 });
      // Export's objects of the kind, in the order its program declares each kind's (natural-key order).
      const names = exported.planned.filter((planned) => planned.object.kind === kind).map((planned) => planned.name);
      expect(events.map((event) => event.displayName).sort(), kind).toEqual([...names].sort());
      for (const event of events) {
        expect(event.diagnostic ?? [], kind).toEqual([]);
        const identity = identityOfEvent(kind, event) as Record<string, string>;
        // An import by that identity gives the same state and identity.
        const imported = await handler.importResourceState({
          typeName: resource.typeName,
          id: "",
          clientCapabilities: null,
          identity: event.identity,
        });
        expect(imported.diagnostics, `${kind} ${JSON.stringify(identity)}`).toEqual([]);
        const [object] = imported.importedResources!;
        expect(decodeDynamicValue(object.identity!.identityData!.msgpack!, identityType(kind))).toEqual(identity);
        expect(decodeDynamicValue(event.resourceObject!.msgpack!, blockType(resource.block))).toEqual(
          decodeDynamicValue(object.state.msgpack!, blockType(resource.block)),
        );
      }
    }
  });

  it("lists in export's order, at most `limit` objects, one site's with `site_id`, and only identities without include_resource", async () => {
    const all = await listed(resourceTypeName("SiteSection"), { organization_id: null, site_id: null });
    expect(all.map((event) => event.displayName)).toEqual(["guides", "reference"]);
    expect(all.every((event) => event.resourceObject === undefined || event.resourceObject === null)).toBe(true);
    expect(
      await listed(resourceTypeName("SiteSection"), { organization_id: null, site_id: null }, { limit: 1 }),
    ).toHaveLength(1);
    const partners = await listed(resourceTypeName("SiteSpace"), {
      organization_id: null,
      site_id: seeded.partnersSiteId,
    });
    expect(partners.map((event) => (identityOfEvent("SiteSpace", event) as { site_id: string }).site_id)).toEqual([
      seeded.partnersSiteId,
    ]);
    const direct = await discover(client, seeded.organizationId, "SiteSpace", { siteId: seeded.portalSiteId });
    expect(direct.map((object) => object.importId)).toEqual(
      direct.map((object) => `${seeded.portalSiteId}/${object.imported.id}`),
    );
  });

  it("answers a list it cannot make with one error diagnostic, naming what is wrong", async () => {
    const unconfigured = terraformHandler();
    const events: ListResourceEvent[] = [];
    const config = {
      msgpack: encodeDynamicValue({ organization_id: null }, ["object", { organization_id: "string" }]),
    };
    for await (const event of unconfigured.listResource!({
      typeName: resourceTypeName("Team"),
      config,
      includeResourceObject: false,
      limit: 10,
    }))
      events.push(event);
    expect(events).toHaveLength(1);
    expect(events[0].diagnostic?.[0]).toMatchObject({
      severity: "ERROR",
      summary: expect.stringContaining("docsplatform_team: Team: the list names no organization"),
    });
    const other = await listed(resourceTypeName("Team"), { organization_id: "org-nowhere" });
    expect(other).toHaveLength(1);
    expect(other[0].diagnostic?.[0]?.summary).toMatch(/^docsplatform_team: /);
  });
});

describe("GenerateResourceConfig", () => {
  it("gives an object's configurable attributes as its state holds them, and null for what only the provider sets", async () => {
    const resource = schema.resources.find((candidate) => candidate.kind === "Site")!;
    const [event] = await listed(
      resource.typeName,
      { organization_id: null },
      { includeResourceObject: true, limit: 1 },
    );
    const answer = await handler.generateResourceConfig!({ typeName: resource.typeName, state: event.resourceObject! });
    expect(answer.diagnostics ?? []).toEqual([]);
    const config = decodeDynamicValue(answer.config!.msgpack!, blockType(resource.block)) as Record<string, unknown>;
    const state = decodeDynamicValue(event.resourceObject!.msgpack!, blockType(resource.block)) as Record<
      string,
      unknown
    >;
    for (const attribute of resource.block.attributes) {
      if (attribute.computed && !attribute.optional) expect(config[attribute.name], attribute.name).toBeNull();
      else expect(config[attribute.name], attribute.name).toEqual(state[attribute.name]);
    }
    expect(config.title).toBe("Developer portal");
    expect(state.id).toBe(seeded.portalSiteId);
    // The configuration is one OpenTofu would take: it validates.
    const validated = await handler.validateResourceConfig({
      typeName: resource.typeName,
      config: answer.config!,
      clientCapabilities: null,
    });
    expect(validated.diagnostics).toEqual([]);
    expect(() => provider.GenerateResourceConfig.responseSerialize(answer)).not.toThrow();
  });
});
