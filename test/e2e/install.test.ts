/**
 * The README's "Use it in your own project", followed word for word (issue 18): its shell blocks
 * and its files, in that order, in a fresh directory outside the repository, with the packed
 * tarball, against the emulator. Only three things are put in: `$CHECKOUT` (this repository),
 * `$DOCS_PLATFORM_TOKEN`, and the example API URL and organization id, swapped for the emulator's.
 * The registry install (`npm install pulumi-docs-platform ...`) is the one block not run: the
 * package is not published yet, which is what the tarball steps are for.
 *
 * Then `pulumi preview --expect-no-changes` and `pulumi destroy`, as the section says, and the API
 * is listed to prove what the program made and that destroy removed it. A second project with
 * another @pulumi/pulumi inside the peer range proves one copy of the SDK is installed.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bash, lockingCheckout, sectionSteps, stackLifecycleScript } from "./support/markdown-steps.ts";
import { type Api, apiClient } from "./support/api.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensurePulumi, repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { stateDirEnvironment, workRoot } from "../pulumi-cli/run-pulumi.ts";

const minutes = (n: number) => n * 60_000;
/** The checkout's lock, shared with the other file that follows the install docs (lockingCheckout). */
const checkoutLock = path.join(workRoot, "checkout.lock");
const SECTION = "Use it in your own project";
const REGISTRY_INSTALL = "npm install pulumi-docs-platform @pulumi/pulumi";

describe("the README's install section, followed word for word outside the repository", () => {
  let emulator: Emulator;
  let api: Api;
  let token: string;
  let organizationId: string;
  let workDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
    token = organization.admin.token;
    organizationId = organization.id;
    api = apiClient(emulator.url, token);
    await fs.mkdir(workRoot, { recursive: true });
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), "docs-platform-install-"));
    const installation = await ensurePulumi();
    env = {
      ...(await stateDirEnvironment(path.join(workDir, "pulumi"), { binDir: installation.binDir })),
      CHECKOUT: repositoryRoot.replace(/\/$/, ""),
      DOCS_PLATFORM_TOKEN: token,
      // `pulumi up` as the README writes it, without a prompt to answer.
      PULUMI_SKIP_CONFIRMATIONS: "true",
    };
  });
  afterAll(async () => {
    await emulator?.close();
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  it("installs the packed tarball, brings the program up, previews no change and destroys it", { timeout: minutes(8) }, async () => {
    const readme = await fs.readFile(path.join(repositoryRoot, "README.md"), "utf8");
    const steps = sectionSteps(readme, SECTION);
    const registry = steps.filter((step) => step.kind === "shell" && step.text.trim() === REGISTRY_INSTALL);
    expect(registry).toHaveLength(1);

    // One script, in the section's order: the shell blocks, and each file written where it appears.
    const script = steps
      .filter((step) => !registry.includes(step))
      .map((step, index) => (step.kind === "shell" ? step.text : `cat > ${JSON.stringify(step.name)} <<'README_FILE_${index}'\n${step.text}README_FILE_${index}`))
      .join("\n")
      .replaceAll("https://api.example.com/v1", emulator.url)
      .replaceAll("your-organization-id", organizationId);
    const locked = lockingCheckout(script, checkoutLock);
    expect(locked).toContain(`flock -x '${checkoutLock}'`);
    const run = await bash(locked, workDir, env);
    expect(run.code, run.output).toBe(0);

    const project = path.join(workDir, "docs-setup");
    // The program made its objects in the organization (five kinds), named by the README.
    const teams = await api.list(`/orgs/${organizationId}/teams`);
    expect(teams.map((team) => team.title)).toContain("Writers");
    const sites = await api.list(`/orgs/${organizationId}/sites`);
    const site = sites.find((candidate) => candidate.title === "Handbook");
    expect(site).toBeDefined();
    expect((await api.list(`/orgs/${organizationId}/sites/${site.id}/sections`)).map((section) => section.title)).toContain("Onboarding");
    // The lookup's result is an output of the stack.
    const outputs = await bash("pulumi stack output --json", project, env);
    expect(JSON.parse(outputs.output.slice(outputs.output.indexOf("{"))).organizationTitle).toBe((await api.get(`/orgs/${organizationId}`)).title);
    // Exactly one @pulumi/pulumi: the peer dependency is the project's own.
    const ls = await bash("npm ls @pulumi/pulumi --all --parseable", project, env);
    expect(
      ls.output
        .trim()
        .split("\n")
        .filter((line) => line.endsWith(`node_modules${path.sep}@pulumi${path.sep}pulumi`)),
    ).toHaveLength(1);

    const preview = await bash("pulumi preview --expect-no-changes", project, env);
    expect(preview.code, preview.output).toBe(0);
    const destroy = await bash("pulumi destroy --yes", project, env);
    expect(destroy.code, destroy.output).toBe(0);
    expect((await api.list(`/orgs/${organizationId}/teams`)).map((team) => team.title)).not.toContain("Writers");
    expect((await api.list(`/orgs/${organizationId}/sites`)).map((candidate) => candidate.title)).not.toContain("Handbook");
  });

  it("works with the lowest @pulumi/pulumi of the peer range, installing one copy of the SDK", { timeout: minutes(8) }, async () => {
    const provider = JSON.parse(await fs.readFile(path.join(repositoryRoot, "provider", "package.json"), "utf8")) as { peerDependencies: Record<string, string> };
    const lowest = /^>=(\d+\.\d+\.\d+) <4$/.exec(provider.peerDependencies["@pulumi/pulumi"] ?? "")?.[1];
    expect(lowest).toBeDefined();
    const project = path.join(workDir, "lowest-sdk");
    await fs.mkdir(project, { recursive: true });
    await fs.cp(path.join(workDir, "docs-setup", "Pulumi.yaml"), path.join(project, "Pulumi.yaml"));
    await fs.cp(path.join(workDir, "docs-setup", "index.ts"), path.join(project, "index.ts"));
    const install = await bash(
      lockingCheckout(`npm init --yes > /dev/null && npm pkg set type=module && npm install "$CHECKOUT/pulumi-docs-platform-0.1.0.tgz" @pulumi/pulumi@${lowest}`, checkoutLock),
      project,
      env,
    );
    expect(install.code, install.output).toBe(0);
    const ls = await bash("npm ls @pulumi/pulumi --all --parseable", project, env);
    const copies = ls.output
      .trim()
      .split("\n")
      .filter((line) => line.endsWith(`node_modules${path.sep}@pulumi${path.sep}pulumi`));
    expect(copies, ls.output).toHaveLength(1);
    const version = JSON.parse(await fs.readFile(path.join(copies[0], "package.json"), "utf8")).version;
    expect(version).toBe(lowest);

    const up = await bash(stackLifecycleScript("lowest", emulator.url, organizationId), project, env);
    expect(up.code, up.output).toBe(0);
  });
});
