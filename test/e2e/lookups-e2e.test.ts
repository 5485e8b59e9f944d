// Lookups through the real Pulumi CLI: a program that finds existing objects by name (a member by
// email, spaces and a collection by title, the organization) and feeds them to resources. The API's
// address and token come from the stack config only (the token as a secret), the organization from
// `docs-platform:organizationId`: no environment variable carries any of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type PulumiResult, type TestStack, assertSucceeded, createStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { type Api, apiClient } from "./support/api.ts";

const minutes = (n: number) => n * 60_000;

const program = `
import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

const config = new pulumi.Config();

// Plain lookups, awaited at the top of the module.
const organization = await docs.getOrganization();
const eli = await docs.getMember({ email: config.get("memberEmail") ?? "ELI@acme.test" });
const guides = await docs.getSpace({ title: config.get("spaceTitle") ?? "Guides" });
const products = await docs.getCollection({ title: "Products" });

const writers = new docs.Team("writers", { title: "Writers", members: [eli.id] });
const sdk = new docs.Collection("sdk", { title: "SDK", parent: products.id });
// The Output form, fed by a resource's outputs: runs once the collection exists.
const sdkCollection = docs.getCollectionOutput({ title: sdk.title, parent: sdk.parent });
const reference = docs.getSpaceOutput({ title: "API Reference" });
const portal = new docs.Site("portal", { title: "Developer portal", spaces: [guides.id, reference.id] });

export const organizationTitle = organization.title;
export const writerIds = writers.members;
export const portalId = portal.id;
export const sdkId = sdk.id;
export const sdkLookedUp = sdkCollection.id;
export const everyAdmin = docs.getMembersOutput({ role: "admin" }).apply((members) => members.map((member) => member.id));
`;

describe("lookups in a program, through the Pulumi CLI", () => {
  let emulator: Emulator;
  let api: Api;
  let token: string;
  let organizationId: string;
  let stack: TestStack;
  let products: string;
  const results: PulumiResult[] = [];
  const run = async (args: string[]) => {
    const result = await stack.run(args);
    results.push(result);
    return result;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const acme = emulator.fixture.organizations[0];
    organizationId = acme.id;
    token = acme.tokens.admin!;
    api = apiClient(emulator.url, token);
    products = (await api.post<{ id: string }>(`/orgs/${organizationId}/collections`, { title: "Products" })).id;
    const programDir = await writeProgram("e2e-lookups", {
      "Pulumi.yaml": "name: e2e-lookups\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n",
      "index.mjs": program,
    });
    stack = await createStack({
      programDir,
      env: { DOCS_PLATFORM_API_URL: undefined, DOCS_PLATFORM_TOKEN: undefined, DOCS_PLATFORM_ORGANIZATION_ID: undefined },
      config: {
        "docs-platform:apiUrl": emulator.url,
        "docs-platform:token": { value: token, secret: true },
        "docs-platform:organizationId": organizationId,
      },
      timeoutMs: minutes(5),
    });
  }, minutes(2));
  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
  });

  it("up creates resources from looked-up ids; preview then shows no change; destroy leaves nothing", { timeout: minutes(6) }, async () => {
    assertSucceeded(await run(["up", "--yes", "--skip-preview"]));
    const outputs = await stack.outputs();
    expect(outputs).toMatchObject({
      organizationTitle: "Acme Docs (staging)",
      writerIds: ["usr-acme-editor"],
      everyAdmin: ["usr-acme-admin"],
    });
    expect(outputs.sdkLookedUp).toBe(outputs.sdkId);

    const teams = await api.list<{ id: string; title: string; members: number }>(`/orgs/${organizationId}/teams`);
    expect(teams).toMatchObject([{ title: "Writers", members: 1 }]);
    expect(await api.get(`/collections/${String(outputs.sdkId)}`)).toMatchObject({ title: "SDK", parent: products });
    const siteSpaces = await api.list<{ space: { id: string } }>(`/orgs/${organizationId}/sites/${String(outputs.portalId)}/site-spaces`);
    expect(siteSpaces.map((siteSpace) => siteSpace.space.id).sort()).toEqual(["spc-acme-api", "spc-acme-guides"]);

    const preview = JSON.parse(assertSucceeded(await run(["preview", "--json"])).stdout) as { changeSummary: Record<string, number> };
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);

    // The token appears nowhere: not in the state, not in any output of the CLI.
    const exported = assertSucceeded(await run(["stack", "export"])).stdout;
    for (const text of [exported, ...results.flatMap((result) => [result.stdout, result.stderr])]) expect(text).not.toContain(token);

    assertSucceeded(await run(["destroy", "--yes", "--skip-preview"]));
    expect(await api.list(`/orgs/${organizationId}/teams`)).toEqual([]);
    expect(await api.list(`/orgs/${organizationId}/sites`)).toEqual([]);
    expect((await api.list<{ id: string }>(`/orgs/${organizationId}/collections`)).map((collection) => collection.id)).toEqual([products]);
  });

  it("a lookup that finds nothing fails the preview with a message naming the lookup and the criteria", { timeout: minutes(3) }, async () => {
    await stack.setConfig("spaceTitle", "Guidez");
    const failed = await run(["preview"]);
    expect(failed.exitCode).not.toBe(0);
    expect(failed.stdout + failed.stderr).toContain('getSpace: no space titled "Guidez" in organization org-acme');
    expect(failed.stdout + failed.stderr).not.toContain(token);
  });
});
