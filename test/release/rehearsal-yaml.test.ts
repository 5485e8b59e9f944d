/**
 * A release rehearsal for Pulumi YAML: the release folder served from a loopback HTTP server, as
 * GitHub would serve the release's assets, and the CLI acquiring the plugin by itself. The program
 * names the plugin's version and its pluginDownloadURL (the schema's, with the version in it: a
 * YAML program has no SDK to carry them) and no `plugins.providers`;
 * PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES sends that URL to the loopback server. Pulumi 3.259 matches
 * each override's regular expression against the plugin's download URL, not its name
 * (sdk/go/common/workspace/plugins.go, GetSource). PULUMI_HOME starts empty, automatic plugin
 * acquisition is on (the other tests turn it off), and no `node` is on the PATH: `up`, a no-change
 * preview, `pulumi import` of a team made through the API, and `destroy`.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePulumi } from "../pulumi-cli/ensure-pulumi.ts";
import { type TestStack, assertSucceeded, changeCounts, createStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { apiClient } from "../e2e/support/api.ts";
import { VERSION, archiveName, releaseDir } from "../../provider/scripts/release/release-info.mts";
import { ensureReleasedArchive, linuxAmd64, pathWithoutNode } from "./released-plugin.ts";

const minutes = (n: number) => n * 60_000;
const schema = JSON.parse(fs.readFileSync(new URL("../../provider/docs-platform/schema.json", import.meta.url), "utf8"));
/** The URL the CLI would download from: the schema's, for this version. */
const downloadUrl = String(schema.pluginDownloadURL).replace("${VERSION}", VERSION);

let server: http.Server;
let serverUrl: string;
const served: string[] = [];
let emulator: Emulator;
let stack: TestStack;
let pulumiHome: string;

beforeAll(async () => {
  await ensureReleasedArchive();
  // The release folder as a release's assets: GET /<file name>.
  server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? "/", "http://loopback").pathname.slice(1));
    const file = path.join(releaseDir, name);
    served.push(name);
    if (name.includes("/") || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/octet-stream", "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

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
  const escaped = downloadUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${escaped}=${serverUrl}`,
    },
  });
  pulumiHome = String(stack.env.PULUMI_HOME);
}, minutes(5));

afterAll(async () => {
  await stack?.remove().catch(() => undefined);
  await emulator?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe("a release rehearsal from Pulumi YAML", () => {
  it("acquires the plugin from the release, goes up, previews with no change, imports a team and is destroyed", { timeout: minutes(8) }, async () => {
    const pluginsDir = path.join(pulumiHome, "plugins");
    expect(fs.existsSync(pluginsDir) ? fs.readdirSync(pluginsDir).filter((name) => name.includes("docs-platform")) : []).toEqual([]);

    await stack.up();
    expect(served).toContain(archiveName(linuxAmd64));
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
    expect(served.filter((name) => name === archiveName(linuxAmd64))).toHaveLength(1);
  });
});
