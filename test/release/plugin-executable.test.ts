/**
 * The release's plugin executable (provider/scripts/release/, `npm run release`) on linux-amd64:
 * a Node.js single executable with the schema and version inside. Its archive holds exactly the
 * executable, README.md and LICENSE, and the checksums file has its sum; it prints its port as the
 * plugin does, answers GetSchema and GetPluginInfo with the package's schema and version, and a
 * Pulumi YAML program goes up, previews with no change and is destroyed through it with no `node`
 * on the PATH the CLI and the plugin see. Through that whole run, the executable opens no file of
 * the user's home (strace: a HOME holding a .gitconfig and an .npmrc, which npm's modules in the
 * bundle used to read), and its bundle holds none of what @pulumi/pulumi brings and a provider
 * never runs (the TypeScript compiler, npm's arborist and pacote, sigstore).
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
import { NODE_OPTIONS_ENV, UNUSED_BY_THE_PLUGIN, bundleMetaPath } from "../../provider/scripts/release/bundle.mts";
import { SEVEN_BYTES, nestedLie, normalCheckConfig, rawCall, status } from "../plugin/malformed-request.ts";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";

const minutes = (n: number) => n * 60_000;
const requireSdk = createRequire(path.join(providerRoot, "dist", "index.js"));
const grpc = requireSdk("@grpc/grpc-js");
const providerGrpc = requireSdk("@pulumi/pulumi/proto/provider_grpc_pb.js");
const providerPb = requireSdk("@pulumi/pulumi/proto/provider_pb.js");
const emptyPb = requireSdk("google-protobuf/google/protobuf/empty_pb");
const committedSchema = JSON.parse(fs.readFileSync(path.join(providerRoot, "docs-platform", "schema.json"), "utf8"));
/** strace, where the machine has it: the YAML program's plugin runs under it (every file it opens). */
const strace = ["/usr/bin/strace", "/bin/strace"].find((candidate) => fs.existsSync(candidate));

let pluginDir: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  pluginDir = await unpackedPlugin();
}, minutes(5));

afterAll(() => {
  for (const child of started) child.kill();
});

/** Starts the executable as the engine would (no engine address here) and resolves with the port it prints. */
async function startPlugin(env: NodeJS.ProcessEnv): Promise<number> {
  return (await startedPlugin(env)).port;
}

