import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { definition, EMPTY_SCHEMA } from "../../provider/resources/site-adaptive-schema.ts";
import { importObject } from "../../provider/adapter/resource.ts";
import { checked, failedProperties, type Harness, type Outs, PROVIDER, providerOf, startHarness } from "./support/harness.ts";

let h: Harness;
let provider: ReturnType<typeof providerOf>;
let org: string;

beforeAll(async () => {
  h = await startHarness();
  provider = providerOf(definition, h.requester);
  org = h.organizationId;
});
afterAll(async () => h?.close());
beforeEach(() => h.requester.reset());

const visitors = () => ({
  type: "object",
  properties: {
    unsigned: { type: "object", properties: { betaUser: { type: "boolean" } }, additionalProperties: false },
    isAdmin: { type: "boolean", description: "Signed-in admin" },
  },
  additionalProperties: false,
});
const path = (siteId: string) => `/orgs/${org}/sites/${siteId}/adaptive-schema`;

describe("SiteAdaptiveSchema check: the shape rules of API.md 2.17", () => {
  const failuresOf = (jsonSchema: unknown) => failedProperties(provider, { organizationId: "o", siteId: "s", jsonSchema });

  it("accepts a draft-07 object of unsigned and signed boolean claims", async () => {
    expect(await failuresOf(visitors())).toEqual([]);
    expect(await failuresOf(EMPTY_SCHEMA)).toEqual([]);
    expect(await failuresOf({ ...visitors(), $schema: "http://json-schema.org/draft-07/schema#", title: "Visitors", required: ["isAdmin"] })).toEqual([]);
  });

  it.each([
    ["a type other than object", { ...visitors(), type: "array" }, ["jsonSchema.type"]],
    ["additionalProperties true", { ...visitors(), additionalProperties: true }, ["jsonSchema.additionalProperties"]],
    ["additionalProperties left out", { type: "object", properties: visitors().properties }, ["jsonSchema.additionalProperties"]],
    ["a claim that is not boolean", { ...visitors(), properties: { ...visitors().properties, age: { type: "number" } } }, ["jsonSchema.properties.age.type"]],
    ["no unsigned claims", { ...visitors(), properties: { isAdmin: { type: "boolean" } } }, ["jsonSchema.properties.unsigned"]],
    [
      "an unsigned claim that is not boolean",
      { ...visitors(), properties: { unsigned: { type: "object", properties: { x: { type: "string" } }, additionalProperties: false } } },
      ["jsonSchema.properties.unsigned.properties.x.type"],
    ],
    ["unsigned claims open to more", { ...visitors(), properties: { unsigned: { type: "object", properties: {} } } }, ["jsonSchema.properties.unsigned.additionalProperties"]],
    ["an unknown keyword", { ...visitors(), if: {} }, ["jsonSchema.if"]],
    [
      "a claim with an unknown keyword",
      { ...visitors(), properties: { ...visitors().properties, isAdmin: { type: "boolean", default: true } } },
      ["jsonSchema.properties.isAdmin.default"],
    ],
  ])("refuses %s, sending nothing", async (_case, jsonSchema, failures) => {
    const before = await h.requestCount();
    expect(await failuresOf(jsonSchema)).toEqual(failures);
    expect(await h.requestCount()).toBe(before);
  });

  it("requires the site and the schema; adopt is not an input", async () => {
    expect(await failedProperties(provider, {})).toEqual(["jsonSchema", "organizationId", "siteId"]);
    expect(await failedProperties(provider, { organizationId: "o", siteId: "s", jsonSchema: visitors(), adopt: true })).toEqual(["adopt"]);
  });
});

