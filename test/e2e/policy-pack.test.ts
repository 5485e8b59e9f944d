/**
 * The policy pack of examples/policy run by the real CLI (`pulumi preview --policy-pack`, through
 * the project's language host, which runs packs as plugins) against the emulator: a compliant
 * program passes, and each rule stops a program that breaks it, naming the policy and the resource.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type TestStack, createStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";

const pack = fileURLToPath(new URL("../../examples/policy", import.meta.url));

// `variant` breaks one rule each; `good` breaks none.
const PROGRAM = `
import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";
const config = new pulumi.Config();
const organizationId = config.require("organizationId");
const variant = config.require("variant");
if (variant !== "no-saml") new docs.SamlProvider("sso", { organizationId, label: "SSO", ssoURL: "https://idp.example/sso" });
new docs.Site("portal", { organizationId, title: "Developer portal", visibility: "public", published: true }, { protect: variant !== "unprotected" });
new docs.OpenApiSpec("petstore", { organizationId, slug: "petstore", source: { url: "https://specs.example.com/petstore.yaml" }, visibility: "public" });
new docs.OpenApiSpec("internal", { organizationId, slug: "internal", source: { url: "https://specs.example.com/internal.yaml" }, ...(variant === "open-spec" ? {} : { visibility: "private" }) });
`;

let emulator: Emulator;
let stack: TestStack;
let configFile: string;

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
  const programDir = await writeProgram("policy", {
    "Pulumi.yaml": "name: docs-platform-policy-test\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.ts\n",
    "index.ts": PROGRAM,
  });
  configFile = path.join(programDir, "policy-config.json");
  await fs.writeFile(configFile, JSON.stringify({ "openapi-spec-private-unless-tagged": { publicSpecs: ["petstore"] } }));
  stack = await createStack({
    programDir,
    stackName: "dev",
    config: { organizationId: organization.id, variant: "good" },
    env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: organization.admin.token },
  });
}, 120_000);

afterAll(async () => {
  await emulator?.close();
});

async function previewWithPack(variant: string) {
  await stack.setConfig("variant", variant);
  return stack.run(["preview", "--policy-pack", pack, "--policy-pack-config", configFile]);
}

describe("examples/policy through pulumi preview --policy-pack", () => {
  it("a program that follows every rule passes", { timeout: 180_000 }, async () => {
    const result = await previewWithPack("good");
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("docs-platform@v0.1.0");
  });

  for (const [variant, policy, resource] of [
    ["no-saml", "public-site-needs-saml", 'site "portal" is public'],
    ["unprotected", "published-site-protected", 'site "portal" is published'],
    ["open-spec", "openapi-spec-private-unless-tagged", 'OpenAPI spec "internal" leaves visibility out'],
  ] as const) {
    it(`${policy} stops a program that breaks it`, { timeout: 180_000 }, async () => {
      const result = await previewWithPack(variant);
      expect(result.exitCode).not.toBe(0);
      expect(result.stdout, result.stderr).toContain(`[mandatory]  ${policy}`);
      expect(result.stdout).toContain(resource);
    });
  }
});