/** startPlugin, with the process and what it has written to stderr so far. */
function startedPlugin(env: NodeJS.ProcessEnv): Promise<{ port: number; child: ChildProcess; stderr: () => string }> {
  const child = spawn(path.join(pluginDir, EXECUTABLE), [], { env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let stderr = "";
  return new Promise((resolve, reject) => {
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const line = /^(\d+)\n/.exec(stdout);
      if (line) resolve({ port: Number(line[1]), child, stderr: () => stderr });
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

  it("bundles none of what @pulumi/pulumi brings for programs only: no TypeScript, npm's arborist, pacote, @npmcli/git or sigstore", () => {
    // The bundle's metafile (bundle.mts) and the executable itself: the stubbed modules' own text only.
    const meta = JSON.parse(fs.readFileSync(bundleMetaPath, "utf8")) as { inputs: Record<string, unknown> };
    const packages = new Set(Object.keys(meta.inputs).flatMap((input) => [...(/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.slice(1) ?? [])]));
    for (const absent of [
      "typescript",
      "@npmcli/arborist",
      "@npmcli/git",
      "pacote",
      "sigstore",
      "@sigstore/sign",
      "tar",
      "npm-registry-fetch",
      "iconv-lite",
      "normalize-package-data",
    ])
      expect(packages, absent).not.toContain(absent);
    for (const present of ["@pulumi/pulumi", "@grpc/grpc-js", "google-protobuf", "zod", "undici"]) expect(packages, present).toContain(present);
    const executable = fs.readFileSync(path.join(pluginDir, EXECUTABLE));
    for (const text of [".gitconfig", "sigstore", "ts.createSourceFile"]) expect(executable.includes(text), text).toBe(false);
    expect(UNUSED_BY_THE_PLUGIN.map((stub) => stub.module)).toEqual(["typescript-shim.js", "runtime/closure/codePaths.js", "automation/index.js"]);
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

describe("requests that lie about their lengths, to the release's executable", () => {
  it("the seven bytes are refused INVALID_ARGUMENT within seconds, and a CheckConfig sent beside them is answered", { timeout: minutes(1) }, async () => {
    const port = await startPlugin({ PATH: pathWithoutNode("/nonexistent") });
    // The first resource call loads the core (seconds on a loaded machine, the event loop held): not what is measured.
    expect((await rawCall(port, "CheckConfig", normalCheckConfig())).code).toBe(status.OK);
    const [lie, normal] = await Promise.all([rawCall(port, "CheckConfig", SEVEN_BYTES), rawCall(port, "CheckConfig", normalCheckConfig())]);
    expect(lie.code).toBe(status.INVALID_ARGUMENT);
    expect(lie.details).toBe("malformed CheckConfig request: field 3 declares 4294967295 bytes, 1 left");
    expect(lie.ms).toBeLessThan(3000);
    expect(normal.code).toBe(status.OK);
    expect(normal.ms).toBeLessThan(5000);
    // A lie inside a Struct whose own length fits: the bundled google-protobuf is bounded too.
    const nested = await rawCall(port, "Check", nestedLie(3));
    expect(nested.code).toBe(status.INVALID_ARGUMENT);
    expect(nested.ms).toBeLessThan(3000);
    expect((await rawCall(port, "CheckConfig", normalCheckConfig())).code).toBe(status.OK);
  });
});

describe("Node.js options of the release's executable", () => {
  /** A --require file that records, in `marker`, the process it ran in and that process's options and heap limit. */
  function markerScript(marker: string): string {
    const script = path.join(pluginDir, "..", `record-${path.basename(marker)}.cjs`);
    fs.writeFileSync(
      script,
      `require("node:fs").writeFileSync(${JSON.stringify(marker)}, JSON.stringify({ pid: process.pid, execArgv: process.execArgv, heapLimit: require("node:v8").getHeapStatistics().heap_size_limit }));\n`,
    );
    return script;
  }

  it("NODE_OPTIONS does not reach it: a --require file is not run, --inspect opens no debugger", { timeout: minutes(1) }, async () => {
    const marker = path.join(pluginDir, "..", "node-options-marker.json");
    const plugin = await startedPlugin({ PATH: pathWithoutNode("/nonexistent"), NODE_OPTIONS: `--require=${markerScript(marker)} --inspect=127.0.0.1:0` });
    const client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${plugin.port}`, grpc.credentials.createInsecure());
    try {
      expect((await call<any>(client, "getPluginInfo", new emptyPb.Empty())).getVersion()).toBe(VERSION);
    } finally {
      client.close();
    }
    expect(fs.existsSync(marker)).toBe(false);
    expect(plugin.stderr()).not.toMatch(/Debugger listening/);
  });

  it(`${NODE_OPTIONS_ENV} does: its --require runs in the serving process with its heap limit, which ends with the plugin`, { timeout: minutes(1) }, async () => {
    const marker = path.join(pluginDir, "..", "own-options-marker.json");
    const plugin = await startedPlugin({ PATH: pathWithoutNode("/nonexistent"), [NODE_OPTIONS_ENV]: `--require=${markerScript(marker)} --max-old-space-size=96` });
    const client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${plugin.port}`, grpc.credentials.createInsecure());
    try {
      expect((await call<any>(client, "getPluginInfo", new emptyPb.Empty())).getVersion()).toBe(VERSION);
    } finally {
      client.close();
    }
    const recorded = JSON.parse(fs.readFileSync(marker, "utf8")) as { pid: number; execArgv: string[]; heapLimit: number };
    expect(recorded.execArgv).toEqual([expect.stringMatching(/^--require=/), "--max-old-space-size=96"]);
    // V8's limit is the old space asked for plus room for the young generation (288 MiB here for
    // 96), far below its default, which is gigabytes on a machine that runs these tests (4.2 GiB here).
    expect(recorded.heapLimit).toBeLessThan(512 * 2 ** 20);
    // The engine ends a plugin with a signal to the process it started: the serving process goes too.
    const exited = new Promise((resolve) => plugin.child.on("exit", resolve));
    plugin.child.kill("SIGTERM");
    await exited;
    await expect.poll(() => isAlive(recorded.pid), { timeout: 10_000 }).toBe(false);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("a Pulumi YAML program through the release's executable, with no node on the PATH", () => {
  let emulator: Emulator;
  let stack: TestStack;
  /** The user's home the CLI and the plugin run with: a .gitconfig and an .npmrc the plugin must not open. */
  let home: string;
  /** Where strace writes what each of the plugin's runs opened (`<pid>.log`), when it traces them. */
  let traces: string;

  beforeAll(async () => {
    const scratch = path.join(workRoot, "release-home", `${process.pid}-${Date.now()}`);
    home = path.join(scratch, "home");
    traces = path.join(scratch, "traces");
    fs.mkdirSync(home, { recursive: true });
    fs.mkdirSync(traces, { recursive: true });
    fs.writeFileSync(path.join(home, ".gitconfig"), "[core]\n\tsshCommand = false\n");
    fs.writeFileSync(path.join(home, ".npmrc"), "registry=http://127.0.0.1:9/\n");
    // The plugin's folder for this program: the executable under strace (a shell script, no node).
    let programPluginDir = pluginDir;
    if (strace) {
      programPluginDir = path.join(scratch, "plugin");
      fs.mkdirSync(programPluginDir);
      fs.writeFileSync(
        path.join(programPluginDir, EXECUTABLE),
        `#!/bin/sh\nexec ${strace} -f -qq -e trace=%file -o "${traces}/$$.log" "${path.join(pluginDir, EXECUTABLE)}" "$@"\n`,
        { mode: 0o755 },
      );
    }
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
        `      path: ${programPluginDir}`,
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
      env: { PATH: pathWithoutNode(binDir), HOME: home },
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

  it.skipIf(!strace)("opened no file of the user's home in any of its runs (.gitconfig, .npmrc)", () => {
    const logs = fs.readdirSync(traces).map((name) => fs.readFileSync(path.join(traces, name), "utf8"));
    // One run per command at least (up, preview, destroy), each having opened its own executable.
    expect(logs.length).toBeGreaterThanOrEqual(3);
    for (const log of logs) expect(log).toContain(`"${path.join(pluginDir, EXECUTABLE)}"`);
    const opened = logs.flatMap((log) => [...log.matchAll(/"(\/[^"]*)"/g)].map((match) => match[1]));
    expect(opened.length).toBeGreaterThan(20);
    expect(opened.filter((file) => file === home || file.startsWith(`${home}/`))).toEqual([]);
  });
});
