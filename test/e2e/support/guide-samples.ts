/**
 * The guides' samples (docs/guides/examples/<guide>-<sample>/) in one stack, whatever its language:
 * what an emulator needs before their `up`, the stack config they read, and what their objects
 * must be after it. Shared by the YAML run (test/e2e/guide-examples.test.ts) and the Python, Go,
 * Java and TypeScript runs of the release rehearsals (test/release/rehearsal-languages.test.ts),
 * so that every language is held to the same checks.
 *
 * Each sample's outputs are named `<sample>-<name>` (both runs rename them so).
 */
import { expect } from "vitest";
import type { Emulator } from "../../emulator/index.ts";
import type { ConfigValue } from "../../pulumi-cli/run-pulumi.ts";
import { type Api, apiClient } from "./api.ts";

/** The secret certificate of the secrets sample: its value must be in no state export. */
export const GUIDE_SAMPLES_CERTIFICATE = "MIIDpDCCAoygAwIBAgIGAYx0guideSecretsCertificate";

export interface GuideSamplesEmulator {
  /** The stack's organization's admin (the fixture's first organization). */
  acmeApi: Api;
  /** The second organization's admin: the stack-organization and explicit-provider samples make teams there. */
  globexApi: Api;
  acmeId: string;
  globexId: string;
  /** The fixture's title of the stack's organization: what the README sample's lookup must answer. */
  acmeTitle: string;
  /** The team the adopt sample takes over, made outside the program. */
  editorsTeamId: string;
  /** The stack config: the provider's, then every key a sample reads. */
  config: Record<string, ConfigValue>;
  /** The secrets no state export may hold. */
  secrets: string[];
}

/**
 * Prepares a fresh emulator for the samples: the stack token's user made an admin of the second
 * organization too (the stack-organization sample makes a team there with the stack's token), and
 * the team the adopt sample adopts made beforehand. Returns the config the samples read.
 */
export async function prepareGuideSamples(emulator: Emulator): Promise<GuideSamplesEmulator> {
  const [acme, globex] = emulator.fixture.organizations;
  const acmeApi = apiClient(emulator.url, acme.admin.token);
  const globexToken = globex.tokens.admin!;
  const globexApi = apiClient(emulator.url, globexToken);
  await globexApi.post(`/orgs/${globex.id}/members/${acme.admin.userId}/sso`);
  await globexApi.patch(`/orgs/${globex.id}/members/${acme.admin.userId}`, { role: "admin" });
  const editors = await acmeApi.put<{ id: string }>(`/orgs/${acme.id}/teams`, { title: "Editors", members: [] });
  return {
    acmeApi,
    globexApi,
    acmeId: acme.id,
    globexId: globex.id,
    acmeTitle: acme.title,
    editorsTeamId: editors.id,
    config: {
      "docs-platform:organizationId": acme.id,
      "docs-platform:apiUrl": emulator.url,
      "docs-platform:token": { value: acme.admin.token, secret: true },
      globexOrganizationId: globex.id,
      globexApiUrl: emulator.url,
      globexToken: { value: globexToken, secret: true },
      oktaCertificate: { value: GUIDE_SAMPLES_CERTIFICATE, secret: true },
      editorsTeamId: editors.id,
    },
    secrets: [GUIDE_SAMPLES_CERTIFICATE, globexToken],
  };
}

/** Every sample's outputs, `<sample>-<name>`, as ids and titles. */
export type GuideSampleOutputs = Record<string, unknown>;

/** The sample with no form in the dynamic package, which has no provider resource. */
export const EXPLICIT_PROVIDER_SAMPLE = "configuration-explicit-provider";

/**
 * Every sample made what it declares, read back through the API; the state (`pulumi stack export`'s
 * text) holds no secret in plain text. `explicitProvider: false`: a program without the
 * explicit-provider sample (the dynamic package's).
 */
export async function expectGuideSamplesMade(prepared: GuideSamplesEmulator, outputs: GuideSampleOutputs, stateText: string, { explicitProvider = true } = {}): Promise<void> {
  const { acmeApi, globexApi, acmeId, globexId } = prepared;
  const id = (name: string): string => {
    const value = outputs[name];
    if (typeof value !== "string" || value === "") throw new Error(`output ${name}: expected an id, got ${JSON.stringify(value)}`);
    return value;
  };
  // The README's: the lookup (the stack's organization, retitled by nothing), and a site in the stack's organization.
  expect(outputs["readme-organizationTitle"]).toBe(prepared.acmeTitle);
  expect((await acmeApi.get(`/orgs/${acmeId}/teams/${id("readme-writersTeam")}`)).title).toBe("Writers");
  expect((await acmeApi.get(`/orgs/${acmeId}/sites/${id("readme-siteId")}`)).visibility).toBe("unlisted");
  // Stack-wide organization: one team in the stack's, one in its own.
  expect((await acmeApi.get(`/orgs/${acmeId}/teams/${id("configuration-stack-organization-writersTeam")}`)).title).toBe("Writers");
  expect((await globexApi.get(`/orgs/${globexId}/teams/${id("configuration-stack-organization-globexWritersTeam")}`)).title).toBe("Writers");
  // The explicit provider: its organization, through its own token.
  if (explicitProvider) expect((await globexApi.get(`/orgs/${globexId}/teams/${id(`${EXPLICIT_PROVIDER_SAMPLE}-supportTeam`)}`)).title).toBe("Support");
  else expect(Object.keys(outputs).filter((name) => name.startsWith(EXPLICIT_PROVIDER_SAMPLE))).toEqual([]);
  // The secret input: made, and nowhere in the state in plain text.
  expect((await acmeApi.get(`/orgs/${acmeId}/saml/${id("configuration-secrets-samlProviderId")}`)).label).toBe("Okta");
  for (const secret of prepared.secrets) expect(stateText.includes(secret), "a secret in the state in plain text").toBe(false);
  // The site's order, as declared.
  expect((await acmeApi.get(`/orgs/${acmeId}/sites/${id("environments-site-order-siteId")}`)).title).toBe("Developer portal");
  // Adopted: the team made beforehand, not a new one.
  expect(outputs["adopt-and-export-adopt-editorsTeam"]).toBe(prepared.editorsTeamId);
  expect((await acmeApi.get(`/collections/${id("adopt-and-export-adopt-playbooksCollection")}`)).title).toBe("Playbooks");
}
