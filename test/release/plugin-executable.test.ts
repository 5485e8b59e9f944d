/**
 * The release's plugin executable (provider/scripts/release/, `npm run release`) on linux-amd64:
 * a Node.js single executable with the schema and version inside. Its archive holds exactly the
 * executable, README.md and LICENSE, and the checksums file has its sum; it prints its port as the
 * plugin does, answers GetSchema and GetPluginInfo with the package's schema and version, and a
 * Pulumi YAML program goes up, previews with no change and is destroyed through it with no `node`
 * on the PATH the CLI and the plugin see.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePulumi } from "../pulumi-cli/ensure-pulumi.ts";
import { type TestStack, changeCounts, createStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { EXECUTABLE, VERSION, providerRoot } from "../../provider/scripts/release/release-info.mts";
import { archivePath, checksumsPath, pathWithoutNode, unpackedPlugin } from "./released-plugin.ts";

const minutes = (n: number) => n * 60_000;
const requireSdk = createRequire(path.join(providerRoot, "dist", "index.js"));
/* eslint-disable @typescript-eslint/no-explicit-any -- the SDK's generated stubs have no types to import */
const grpc = requireSdk("@grpc/grpc-js") as any;
const providerGrpc = requireSdk("@pulumi/pulumi/proto/provider_grpc_pb.js") as any;
const providerPb = requireSdk("@pulumi/pulumi/proto/provider_pb.js") as any;
const emptyPb = requireSdk("google-protobuf/google/protobuf/empty_pb") as any;
const committedSchema = JSON.parse(fs.readFileSync(path.join(providerRoot, "docs-platform", "schema.json"), "utf8"));

let pluginDir: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  pluginDir = await unpackedPlugin();
}, minutes(5));

afterAll(() => {
  for (const child of started) child.kill();
});

/** Starts the executable as the engine would (no engine address here) and resolves with the port it prints. */
function startPlugin(env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(path.join(pluginDir, EXECUTABLE), [], { env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const line = /^(\d+)\n/.exec(stdout);
      if (line) resolve(Number(line[1]));
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("exit", (code) => reject(new Error(`the plugin exited (${code}) before printing its port: ${stdout}${stderr}`)));
  });
}

function call<T>(client: any, method: string, request: unknown): Promise<T> {
  return new Promise((resolve, reject) => client[method](request, (error: Error | null, response: T) => (error ? reject(error) : resolve(response))));
}

describe("the release's plugin executable (linux-amd64)", () => {
  it("is an archive of the executable, README.md and LICENSE, whose sha256 the checksums file has", () => {
    const listing = execFileSync("tar", ["-tvzf", archivePath], { encoding: "utf8" }).trim().split("\n");
    expect(listing.map((line) => line.split(/\s+/).pop()).sort()).toEqual(["LICENSE", "README.md", EXECUTABLE]);
    expect(listing.find((line) => line.endsWith(` ${EXECUTABLE}`))).toMatch(/^-rwxr-xr-x/);
    const sum = createHash("sha256").update(fs.readFileSync(archivePath)).digest("hex");
    expect(fs.readFileSync(checksumsPath, "utf8")).toContain(`${sum}  ${path.basename(archivePath)}\n`);
  });

  it("prints its port with no node on its PATH, and serves the package's schema and version", { timeout: minutes(1) }, async () => {
    const port = await startPlugin({ PATH: pathWithoutNode("/nonexistent") });
    const client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    try {
      const response = await call<any>(client, "getSchema", new providerPb.GetSchemaRequest());
      const served = JSON.parse(response.getSchema());
      expect(served).toEqual({ ...committedSchema, version: VERSION });
      const info = await call<any>(client, "getPluginInfo", new emptyPb.Empty());
      expect(info.getVersion()).toBe(VERSION);
    } finally {
      client.close();
    }
  });
});

describe("a Pulumi YAML program through the release's executable, with no node on the PATH", () => {
  let emulator: Emulator;
  let stack: TestStack;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
    const { binDir } = await ensurePulumi();
    const programDir = await writeProgram("release-yaml", {
      "Pulumi.yaml": [
        "name: release-yaml",
        "runtime: yaml",
        "plugins:",
        "  providers:",
        "    - name: docs-platform",
        `      path: ${pluginDir}`,
        "variables:",
        "  organization:",
        "    fn::invoke:",
        "      function: docs-platform:index:getOrganization",
        "      arguments: {}",
        "resources:",
        "  writers:",
        "    type: docs-platform:index:Team",
        "    properties:",
        "      title: Release writers",
        "  handbook:",
        "    type: docs-platform:index:Collection",
        "    properties:",
        "      title: Release handbook",
        "outputs:",
        "  organizationTitle: ${organization.title}",
        "  writersTeam: ${writers.id}",
        "",
      ].join("\n"),
    });
    stack = await createStack({
      programDir,
      stackName: "release",
      config: { "docs-platform:apiUrl": emulator.url, "docs-platform:organizationId": organization.id, "docs-platform:token": { value: organization.admin.token, secret: true } },
      // The CLI and its YAML host only: the plugin cannot fall back on a node.
      env: { PATH: pathWithoutNode(binDir) },
    });
  }, minutes(5));

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("goes up, previews with no change and is destroyed", { timeout: minutes(6) }, async () => {
    await stack.up();
    const outputs = await stack.outputs();
    expect(outputs.organizationTitle).toMatch(/^Acme Doc/);
    expect(String(outputs.writersTeam)).not.toBe("");
    expect(changeCounts(await stack.preview())).toEqual({});
    await stack.destroy();
    const { deployment } = await stack.exportState();
    expect((deployment.resources ?? []).filter((resource) => String(resource.type).startsWith("docs-platform:index:"))).toEqual([]);
  });
});
