/**
 * The guides' code samples (issue 40, item 1): one Pulumi YAML program per sample
 * (docs/guides/examples/<guide>-<sample>/Pulumi.yaml) and its conversions to TypeScript, Python,
 * Go and Java by Pulumi's own program generators (provider/scripts/generate-examples.mts), shown in
 * the guide pages (generate-docs.mts; test/unit/guide-examples.test.ts checks the pages).
 *
 * - The committed conversions are what a fresh conversion makes.
 * - Every YAML sample runs with the real CLI against the emulator, through the plugin, all in one
 *   stack (each sample's resources, variables and outputs under its name as a prefix), with the
 *   config the samples read: another organization (the fixture's second, which the stack token's
 *   user administers, as stack-organization.test.ts sets up), that organization's own token for
 *   the explicit provider, a secret certificate, and the id of a team made beforehand to adopt. Up,
 *   each sample's objects read back through the API, the secret in no state export, a no-change
 *   preview, destroy.
 * - The TypeScript conversions type-check in resource-examples.test.ts (with the resource
 *   pages'), and environments' site-order sample runs in every language in the release rehearsals
 *   (test/release/examples-program.ts, REHEARSED_GUIDE_SAMPLES): the other samples' Go, Java and
 *   Python run nowhere with the engine (each Go one was vetted and each Java one compiled by hand
 *   when they were written).
 */
import fs from "node:fs/promises";
import path from "node:path";
import yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleGuides, generateExamples, guideExamplesDir } from "../../provider/scripts/generate-examples.mts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type TestStack, changeCounts, createStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { type Api, apiClient } from "./support/api.ts";
import { pluginDir } from "./support/sdks.ts";

const minutes = (n: number) => n * 60_000;
const samples = exampleGuides();

interface YamlProgram {
  config?: Record<string, unknown>;
  variables?: Record<string, unknown>;
  resources: Record<string, { type: string; properties?: unknown; options?: unknown }>;
  outputs?: Record<string, unknown>;
}

/** `${name...}` references to the names in `own` renamed; config keys (shared by the samples) stay. */
function renameReferences(value: unknown, own: ReadonlySet<string>, rename: (name: string) => string): unknown {
  if (typeof value === "string") return value.replace(/\$\{(\w+)/g, (all, name: string) => (own.has(name) ? `\${${rename(name)}` : all));
  if (Array.isArray(value)) return value.map((item) => renameReferences(item, own, rename));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameReferences(item, own, rename)]));
  return value;
}

/** Every sample in one program: resources, variables and outputs named `<sample>-<name>`, config merged (the same key, the same declaration). */
async function allSamples(): Promise<{ program: Record<string, unknown>; resourceCount: number }> {
  const merged: Required<YamlProgram> = { config: {}, variables: {}, resources: {}, outputs: {} };
  for (const sample of samples) {
    const program = yaml.load(await fs.readFile(path.join(guideExamplesDir, sample, "Pulumi.yaml"), "utf8")) as YamlProgram;
    const own = new Set([...Object.keys(program.resources), ...Object.keys(program.variables ?? {})]);
    const rename = (name: string) => `${sample}-${name}`;
    for (const [key, spec] of Object.entries(program.config ?? {})) {
      if (key in merged.config && JSON.stringify(merged.config[key]) !== JSON.stringify(spec)) throw new Error(`${sample} declares config ${key} unlike another sample`);
      merged.config[key] = spec;
    }
    for (const [name, value] of Object.entries(program.variables ?? {})) merged.variables[rename(name)] = renameReferences(value, own, rename);
    for (const [name, value] of Object.entries(program.resources)) merged.resources[rename(name)] = renameReferences(value, own, rename) as YamlProgram["resources"][string];
    for (const [name, value] of Object.entries(program.outputs ?? {})) merged.outputs[rename(name)] = renameReferences(value, own, rename);
  }
  return {
    program: { name: "guide-examples", runtime: "yaml", plugins: { providers: [{ name: "docs-platform", path: pluginDir }] }, ...merged },
    // The explicit provider is a resource of the stack too.
    resourceCount: Object.keys(merged.resources).length,
  };
}

describe("the guides' samples", () => {
  it("are one YAML program per sample, and the committed conversions are a fresh conversion of it", { timeout: minutes(5) }, async () => {
    expect(samples).toEqual([
      "adopt-and-export-adopt",
      "configuration-explicit-provider",
      "configuration-secrets",
      "configuration-stack-organization",
      "environments-site-order",
      "readme",
    ]);
    expect(await generateExamples({ check: true, only: (name) => name.startsWith("guides/") })).toEqual([]);
  });
});

