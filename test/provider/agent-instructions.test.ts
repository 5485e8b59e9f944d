import * as pulumi from "@pulumi/pulumi";
import { createRequire } from "node:module";
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import { definition, schema } from "../../provider/resources/agent-instructions.ts";
import type { AgentInstructionsArgs } from "../../provider/dynamic/resources/agent-instructions.ts";
import { EMPTY_DOCUMENT } from "../../provider/domain/document.ts";
import { inputKeysOf } from "../../provider/adapter/resource.ts";
import { checked, failedProperties, type Harness, PROVIDER, providerOf, rejectionOf, startHarness } from "./support/harness.ts";

let harness: Harness;
let provider: ReturnType<typeof providerOf>;
let org: string;

beforeAll(async () => {
  harness = await startHarness();
  provider = providerOf(definition, harness.requester);
  org = harness.organizationId;
});
afterAll(async () => harness?.close());
beforeEach(async () => {
  harness.requester.reset();
  // Every test starts from the organization's empty document.
  expect((await harness.api("PUT", path(), { instructions: EMPTY })).status).toBe(200);
});

const EMPTY = { object: "document", data: { schemaVersion: 1 }, nodes: [] };
const paragraph = (words: string) => ({
  object: "block",
  type: "paragraph",
  nodes: [{ object: "text", leaves: [{ object: "leaf", text: words, marks: [] }] }],
});
const documentOf = (...paragraphs: string[]) => ({ object: "document", data: { schemaVersion: 1 }, nodes: paragraphs.map(paragraph) });

const path = (organizationId = org) => `/orgs/${organizationId}/agent-instructions`;

async function serverDocument(organizationId = org) {
  const response = await harness.api("GET", path(organizationId));
  expect(response.status).toBe(200);
  return response.body.instructions;
}

async function createInstructions(inputs: Record<string, unknown>) {
  return provider.create(await checked(provider, { organizationId: org, ...inputs }));
}

describe("AgentInstructions check", () => {
  const valid = () => ({ organizationId: "org", instructions: documentOf("Be brief"), clearOnDestroy: true });

  it.each([
    ["a document of paragraphs", {}],
    ["the empty document", { instructions: EMPTY }],
    ["a document without data.schemaVersion (DESIGN.md 8: the API stores its current version)", { instructions: { ...EMPTY, data: {} } }],
    ["no clearOnDestroy", { clearOnDestroy: undefined }],
    ["clearOnDestroy false", { clearOnDestroy: false }],
  ])("accepts %s", async (_case, change) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual([]);
  });

  it.each([
    ["organizationId is required", { organizationId: undefined }, ["organizationId"]],
    ["organizationId is not empty", { organizationId: "" }, ["organizationId"]],
    ["instructions is required", { instructions: undefined }, ["instructions"]],
    ["instructions is a document", { instructions: { ...EMPTY, object: "block" } }, ["instructions.object"]],
    ["instructions.data.schemaVersion is a number", { instructions: { ...EMPTY, data: { schemaVersion: "1" } } }, ["instructions.data.schemaVersion"]],
    ["a top-level node is a block", { instructions: { ...EMPTY, nodes: [{ object: "text" }] } }, ["instructions.nodes.0.object"]],
    ["a block has a type", { instructions: { ...EMPTY, nodes: [{ object: "block", nodes: [] }] } }, ["instructions.nodes.0.type"]],
    ["clearOnDestroy is a boolean", { clearOnDestroy: "yes" }, ["clearOnDestroy"]],
    ["adopt is not an input (always adopted)", { adopt: true }, ["adopt"]],
    ["an unknown property", { text: "Be brief" }, ["text"]],
  ])("rejects: %s", async (_case, change, properties) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual(properties);
  });

  it("compares instructions and clearOnDestroy; only organizationId replaces", () => {
    expect([...inputKeysOf(definition)].sort()).toEqual(["clearOnDestroy", "instructions", "organizationId"]);
    expect(definition.replaceKeys).toEqual(["organizationId"]);
    expect(typeof definition.findByNaturalKey).toBe("undefined");
  });
});

