/**
 * The lookups' examples (docs/resources/examples/functions/<getThing>/, one per function) in one
 * stack, whatever its language: the objects they look up, seeded through the API before `up`, and
 * what their outputs must be after it. Shared by the YAML run (test/e2e/guide-examples.test.ts) and
 * the Python, Go, Java and TypeScript runs of the release rehearsals
 * (test/release/rehearsal-languages.test.ts), so that every language is held to the same checks.
 *
 * The examples look objects up by title ("Writers", "Developer portal", "Getting started",
 * "Guides"), titles the guides' samples and the resource pages' examples make too: in their stacks
 * a lookup would find two, or none yet. So the lookups run on an emulator of their own, whose
 * organization holds exactly one object of each title, made here, and nothing else the examples
 * make. Each example's outputs are named `<getThing>-<name>` (examples-program.ts).
 */
import { expect } from "vitest";
import type { Emulator } from "../../emulator/index.ts";
import type { ConfigValue } from "../../pulumi-cli/run-pulumi.ts";
import { type Api, apiClient } from "./api.ts";
import { LOOKUPS } from "../../../provider/lookups/registry.ts";

export interface LookupExamplesEmulator {
  api: Api;
  organizationId: string;
  organizationTitle: string;
  emailDomains: string[];
  /** The member the getMember example looks up by email (ada@acme.test, the organization's admin). */
  adaUserId: string;
  /** The ids of the objects seeded, one per looked-up title. */
  writersTeamId: string;
  portalSiteId: string;
  gettingStartedSpaceId: string;
  guidesCollectionId: string;
  /** The stack config: the provider's only (the examples read no other key). */
  config: Record<string, ConfigValue>;
}

/** The email the getMember example looks up. */
const ADA_EMAIL = "ada@acme.test";

/**
 * Seeds a fresh emulator's first organization with exactly one object of each title the examples
 * look up, and checks there is exactly one: the fixture's own spaces are titled otherwise.
 */
export async function prepareLookupExamples(emulator: Emulator): Promise<LookupExamplesEmulator> {
  const organization = emulator.fixture.organizations[0];
  const api = apiClient(emulator.url, organization.admin.token);
  const orgPath = `/orgs/${organization.id}`;
  const ada = emulator.fixture.users.find((user) => user.email === ADA_EMAIL);
  if (!ada) throw new Error(`the emulator's fixture has no user ${ADA_EMAIL}, whom the getMember example looks up`);
  const writers = await api.put<{ id: string }>(`${orgPath}/teams`, { title: "Writers", members: [ada.id] });
  const portal = await api.post<{ id: string }>(`${orgPath}/sites`, { title: "Developer portal" });
  const guides = await api.post<{ id: string }>(`${orgPath}/collections`, { title: "Guides" });
  const gettingStarted = await api.post<{ id: string }>(`${orgPath}/spaces`, { title: "Getting started" });
  const titled = async (list: string, title: string) => (await api.list<{ title: string }>(`${orgPath}/${list}`)).filter((item) => item.title === title);
  for (const [list, title] of [
    ["teams", "Writers"],
    ["sites", "Developer portal"],
    ["collections", "Guides"],
    ["spaces", "Getting started"],
  ]) {
    expect(await titled(list, title), `${list} titled ${title}`).toHaveLength(1);
  }
  const details = await api.get<{ title: string; emailDomains?: string[] }>(orgPath);
  return {
    api,
    organizationId: organization.id,
    organizationTitle: details.title,
    emailDomains: details.emailDomains ?? [],
    adaUserId: ada.id,
    writersTeamId: writers.id,
    portalSiteId: portal.id,
    gettingStartedSpaceId: gettingStarted.id,
    guidesCollectionId: guides.id,
    config: {
      "docs-platform:organizationId": organization.id,
      "docs-platform:apiUrl": emulator.url,
      "docs-platform:token": { value: organization.admin.token, secret: true },
    },
  };
}

/**
 * Every lookup found the seeded object: its id, title, role or members, as each example outputs
 * them (Java's list lookups export their items' ids: provider/scripts/java-repairs.mts).
 */
export function expectLookupsFound(prepared: LookupExamplesEmulator, outputs: Record<string, unknown>): void {
  // Every lookup's example ran: each has an output (`<getThing>-<name>`).
  const ran = (lookup: string) => Object.keys(outputs).some((name) => name.startsWith(`${lookup}-`));
  expect(LOOKUPS.map((lookup) => lookup.name).filter((lookup) => !ran(lookup))).toEqual([]);
  expect(outputs["getCollection-collectionId"]).toBe(prepared.guidesCollectionId);
  expect(outputs["getMember-adaUserId"]).toBe(prepared.adaUserId);
  expect(outputs["getMember-adaRole"]).toBe("admin");
  // The admins: ada, the fixture's one admin of the organization (each language's own field names).
  const admins = outputs["getMembers-admins"];
  expect(Array.isArray(admins) ? admins.length : admins).toBe(1);
  expect(JSON.stringify(admins)).toContain(prepared.adaUserId);
  expect(outputs["getOrganization-organizationTitle"]).toBe(prepared.organizationTitle);
  expect(outputs["getOrganization-emailDomains"]).toEqual(prepared.emailDomains);
  expect(outputs["getSite-siteId"]).toBe(prepared.portalSiteId);
  expect(outputs["getSpace-spaceId"]).toBe(prepared.gettingStartedSpaceId);
  expect(JSON.stringify(outputs["getSpaces-spaces"])).toContain(prepared.gettingStartedSpaceId);
  expect(outputs["getTeam-teamId"]).toBe(prepared.writersTeamId);
  expect(outputs["getTeam-memberCount"]).toBe(1);
}
