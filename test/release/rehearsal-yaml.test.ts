/**
 * A release rehearsal for Pulumi YAML: the release folder served from a loopback HTTP server, as
 * GitHub would serve the release's assets, and the CLI acquiring the plugin by itself. The program
 * names the plugin's version and its pluginDownloadURL (the schema's, with the version in it: a
 * YAML program has no SDK to carry them) and no `plugins.providers`;
 * PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES sends that URL to the loopback server (serveRelease in
 * released-plugin.ts, shared with rehearsal-languages.test.ts). PULUMI_HOME starts empty, automatic plugin
 * acquisition is on (the other tests turn it off), and no `node` is on the PATH: `up`, a no-change
 * preview, `pulumi import` of a team made through the API, and `destroy`.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePulumi } from "../pulumi-cli/ensure-pulumi.ts";
import { type TestStack, assertSucceeded, changeCounts, createStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { apiClient } from "../e2e/support/api.ts";
import { VERSION, archiveName } from "../../provider/scripts/release/release-info.mts";
import { type ServedRelease, downloadUrl, ensureReleasedArchive, installedDocsPlatformPlugins, linuxAmd64, pathWithoutNode, rehearsalTmpdir, serveRelease } from "./released-plugin.ts";

const minutes = (n: number) => n * 60_000;
let release: ServedRelease;
let emulator: Emulator;
let stack: TestStack;
let pulumiHome: string;

beforeAll(async () => {
  await ensureReleasedArchive();
  release = await serveRelease();

  emulator = await startEmulator({ db: ":memory:" });
  const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
  const { binDir } = await ensurePulumi();
  const programDir = await writeProgram("rehearsal-yaml", {
    "Pulumi.yaml": [
      "name: rehearsal-yaml",
      "runtime: yaml",
      "resources:",
      "  writers:",
      "    type: docs-platform:index:Team",
      "    properties:",
      "      title: Rehearsal writers",
      "    options:",
      `      version: ${VERSION}`,
      `      pluginDownloadURL: ${downloadUrl}`,
      "  handbook:",
      "    type: docs-platform:index:Collection",
      "    properties:",
      "      title: Rehearsal handbook",
      "outputs:",
      "  writersTeam: ${writers.id}",
      "",
    ].join("\n"),
  });
  stack = await createStack({
    programDir,
    stackName: "rehearsal",
    config: {
      "docs-platform:apiUrl": emulator.url,
      "docs-platform:organizationId": organization.id,
      "docs-platform:token": { value: organization.admin.token, secret: true },
    },
    env: {
      PATH: pathWithoutNode(binDir),
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: undefined,
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: release.downloadOverride,
      ...rehearsalTmpdir("rehearsal-yaml"),
    },
  });
  pulumiHome = String(stack.env.PULUMI_HOME);
}, minutes(5));

afterAll(async () => {
  await stack?.remove().catch(() => undefined);
  await emulator?.close();
  await release?.close();
});

describe("a release rehearsal from Pulumi YAML", () => {
  it("acquires the plugin from the release, goes up, previews with no change, imports a team and is destroyed", { timeout: minutes(8) }, async () => {
    const pluginsDir = path.join(pulumiHome, "plugins");
    expect(installedDocsPlatformPlugins(pulumiHome)).toEqual([]);

    await stack.up();
    expect(release.served).toContain(archiveName(linuxAmd64));
    const installed = path.join(pluginsDir, `resource-docs-platform-v${VERSION}`);
    expect(fs.readdirSync(installed).sort()).toEqual(expect.arrayContaining(["LICENSE", "README.md", "pulumi-resource-docs-platform"]));
    expect(changeCounts(await stack.preview())).toEqual({});

    const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
    const team = await apiClient(emulator.url, organization.admin.token).put(`/orgs/${organization.id}/teams`, { title: "Made in the app", members: [] });
    const imported = assertSucceeded(await stack.run(["import", "docs-platform:index:Team", "madeInTheApp", String(team.id), "--protect=false", "--yes"]));
    expect(imported.stdout).toContain("1 imported");
    const { deployment } = await stack.exportState();
    expect(deployment.resources?.find((resource) => String(resource.urn).endsWith("::madeInTheApp"))).toMatchObject({ id: team.id, type: "docs-platform:index:Team" });

    await stack.destroy();
    const after = await stack.exportState();
    expect((after.deployment.resources ?? []).filter((resource) => String(resource.type).startsWith("docs-platform:index:"))).toEqual([]);
    // One download: the later commands use the installed plugin.
    expect(release.served.filter((name) => name === archiveName(linuxAmd64))).toHaveLength(1);
  });
});