describe("AgentInstructions provider", () => {
  it("create adopts the organization's document and PUTs the declared one; the id is the organization id", async () => {
    const created = await createInstructions({ instructions: documentOf("Answer in English.") });
    expect(created.id).toBe(org);
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: path(), body: { instructions: documentOf("Answer in English.") } }]);
    expect(created.outs).toEqual({
      organizationId: org,
      instructions: documentOf("Answer in English."),
      updatedAt: expect.any(String),
      updatedBy: harness.users.admin,
      urls: { location: expect.any(String) },
    });
    expect(await serverDocument()).toEqual(documentOf("Answer in English."));
    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read).toEqual({ id: org, props: created.outs, inputs: { organizationId: org, instructions: documentOf("Answer in English.") } });
  });

  it("create sends nothing when the organization already holds the declared document", async () => {
    expect((await harness.api("PUT", path(), { instructions: documentOf("Same") })).status).toBe(200);
    harness.requester.reset();
    const created = await createInstructions({ instructions: documentOf("Same") });
    expect(harness.requester.writes()).toEqual([]);
    expect(created.outs.instructions).toEqual(documentOf("Same"));
  });

  it("create fails clearly for an organization that does not exist", async () => {
    const failure = await rejectionOf(createInstructions({ organizationId: "no-such-org", instructions: EMPTY }));
    expect(failure.message).toMatch(/organization no-such-org does not exist or is not visible to this token/);
    expect(harness.requester.writes()).toEqual([]);
  });

  it("updates the document in place with one PUT; a clearOnDestroy change alone sends nothing", async () => {
    const created = await createInstructions({ instructions: documentOf("One") });
    harness.requester.reset();
    const news = await checked(provider, { organizationId: org, instructions: documentOf("One", "Two") });
    expect(await provider.diff(org, { ...created.outs, __provider: PROVIDER }, news)).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider.update(org, { ...created.outs, __provider: PROVIDER }, news);
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: path(), body: { instructions: documentOf("One", "Two") } }]);
    expect(updated.outs.instructions).toEqual(documentOf("One", "Two"));
    expect(await serverDocument()).toEqual(documentOf("One", "Two"));

    harness.requester.reset();
    const clearing = await checked(provider, { organizationId: org, instructions: documentOf("One", "Two"), clearOnDestroy: true });
    expect(await provider.diff(org, { ...updated.outs, __provider: PROVIDER }, clearing)).toMatchObject({ changes: true, replaces: [] });
    const recorded = await provider.update(org, { ...updated.outs, __provider: PROVIDER }, clearing);
    expect(harness.requester.writes()).toEqual([]);
    expect(recorded.outs).toMatchObject({ clearOnDestroy: true, instructions: documentOf("One", "Two") });
  });

  it("diff: organizationId replaces; the same document in another key order is no change", async () => {
    const olds = { __provider: PROVIDER, organizationId: org, instructions: documentOf("A"), updatedAt: "t" };
    const reordered = { nodes: documentOf("A").nodes, data: { schemaVersion: 1 }, object: "document" };
    expect(await provider.diff(org, olds, { __provider: PROVIDER, organizationId: org, instructions: reordered })).toMatchObject({ changes: false });
    expect(await provider.diff(org, olds, { __provider: PROVIDER, organizationId: "other", instructions: documentOf("A") })).toMatchObject({
      changes: true,
      replaces: ["organizationId"],
    });
    expect(await provider.diff(org, { ...olds, updatedAt: "later" }, { __provider: PROVIDER, organizationId: org, instructions: documentOf("A") })).toMatchObject({
      changes: false,
    });
  });

  it("refresh: fields the API adds are not drift; a real change is, and the next up puts the document back", async () => {
    const created = await createInstructions({ instructions: documentOf("Ours") });
    const filled = { ...documentOf("Ours"), data: { schemaVersion: 1, server: "x" }, nodes: [{ ...paragraph("Ours"), key: "k", isVoid: false }] };
    expect((await harness.api("PUT", path(), { instructions: filled })).status).toBe(200);
    const same = await provider.read(org, { ...created.outs, __provider: PROVIDER });
    expect(same.props.instructions).toEqual(documentOf("Ours"));
    expect(same.inputs).toEqual({ organizationId: org, instructions: documentOf("Ours") });

    for (const drift of [documentOf("Theirs"), documentOf("Ours", "More"), EMPTY]) {
      expect((await harness.api("PUT", path(), { instructions: drift })).status).toBe(200);
      const read = await provider.read(org, { ...created.outs, __provider: PROVIDER });
      expect(read.props.instructions).toEqual(drift);
      expect(read.inputs).toEqual({ organizationId: org, instructions: drift });
    }

    harness.requester.reset();
    const drifted = (await provider.read(org, { ...created.outs, __provider: PROVIDER })).props;
    const news = await checked(provider, { organizationId: org, instructions: documentOf("Ours") });
    expect(await provider.diff(org, { ...drifted, __provider: PROVIDER }, news)).toMatchObject({ changes: true });
    await provider.update(org, { ...drifted, __provider: PROVIDER }, news);
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: path(), body: { instructions: documentOf("Ours") } }]);
    expect(await serverDocument()).toEqual(documentOf("Ours"));
  });

  it("destroy leaves the document by default, and clears it with clearOnDestroy: true; both are harmless twice", async () => {
    const kept = await createInstructions({ instructions: documentOf("Stay") });
    harness.requester.reset();
    await provider.delete(org, { ...kept.outs, __provider: PROVIDER });
    await provider.delete(org, { ...kept.outs, __provider: PROVIDER });
    expect(harness.requester.writes()).toEqual([]);
    expect(await serverDocument()).toEqual(documentOf("Stay"));

    const cleared = await createInstructions({ instructions: documentOf("Go"), clearOnDestroy: true });
    harness.requester.reset();
    await provider.delete(org, { ...cleared.outs, __provider: PROVIDER });
    await provider.delete(org, { ...cleared.outs, __provider: PROVIDER });
    expect(harness.requester.writes()).toEqual([
      { method: "PUT", path: path(), body: { instructions: EMPTY } },
      { method: "PUT", path: path(), body: { instructions: EMPTY } },
    ]);
    expect(await serverDocument()).toEqual(EMPTY);
  });

  it("destroy with clearOnDestroy counts an organization that is gone as done", async () => {
    await expect(provider.delete("no-such-org", { __provider: PROVIDER, organizationId: "no-such-org", instructions: EMPTY, clearOnDestroy: true })).resolves.toBeUndefined();
  });

  it("read of an organization that is gone drops the resource", async () => {
    expect(await provider.read("no-such-org", { __provider: PROVIDER, organizationId: "no-such-org", instructions: EMPTY })).toEqual({ id: "", props: {} });
  });
});