describe("every guide sample in YAML, with the real CLI against the emulator", () => {
  let emulator: Emulator;
  let acmeApi: Api;
  let globexApi: Api;
  let stack: TestStack | undefined;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const [acme, globex] = emulator.fixture.organizations;
    acmeApi = apiClient(emulator.url, acme.admin.token);
    globexApi = apiClient(emulator.url, globex.tokens.admin!);
    // The stack token's user administers the second organization too: the stack-organization sample makes a team there.
    await globexApi.post(`/orgs/${globex.id}/members/${acme.admin.userId}/sso`);
    await globexApi.patch(`/orgs/${globex.id}/members/${acme.admin.userId}`, { role: "admin" });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("go up in one stack, make their objects, keep the secret encrypted, preview with no change and are destroyed", { timeout: minutes(10) }, async () => {
    const [acme, globex] = emulator.fixture.organizations;
    const certificate = "MIIDpDCCAoygAwIBAgIGAYx0guideSecretsCertificate";
    // The team the adopt sample takes over, made outside the program.
    const editors = await acmeApi.put<{ id: string }>(`/orgs/${acme.id}/teams`, { title: "Editors", members: [] });
    const { program, resourceCount } = await allSamples();
    const programDir = await writeProgram("guide-examples-yaml", { "Pulumi.yaml": yaml.dump(program, { lineWidth: -1 }) });
    stack = await createStack({
      programDir,
      stackName: "guides",
      config: {
        "docs-platform:organizationId": acme.id,
        "docs-platform:apiUrl": emulator.url,
        "docs-platform:token": { value: acme.admin.token, secret: true },
        globexOrganizationId: globex.id,
        globexApiUrl: emulator.url,
        globexToken: { value: globex.tokens.admin!, secret: true },
        oktaCertificate: { value: certificate, secret: true },
        editorsTeamId: editors.id,
      },
    });
    await stack.up();
    const outputs = (await stack.outputs()) as Record<string, string>;

    // The README's: the lookup, and a site in the stack's organization.
    expect(outputs["readme-organizationTitle"]).toBe((await acmeApi.get<{ title: string }>(`/orgs/${acme.id}`)).title);
    expect((await acmeApi.get(`/orgs/${acme.id}/sites/${outputs["readme-siteId"]}`)).visibility).toBe("unlisted");
    // Stack-wide organization: one team in the stack's, one in its own.
    expect((await acmeApi.get(`/orgs/${acme.id}/teams/${outputs["configuration-stack-organization-writersTeam"]}`)).title).toBe("Writers");
    expect((await globexApi.get(`/orgs/${globex.id}/teams/${outputs["configuration-stack-organization-globexWritersTeam"]}`)).title).toBe("Writers");
    // The explicit provider: its organization, through its own token.
    expect((await globexApi.get(`/orgs/${globex.id}/teams/${outputs["configuration-explicit-provider-supportTeam"]}`)).title).toBe("Support");
    // The secret input: made, and nowhere in the state in plain text.
    expect((await acmeApi.get(`/orgs/${acme.id}/saml/${outputs["configuration-secrets-samlProviderId"]}`)).label).toBe("Okta");
    const state = JSON.stringify(await stack.exportState());
    expect(state).not.toContain(certificate);
    expect(state).not.toContain(globex.tokens.admin!);
    // The site's order, as declared.
    expect((await acmeApi.get(`/orgs/${acme.id}/sites/${outputs["environments-site-order-siteId"]}`)).title).toBe("Developer portal");
    // Adopted: the team made beforehand, not a new one.
    expect(outputs["adopt-and-export-adopt-editorsTeam"]).toBe(editors.id);
    expect((await acmeApi.get(`/collections/${outputs["adopt-and-export-adopt-playbooksCollection"]}`)).title).toBe("Playbooks");

    const summary = await stack.preview();
    expect(changeCounts(summary)).toEqual({});
    // Every sample's resource (the explicit provider among them), and the stack.
    expect(summary.changeSummary.same).toBe(resourceCount + 1);
    await stack.destroy();
    expect(await acmeApi.status(`/orgs/${acme.id}/sites/${outputs["readme-siteId"]}`)).toBe(404);
  });
});
