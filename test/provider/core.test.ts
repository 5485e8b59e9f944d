/**
 * The core as a value (provider/runtime/core.ts): each configuration builds a core of its own, so
 * two cores in one process (two providers, or a door and a third door) never share a client, the
 * lists a refresh shares, the deployment's owners or ways, or the create journal. Two emulators,
 * two cores, one process.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { CONFIG_DEFAULTS, type ProviderConfig } from "../../provider/config/provider-config.ts";
import { type Core, createCore, reconfigured } from "../../provider/runtime/core.ts";

interface Side {
  emulator: Emulator;
  organizationId: string;
  core: Core;
  /** The core's create journal folder. */
  journal: string;
}

const sides: Side[] = [];

function configOf(emulator: Emulator, token: string): ProviderConfig {
  return { apiUrl: emulator.url, token, ...CONFIG_DEFAULTS, requestsPerSecond: undefined, rateLimitShare: undefined };
}

async function side(): Promise<Side> {
  const emulator = await startEmulator({ db: ":memory:" });
  const organization = emulator.fixture.organizations[0];
  const journal = await mkdtemp(path.join(os.tmpdir(), "core-test-journal-"));
  return { emulator, organizationId: organization.id, journal, core: createCore(configOf(emulator, organization.admin.token), { journalDirectory: journal }) };
}

/** The API's requests since the last reset, by route (`PUT /orgs/{orgId}/teams`: count). */
async function requestsOf(emulator: Emulator): Promise<Record<string, number>> {
  const { counts } = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { counts: Record<string, number> };
  return counts;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);

beforeAll(async () => {
  sides.push(await side(), await side());
  for (const { emulator } of sides) await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
});

afterAll(async () => {
  for (const { core, emulator, journal } of sides) {
    await core.close();
    await emulator.close();
    await rm(journal, { recursive: true, force: true });
  }
});

describe("two cores in one process", () => {
  it("send each request through their own client, to their own API", async () => {
    const [a, b] = sides as [Side, Side];
    const urn = "urn:pulumi:test::core::docs-platform:index:Team::writers";
    const inputs = (await a.core.check("Team", {}, { organizationId: a.organizationId, title: "Writers A", __identity: urn }, urn)).inputs;
    const created = await a.core.create("Team", inputs, urn);
    expect(total(await requestsOf(b.emulator))).toBe(0);
    // The create's journal entry is in A's journal only (settled by A's next operation on the id).
    expect((await readdir(a.journal)).length).toBe(1);
    expect(await readdir(b.journal)).toEqual([]);
    expect(total(await requestsOf(a.emulator))).toBeGreaterThan(0);
    // The team is A's: B's core reads its own API, where that id does not exist.
    const readByB = await b.core.read("Team", created.id, created.outs);
    expect(readByB.id ?? "").toBe("");
    expect((await a.core.read("Team", created.id, created.outs)).id).toBe(created.id);
  });

  it("keep the deployment's owners apart: a second owner conflicts in one core, not across two", async () => {
    const [a, b] = sides as [Side, Side];
    const settings = (name: string) => `urn:pulumi:test::core::docs-platform:index:OrganizationSettings::${name}`;
    const organizationId = "org-shared-key";
    // The same organization id claimed in both cores: each core's deployment has one owner.
    expect((await a.core.check("OrganizationSettings", { organizationId }, { organizationId }, settings("first"))).failures ?? []).toEqual([]);
    expect((await b.core.check("OrganizationSettings", { organizationId }, { organizationId }, settings("second"))).failures ?? []).toEqual([]);
    const again = await a.core.check("OrganizationSettings", { organizationId }, { organizationId }, settings("second"));
    expect(again.failures?.map((failure) => failure.reason).join()).toMatch(/first/);
  });

  it("keep each core's lookups on its own API", () => {
    const [a, b] = sides as [Side, Side];
    expect(a.core.api()).not.toBe(b.core.api());
  });

  it("a core that only validates checks without a request and refuses every other call", async () => {
    const unconfigured = createCore(undefined);
    const checked = await unconfigured.check("Team", {}, { organizationId: "org", title: "W" }, undefined);
    expect(checked.failures ?? []).toEqual([]);
    await expect(unconfigured.read("Team", "t-1", {})).rejects.toThrow(/used before it was configured/);
    expect(() => unconfigured.api()).toThrow(/used before it was configured/);
  });

  it("reconfigured keeps a core for the same configuration and builds a new one for another", async () => {
    const [a, b] = sides as [Side, Side];
    const same = await reconfigured(a.core, { ...a.core.config! });
    expect(same).toBe(a.core);
    const spare = createCore(b.core.config);
    const other = await reconfigured(spare, a.core.config!);
    expect(other).not.toBe(spare);
    expect(other.config).toEqual(a.core.config);
    await other.close();
  });
});
