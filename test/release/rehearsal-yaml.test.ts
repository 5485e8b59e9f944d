/**
 * A release rehearsal for Pulumi YAML: the release folder served from a loopback HTTP server, as
 * GitHub would serve the release's assets, and the CLI acquiring the plugin by itself. The program
 * names the plugin's version and its pluginDownloadURL (the schema's, with the version in it: a
 * YAML program has no SDK to carry them) and no `plugins.providers`;
 * PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES sends that URL to the loopback server (serveRelease in
 * released-plugin.ts, shared with rehearsal-languages.test.ts; here served as the README's first
 * screen says, by Python's http.server). The program's invoke names the same options. PULUMI_HOME starts empty, automatic plugin
 * acquisition is on (the other tests turn it off), and no `node` is on the PATH: `up`, a no-change
 * preview, `pulumi import` of a team made through the API, and `destroy`.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePulumi, repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { type TestStack, assertSucceeded, changeCounts, createStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { apiClient } from "../e2e/support/api.ts";
import { VERSION, archiveName } from "../../provider/scripts/release/release-info.mts";
import { type ServedRelease, downloadUrl, ensureReleasedArchive, installedDocsPlatformPlugins, linuxAmd64, pathWithoutNode, rehearsalTmpdir } from "./released-plugin.ts";

const minutes = (n: number) => n * 60_000;
let release: ServedRelease;
let emulator: Emulator;
let stack: TestStack;
let pulumiHome: string;

/**
 * The release folder served as the README says (its first `sh` block after "Or let Pulumi download
 * the plugin by itself"): its `python3 -m http.server` line, run as written but on a free port, and
 * its PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES. The files asked for come from the server's log lines.
 */
async function serveReleaseAsTheReadmeSays(): Promise<ServedRelease> {
  const readme = fs.readFileSync(path.join(repositoryRoot, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("Or let Pulumi download the plugin by itself"));
  const lines = /```sh\n([\s\S]*?)```/.exec(section)![1].trim().split("\n");
  const serve = lines.find((line) => line.startsWith("python3 -m http.server"))!;
  const override = /^export PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES='(.*)'$/.exec(lines.find((line) => line.startsWith("export PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES="))!)![1];
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const command = serve.replace(" 8000 ", ` ${port} `).replace("$CHECKOUT", repositoryRoot.replace(/\/$/, ""));
  const server = spawn("bash", ["-c", `exec ${command}`], { stdio: ["ignore", "ignore", "pipe"] });
  const served: string[] = [];
  server.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    for (const match of chunk.matchAll(/"GET \/([^ ]*) HTTP/g)) served.push(decodeURIComponent(match[1]));
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let attempt = 0; ; attempt++) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (attempt > 100) throw new Error(`the README's server did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  served.length = 0;
  return {
    url,
    served,
    downloadOverride: override.replace("http://127.0.0.1:8000/", url),
    close: () =>
      new Promise((resolve) => {
        server.once("exit", () => resolve());
        server.kill();
      }),
  };
}

beforeAll(async () => {
  await ensureReleasedArchive();
  release = await serveReleaseAsTheReadmeSays();

  emulator = await startEmulator({ db: ":memory:" });
  const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
  const { binDir } = await ensurePulumi();
  const programDir = await writeProgram("rehearsal-yaml", {
    "Pulumi.yaml": [
      "name: rehearsal-yaml",
      "runtime: yaml",
      // An invoke with the resources' options, as the README says: no lookup on GitHub's API.
      "variables:",
      "  organization:",
      "    fn::invoke:",
      "      function: docs-platform:index:getOrganization",
      "      arguments: {}",
      "      options:",
      `        version: ${VERSION}`,
      `        pluginDownloadURL: ${downloadUrl}`,
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
      "  organizationTitle: ${organization.title}",
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

    const up = await stack.up();
    expect(release.served).toContain(archiveName(linuxAmd64));
    expect(up.stdout).not.toContain("api.github.com");
    expect((await stack.outputs()).organizationTitle).toBe(emulator.fixture.organizations.find((org) => org.id === "org-acme")!.title);
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