describe("SiteAdaptiveSchema lifecycle", () => {
  async function create(siteId: string, jsonSchema: Outs = visitors()) {
    return provider.create(await checked(provider, { organizationId: org, siteId, jsonSchema }));
  }

  it("create PUTs the schema (taking over one the site had); id is the site id", async () => {
    const siteId = await h.createSite("Schema");
    await h.api("PUT", path(siteId), { jsonSchema: EMPTY_SCHEMA });
    const { id, outs } = await create(siteId);
    expect(id).toBe(siteId);
    expect(outs).toEqual({ organizationId: org, siteId, jsonSchema: visitors(), updatedAt: expect.any(String) });
    expect((await h.api("GET", path(siteId))).body.jsonSchema).toEqual(visitors());
    expect(h.requester.writes().map((call) => `${call.method} ${call.path}`)).toEqual([`PUT ${path(siteId)}`]);
  });

  it("create takes over a site's identical schema without writing", async () => {
    const siteId = await h.createSite("Same");
    const reordered = { additionalProperties: false, properties: visitors().properties, type: "object" };
    await h.api("PUT", path(siteId), { jsonSchema: reordered });
    h.requester.reset();
    const { id, outs } = await create(siteId);
    expect(id).toBe(siteId);
    expect(outs).toEqual({ organizationId: org, siteId, jsonSchema: reordered, updatedAt: expect.any(String) });
    expect(h.requester.writes()).toEqual([]);
  });

  it("refresh shows no change, then exactly a schema changed in the app; update puts it back", async () => {
    const siteId = await h.createSite("Drift");
    const { id, outs } = await create(siteId);
    const props = { ...outs, __provider: PROVIDER };
    expect((await provider.read(id, props)).props).toEqual(outs);
    const edited = { ...visitors(), properties: { ...visitors().properties, isStaff: { type: "boolean" } } };
    await h.api("PUT", path(siteId), { jsonSchema: edited });
    const drifted = await provider.read(id, props);
    expect(drifted.props.jsonSchema).toEqual(edited);
    expect(drifted.inputs).toEqual({ organizationId: org, siteId, jsonSchema: edited });
    const news = await checked(provider, { organizationId: org, siteId, jsonSchema: visitors() });
    expect(await provider.diff(id, drifted.props, news)).toMatchObject({ changes: true, replaces: [] });
    await provider.update(id, drifted.props, news);
    expect((await h.api("GET", path(siteId))).body.jsonSchema).toEqual(visitors());
  });

  it("diff: key order is no change; another site replaces", async () => {
    const olds = { organizationId: "o", siteId: "s", jsonSchema: visitors(), updatedAt: "t" };
    const reordered = { additionalProperties: false, properties: visitors().properties, type: "object" };
    expect(await provider.diff("s", olds, { organizationId: "o", siteId: "s", jsonSchema: reordered })).toMatchObject({ changes: false });
    expect(await provider.diff("s", olds, { organizationId: "o", siteId: "t", jsonSchema: visitors() })).toMatchObject({ changes: true, replaces: ["siteId"] });
  });

  it("a site without a schema reads as gone", async () => {
    const siteId = await h.createSite("None");
    expect((await provider.read(siteId, { organizationId: org, siteId, jsonSchema: visitors(), __provider: PROVIDER })).id).toBe("");
  });

  it("imports a site's schema never set as the empty one (nothing to declare yet), and fails the import of a site that is gone", async () => {
    const siteId = await h.createSite("Never set");
    const imported = await importObject(definition, { api: h.requester }, siteId, org);
    expect(imported.inputs).toEqual({ organizationId: org, siteId, jsonSchema: EMPTY_SCHEMA });
    // The refresh after the import (OpenTofu's ReadResource) reads it so again.
    expect((await provider.read(siteId, { ...imported.props, __provider: PROVIDER })).props).toEqual(imported.props);
    expect((await h.api("DELETE", `/orgs/${org}/sites/${siteId}`)).status).toBe(205);
    await expect(importObject(definition, { api: h.requester }, siteId, org)).rejects.toThrow(/cannot import .*: no such object/);
  });

  it("delete empties the schema (the API has none to delete), and is idempotent, also once the site is gone", async () => {
    const siteId = await h.createSite("Delete");
    const { id, outs } = await create(siteId);
    await provider.delete(id, outs);
    expect((await h.api("GET", path(siteId))).body.jsonSchema).toEqual(EMPTY_SCHEMA);
    await provider.delete(id, outs);
    expect((await h.api("DELETE", `/orgs/${org}/sites/${siteId}`)).status).toBe(205);
    await provider.delete(id, outs);
  });
});
