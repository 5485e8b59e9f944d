/**
 * The provider plugin from Pulumi YAML, with the real CLI and the YAML language host against the
 * emulator: examples/yaml (the quickstart's organization, twelve kinds and a lookup) goes up,
 * previews with no change, sees drift made through the API in `refresh` on exactly the drifted
 * properties, has it repaired by `up`, and `destroy` leaves none of its objects. The token and
 * the SAML certificate are never in the state in plain text; `preview --diff` shows exactly the
 * properties the definitions compare.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, apiClient } from "./support/api.ts";
import { DEMO_FIXTURE, type Emulator, startEmulator } from "../emulator/index.ts";
import { type TestStack, changeCounts, createStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";

const programDir = fileURLToPath(new URL("../../examples/yaml", import.meta.url));
const pluginDir = fileURLToPath(new URL("../../provider/docs-platform", import.meta.url));
const cli = fileURLToPath(new URL("../../provider/bin/pulumi-docs-platform.js", import.meta.url));
const minutes = (n: number) => n * 60_000;

let emulator: Emulator;
let api: Api;
let stack: TestStack;
let token: string;

beforeAll(async () => {
  // Globex's admin is an admin of Acme too, so the explicit provider's token can move a team
  // between the two (a preview reads the organization a resource names, and fails on a 403).
  const fixture = JSON.parse(readFileSync(DEMO_FIXTURE, "utf8")) as { organizations: { id: string; members: { user: string; role: string }[] }[] };
  fixture.organizations.find((org) => org.id === "org-acme")!.members.push({ user: "usr-globex-admin", role: "admin" });
  emulator = await startEmulator({ db: ":memory:", openapiProcessingMs: 50, fixture: fixture as never });
  const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
  token = organization.admin.token;
  api = apiClient(emulator.url, token);
  stack = await createStack({
    programDir,
    stackName: "yaml",
    config: { "docs-platform:apiUrl": emulator.url, "docs-platform:token": { value: token, secret: true } },
  });
}, minutes(5));

afterAll(async () => {
  await stack?.remove().catch(() => undefined);
  await emulator?.close();
});

async function resources(): Promise<Map<string, { type: string; id: string; outputs: Record<string, unknown> }>> {
  const { deployment } = await stack.exportState();
  const byName = new Map<string, { type: string; id: string; outputs: Record<string, unknown> }>();
  for (const resource of deployment.resources ?? []) {
    const urn = String(resource.urn);
    byName.set(urn.split("::").pop()!, { type: String(resource.type), id: String(resource.id ?? ""), outputs: resource.outputs ?? {} });
  }
  return byName;
}

describe("the provider plugin from Pulumi YAML", () => {
  it("goes up, previews with no change, and keeps the token and the certificate out of the state", { timeout: minutes(6) }, async () => {
    await stack.up();
    const outputs = await stack.outputs();
    expect(outputs).toMatchObject({ organizationTitle: "Acme Documentation", apiReviewerId: "usr-acme-admin", openApiProcessingState: "complete" });
    const kinds = new Set([...(await resources()).values()].map((resource) => resource.type).filter((type) => type.startsWith("docs-platform:index:")));
    expect(kinds.size).toBeGreaterThanOrEqual(10);
    expect(changeCounts(await stack.preview())).toEqual({});

    const { text } = await stack.exportState();
    expect(text).not.toContain(token);
    expect(text).not.toContain("QuickstartCertificate");
    expect(text).not.toContain("__provider");
    const okta = (await resources()).get("okta")!;
    expect(JSON.stringify(okta.outputs.certificate)).toContain("ciphertext");
  });

  it("sees drift made through the API on exactly its properties, and `up` repairs it", { timeout: minutes(3) }, async () => {
    const before = await resources();
    const writers = before.get("writers")!;
    // Drift through the API: a title and a description.
    await api.patch(`/orgs/org-acme/teams/${writers.id}`, { title: "Writers (renamed elsewhere)" });
    const productDocs = before.get("productDocs")!;
    await api.patch(`/collections/${productDocs.id}`, { description: "Changed in the app." });

    const refresh = await stack.run(["refresh", "--preview-only", "--diff", "--non-interactive"]);
    expect(refresh.exitCode).toBe(0);
    expect(refresh.stdout).toMatch(/title\s*:\s*"Writers" => "Writers \(renamed elsewhere\)"/);
    expect(refresh.stdout).toMatch(/description\s*:\s*"Everything customers read about the product\." => "Changed in the app\."/);
    expect(changeCounts(await stack.refreshPreview())).toEqual({ update: 2 });

    await stack.refresh();
    // The program still says "Writers": `up` puts it back, and only those two change.
    const diff = await stack.run(["preview", "--diff", "--non-interactive"]);
    expect(diff.stdout).toMatch(/~ title\s*:\s*"Writers \(renamed elsewhere\)" => "Writers"/);
    expect(changeCounts(await stack.preview())).toEqual({ update: 2 });
    // The pull-request summary reads the plugin's types as it reads the dynamic ones.
    const previewJson = (await stack.run(["preview", "--json"])).stdout;
    const summary = execFileSync(process.execPath, [cli, "pr-summary", "--stack", "yaml"], { input: previewJson, encoding: "utf8" });
    expect(summary).toMatch(/Team.*writers/);
    expect(summary).toContain("Writers (renamed elsewhere)");
    await stack.up();
    expect((await api.get(`/orgs/org-acme/teams/${writers.id}`)).title).toBe("Writers");
    expect((await api.get(`/collections/${productDocs.id}`)).description).toBe("Everything customers read about the product.");
    expect(changeCounts(await stack.preview())).toEqual({});
  });

  it("destroys every object it made", { timeout: minutes(4) }, async () => {
    const made = [...(await resources()).values()].filter(
      (resource) =>
        resource.type === "docs-platform:index:Team" ||
        resource.type === "docs-platform:index:Space" ||
        resource.type === "docs-platform:index:Collection" ||
        resource.type === "docs-platform:index:Site",
    );
    expect(made.length).toBeGreaterThanOrEqual(8);
    await stack.destroy();
    for (const resource of made) {
      const path =
        resource.type === "docs-platform:index:Team"
          ? `/orgs/org-acme/teams/${resource.id}`
          : resource.type === "docs-platform:index:Site"
            ? `/orgs/org-acme/sites/${resource.id}`
            : resource.type === "docs-platform:index:Space"
              ? `/spaces/${resource.id}`
              : `/collections/${resource.id}`;
      const status = await api.status(path);
      if (resource.type === "docs-platform:index:Space") {
        // A deleted space stays restorable for a while (API.md): gone from the organization's live spaces.
        const live = await api.list(`/orgs/org-acme/spaces`);
        expect(live.filter((space: { id: string; deletedAt?: string }) => space.id === resource.id && !space.deletedAt)).toEqual([]);
      } else {
        expect(status, `${resource.type} ${resource.id}`).toBe(404);
      }
    }
    expect((await resources()).size).toBe(0);
  });
});

describe("an explicit provider resource in Pulumi YAML", () => {
  it("takes its own API, token, organization and pace, keeps its token encrypted, and refuses bad input with the kind's own message", { timeout: minutes(5) }, async () => {
    const globex = emulator.fixture.organizations.find((org) => org.id !== "org-acme")!;
    const program = (title: string) =>
      [
        "name: docs-explicit-provider",
        "runtime: yaml",
        "plugins:",
        "  providers:",
        "    - name: docs-platform",
        `      path: ${pluginDir}`,
        "config:",
        "  globexToken:",
        "    type: string",
        "    secret: true",
        "resources:",
        "  globex:",
        "    type: pulumi:providers:docs-platform",
        "    properties:",
        `      apiUrl: ${emulator.url}`,
        "      token: ${globexToken}",
        `      organizationId: ${globex.id}`,
        "      maxConcurrentRequests: 2",
        "      maxRetries: 2",
        "  support:",
        "    type: docs-platform:index:Team",
        "    properties:",
        `      title: ${JSON.stringify(title)}`,
        "    options:",
        "      provider: ${globex}",
        "outputs:",
        "  supportId: ${support.id}",
        "",
      ].join("\n");
    const dir = await writeProgram("plugin-explicit", { "Pulumi.yaml": program("Support") });
    // No default configuration at all: everything comes from the provider resource.
    const explicit = await createStack({ programDir: dir, stackName: "explicit", config: { globexToken: { value: globex.admin.token, secret: true } } });
    try {
      await explicit.up();
      const { supportId } = (await explicit.outputs()) as { supportId: string };
      const team = await apiClient(emulator.url, globex.admin.token).get(`/orgs/${globex.id}/teams/${supportId}`);
      expect(team.title).toBe("Support");
      const state = await explicit.exportState();
      expect(state.text).not.toContain(globex.admin.token);
      const provider = (state.deployment.resources ?? []).find((resource) => resource.type === "pulumi:providers:docs-platform")!;
      expect(JSON.stringify((provider.inputs as Record<string, unknown>).token)).toContain("ciphertext");
      expect(changeCounts(await explicit.preview())).toEqual({});
      const { writeFile } = await import("node:fs/promises");

      // A replace key changed: the diff names it and marks the replace.
      await writeFile(path.join(dir, "Pulumi.yaml"), program("Support").replace('      title: "Support"', `      title: "Support"\n      organizationId: org-acme`));
      const replace = await explicit.run(["preview", "--diff", "--non-interactive"]);
      expect(replace.stdout).toMatch(/\+-docs-platform:index:Team: \(replace\)/);
      expect(replace.stdout).toMatch(/~ organizationId: "org-globex" => "org-acme"/);
      expect(changeCounts(await explicit.preview())).toEqual({ replace: 1 });

      // The same validation and message as the dynamic package, before any request.
      await writeFile(path.join(dir, "Pulumi.yaml"), program("x".repeat(65)));
      const refused = await explicit.run(["preview", "--non-interactive"]);
      expect(refused.exitCode).not.toBe(0);
      expect(refused.stdout + refused.stderr).toContain("title: must be at most 64 characters");
      await writeFile(path.join(dir, "Pulumi.yaml"), program("Support"));
      await explicit.destroy();
    } finally {
      await explicit.remove().catch(() => undefined);
    }
  });
});