describe("AgentInstructions file shape", () => {
  it("the compiled file at the kebab-case path exports its definition, and the pr summary knows the kind", async () => {
    const require = createRequire(import.meta.url);
    const compiled = require("../../provider/dist/resources/agent-instructions.js") as { definition: { kind: string } };
    expect(compiled.definition.kind).toBe("AgentInstructions");
    const { KNOWN_KINDS } = await import("../../provider/cli/pr-summary/kinds.ts");
    expect(KNOWN_KINDS).toContain("AgentInstructions");
    const exported = require("../../provider/dist/index.js") as Record<string, unknown>;
    expect(typeof exported.AgentInstructions).toBe("function");
  });

  it("input keys are the schema's keys but adopt; replace keys are input keys", () => {
    const schemaKeys = Object.keys(schema.shape).filter((key) => key !== "adopt");
    expect([...inputKeysOf(definition)].sort()).toEqual(schemaKeys.sort());
    for (const key of definition.replaceKeys) expect(inputKeysOf(definition)).toContain(key);
  });

  it("Args take Outputs where a program passes them, and organizationId may be left to the stack default", () => {
    const id = pulumi.output("id");
    expectTypeOf({ organizationId: id, instructions: EMPTY_DOCUMENT, clearOnDestroy: pulumi.output(true) }).toExtend<AgentInstructionsArgs>();
    expectTypeOf({
      instructions: { object: "document" as const, data: { schemaVersion: 1 }, nodes: [{ object: "block" as const, type: "paragraph" }] },
    }).toExtend<AgentInstructionsArgs>();
    expectTypeOf({ organizationId: "org" }).not.toExtend<AgentInstructionsArgs>();
  });
});
