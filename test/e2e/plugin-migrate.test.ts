/**
 * Moving a stack from the dynamic package to the provider plugin, with the real CLI, in the same
 * TypeScript program: it is first applied with `pulumi-docs-platform` (dynamic types), then its
 * import switches to the plugin's generated Node.js SDK (`@docs-platform/pulumi`, whose classes
 * carry the aliases of the dynamic types from the schema) and Pulumi.yaml names the plugin. The
 * switch previews and applies with no replace and no write request, and previews with no change
 * after; `refresh` then leaves no trace of the dynamic provider in the state. This is also the
 * TypeScript program through the generated SDK.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type TestStack, changeCounts, createStack, workRoot, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { installNodeSdk, pluginDir } from "./support/sdks.ts";

const minutes = (n: number) => n * 60_000;

const program = (module: string) => `import * as docs from "${module}";
const writers = new docs.Team("writers", { title: "Writers", members: ["eli@acme.test"] });
const handbook = new docs.Collection("handbook", { title: "Handbook", description: "How we work" });
const guides = new docs.Space("guides", { title: "Guides", emoji: "📘", parent: handbook.id });
const portal = new docs.Site("portal", { title: "Portal", visibility: "unlisted" });
new docs.SiteSection("guides-section", { siteId: portal.id, spaceId: guides.id, title: "Guides", path: "guides" });
new docs.SiteCustomization("look", { siteId: portal.id, title: "Portal", styling: { primaryColor: { light: "#0b5fff", dark: "#6ea2ff" } } });
new docs.SamlProvider("okta", {
  label: "Okta",
  entityID: "http://www.okta.com/exk1",
  ssoURL: "https://acme.okta.com/app/sso/saml",
  certificate: "MIIDmigrationCertificate",
  defaultTeam: writers.id,
  defaultRole: "read",
});
new docs.OpenApiSpec("petstore", { slug: "petstore", source: { url: "https://petstore3.swagger.io/api/v3/openapi.json" }, visibility: "public" });
export const writersId = writers.id;
`;

async function writeRequests(emulator: Emulator): Promise<Record<string, number>> {
  const { counts } = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { counts: Record<string, number> };
  return Object.fromEntries(Object.entries(counts).filter(([route]) => !route.startsWith("GET ")));
}

describe("moving a stack from the dynamic package to the provider plugin", () => {
  let emulator: Emulator;
  let stack: TestStack;
  let programDir: string;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:", openapiProcessingMs: 50 });
    const acme = emulator.fixture.organizations[0];
    programDir = await writeProgram("plugin-migrate", {
      "Pulumi.yaml": [
        "name: docs-migrate",
        "runtime:",
        "  name: nodejs",
        "  options:",
        "    typescript: false",
        "main: index.mjs",
        "plugins:",
        "  providers:",
        "    - name: docs-platform",
        `      path: ${pluginDir}`,
        "",
      ].join("\n"),
      "index.mjs": program("pulumi-docs-platform"),
    });
    await installNodeSdk(programDir, path.join(workRoot, "sdks", `${process.pid}-${Date.now()}`));
    stack = await createStack({
      programDir,
      stackName: "dev",
      config: {
        "docs-platform:organizationId": acme.id,
        "docs-platform:apiUrl": emulator.url,
        "docs-platform:token": { value: acme.admin.token, secret: true },
      },
    });
  }, minutes(5));

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("switches every resource to the plugin's types with no replace and no write", { timeout: minutes(8) }, async () => {
    await stack.up();
    const before = await stack.exportState();
    expect(before.deployment.resources?.filter((resource) => String(resource.type).startsWith("pulumi-nodejs:dynamic/docs-platform:"))).toHaveLength(8);

    await fs.writeFile(path.join(programDir, "index.mjs"), program("@docs-platform/pulumi"));
    await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
    const preview = await stack.preview();
    expect(changeCounts(preview)).toEqual({});
    const result = await stack.up();
    expect(result.stdout).not.toMatch(/replac/i);
    expect(await writeRequests(emulator)).toEqual({});

    const after = await stack.exportState();
    const types = (after.deployment.resources ?? []).map((resource) => String(resource.type)).filter((type) => type.includes("docs-platform"));
    expect(types.filter((type) => type.startsWith("docs-platform:index:"))).toHaveLength(8);
    expect(types.filter((type) => type.startsWith("pulumi-nodejs:dynamic/"))).toEqual([]);
    // Same ids: the objects were moved, not made again.
    const ids = (state: typeof before) =>
      (state.deployment.resources ?? [])
        .filter((resource) => String(resource.type).includes("docs-platform:"))
        .map((resource) => String(resource.id))
        .sort();
    expect(ids(after)).toEqual(ids(before));
    expect(after.text).not.toContain("MIIDmigrationCertificate");

    expect(changeCounts(await stack.preview())).toEqual({});
    await stack.refresh();
    const refreshed = await stack.exportState();
    expect(refreshed.text).not.toContain("__provider");
    expect(changeCounts(await stack.preview())).toEqual({});
    expect(await writeRequests(emulator)).toEqual({});
  });

  it("destroys through the plugin", { timeout: minutes(3) }, async () => {
    await stack.destroy();
    expect(((await stack.exportState()).deployment.resources ?? []).length).toBe(0);
  });
});
