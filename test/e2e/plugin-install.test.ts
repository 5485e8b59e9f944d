/**
 * docs/plugin.md's "Use it from Pulumi YAML", followed word for word: its shell blocks and files,
 * in that order, in a fresh directory outside the repository, with the packed tarball, against the
 * emulator. Only `$CHECKOUT`, `$DOCS_PLATFORM_TOKEN` and the example API URL and organization id
 * are put in. One `npm pack` and `plugins.providers` pointing into the installed package make the
 * plugin usable from a YAML program; then `pulumi preview --expect-no-changes` and `pulumi destroy`,
 * as the page says.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bash, lockingCheckout, scriptOf, sectionSteps, stackLifecycleScript } from "./support/markdown-steps.ts";
import { type Api, apiClient } from "./support/api.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensurePulumi, repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { stateDirEnvironment, workRoot } from "../pulumi-cli/run-pulumi.ts";

const minutes = (n: number) => n * 60_000;
/** The checkout's lock, shared with the other file that follows the install docs (lockingCheckout). */
const checkoutLock = path.join(workRoot, "checkout.lock");

describe("docs/plugin.md's YAML install, followed word for word outside the repository", () => {
  let emulator: Emulator;
  let api: Api;
  let organizationId: string;
  let workDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
    organizationId = organization.id;
    api = apiClient(emulator.url, organization.admin.token);
    await fs.mkdir(workRoot, { recursive: true });
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), "docs-platform-plugin-install-"));
    const installation = await ensurePulumi();
    env = {
      ...(await stateDirEnvironment(path.join(workDir, "pulumi"), { binDir: installation.binDir })),
      CHECKOUT: repositoryRoot.replace(/\/$/, ""),
      DOCS_PLATFORM_TOKEN: organization.admin.token,
      PULUMI_SKIP_CONFIRMATIONS: "true",
    };
  });
  afterAll(async () => {
    await emulator?.close();
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  it("installs the packed tarball, runs the YAML program through the plugin, previews no change and destroys it", { timeout: minutes(8) }, async () => {
    const page = await fs.readFile(path.join(repositoryRoot, "docs", "plugin.md"), "utf8");
    const script = scriptOf(sectionSteps(page, "Use it from Pulumi YAML"))
      .replaceAll("https://api.example.com/v1", emulator.url)
      .replaceAll("your-organization-id", organizationId);
    expect(script).toContain("path: ./node_modules/pulumi-docs-platform/docs-platform");
    const locked = lockingCheckout(script, checkoutLock);
    expect(locked).toContain(`flock -x '${checkoutLock}'`);
    const run = await bash(locked, workDir, env);
    expect(run.code, run.output).toBe(0);

    const project = path.join(workDir, "docs-yaml");
    const outputs = await bash("pulumi stack output --json", project, env);
    const values = JSON.parse(outputs.output.slice(outputs.output.indexOf("{"))) as { organizationTitle: string; writersTeam: string };
    expect(values.organizationTitle).toBe((await api.get(`/orgs/${organizationId}`)).title);
    expect((await api.get(`/orgs/${organizationId}/teams/${values.writersTeam}`)).title).toBe("Writers");

    const preview = await bash("pulumi preview --expect-no-changes", project, env);
    expect(preview.code, preview.output).toBe(0);
    const destroy = await bash("pulumi destroy --yes", project, env);
    expect(destroy.code, destroy.output).toBe(0);
    expect(await api.status(`/orgs/${organizationId}/teams/${values.writersTeam}`)).toBe(404);

    // The path `pulumi package add` and `gen-sdk` take (docs/plugin.md): the installed executable.
    const schema = await bash("pulumi package get-schema ./node_modules/pulumi-docs-platform/docs-platform/pulumi-resource-docs-platform", project, env);
    expect(schema.code, schema.output).toBe(0);
    expect(JSON.parse(schema.output.slice(schema.output.indexOf("{")))).toMatchObject({ name: "docs-platform", version: "0.1.0" });
  });

  it("serves with the lowest @pulumi/pulumi of the peer range (the SDK's protocol stubs of that version)", { timeout: minutes(8) }, async () => {
    const provider = JSON.parse(await fs.readFile(path.join(repositoryRoot, "provider", "package.json"), "utf8")) as { peerDependencies: Record<string, string> };
    const lowest = /^>=(\d+\.\d+\.\d+) <4$/.exec(provider.peerDependencies["@pulumi/pulumi"] ?? "")?.[1];
    expect(lowest).toBeDefined();
    const project = path.join(workDir, "lowest-sdk");
    await fs.mkdir(project, { recursive: true });
    await fs.cp(path.join(workDir, "docs-yaml", "Pulumi.yaml"), path.join(project, "Pulumi.yaml"));
    const install = await bash(
      lockingCheckout(`npm init --yes > /dev/null && npm install "$CHECKOUT/pulumi-docs-platform-0.1.0.tgz" @pulumi/pulumi@${lowest}`, checkoutLock),
      project,
      env,
    );
    expect(install.code, install.output).toBe(0);
    const run = await bash(stackLifecycleScript("lowest", emulator.url, organizationId), project, env);
    expect(run.code, run.output).toBe(0);
  });
});
