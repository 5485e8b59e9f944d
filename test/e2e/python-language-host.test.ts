/**
 * The Python mode of this repository's language host (test/pulumi-cli/language-host.mjs), doing
 * what a user touches as Pulumi's own Python host does, with the real CLI:
 *
 * - `pulumi up` before `pulumi install` says the virtualenv is missing and how to make it;
 * - `pulumi install` creates the virtualenv (`runtime.options.virtualenv`) and installs
 *   requirements.txt into it (here `pulumi` from PyPI and the release's wheel);
 * - the stack's config reaches `pulumi.Config()`: get, require, get_int, require_secret, another
 *   namespace, and an absent key is None (Pulumi's Python SDK reads PULUMI_CONFIG keys as
 *   `<project>:<name>`; the host used to send the Node.js SDK's legacy `<project>:config:<name>`);
 * - GetRequiredPackages and GetRequiredPlugins, asked over gRPC as the engine asks, report the
 *   plugin the installed wheel names in its pulumi-plugin.json: name, version and server.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePulumi, requiredPulumiVersion } from "../pulumi-cli/ensure-pulumi.ts";
import { type TestStack, assertSucceeded, createStack, runPulumi, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { VERSION, providerRoot, releaseDir } from "../../provider/scripts/release/release-info.mts";
import { ensureRelease } from "../release/released-plugin.ts";

const run = promisify(execFile);
const minutes = (n: number) => n * 60_000;
const requireSdk = createRequire(path.join(providerRoot, "dist", "index.js"));
/* eslint-disable @typescript-eslint/no-explicit-any -- the SDK's generated stubs have no types to import */
const grpc = requireSdk("@grpc/grpc-js") as any;
const languageGrpc = requireSdk("@pulumi/pulumi/proto/language_grpc_pb.js") as any;
const languagePb = requireSdk("@pulumi/pulumi/proto/language_pb.js") as any;
const structPb = requireSdk("google-protobuf/google/protobuf/struct_pb.js") as any;
const schema = JSON.parse(fs.readFileSync(path.join(providerRoot, "docs-platform", "schema.json"), "utf8")) as { pluginDownloadURL: string };
const pythonSdkDir = path.join(releaseDir, "sdk", "python");

const PROGRAM = `import pulumi

config = pulumi.Config()
pulumi.export("greeting", config.get("greeting"))
pulumi.export("count", config.get_int("count"))
pulumi.export("required", config.require("greeting"))
pulumi.export("absentIsNone", config.get("absent") is None)
pulumi.export("password", config.require_secret("password"))
pulumi.export("region", pulumi.Config("elsewhere").get("region"))
`;

let programDir: string;
let stack: TestStack;
const hosts: ChildProcess[] = [];

beforeAll(async () => {
  await ensureRelease(() => fs.existsSync(pythonSdkDir), ["--no-plugin"]);
  const wheel = fs.readdirSync(pythonSdkDir).find((file) => file.endsWith(".whl"));
  programDir = await writeProgram("python-host", {
    "Pulumi.yaml": ["name: python-host", "runtime:", "  name: python", "  options:", "    virtualenv: venv", ""].join("\n"),
    "requirements.txt": `pulumi==${requiredPulumiVersion()}\n${path.join(pythonSdkDir, wheel!)}\n`,
    "__main__.py": PROGRAM,
  });
  stack = await createStack({
    programDir,
    stackName: "python-host",
    config: { greeting: "hello", count: "3", password: { value: "correct horse battery staple", secret: true }, "elsewhere:region": "eu-west" },
  });
}, minutes(15));

afterAll(async () => {
  for (const host of hosts) host.kill("SIGTERM");
  await stack?.remove().catch(() => undefined);
});

/** The host started as the engine starts it (its port on the first line), and a client of it. */
async function startHost(): Promise<any> {
  const { binDir } = await ensurePulumi();
  const host = spawn(path.join(binDir, "pulumi-language-python"), ["127.0.0.1:1"], { cwd: programDir, env: stack.env, stdio: ["ignore", "pipe", "pipe"] });
  hosts.push(host);
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    host.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const line = /^(\d+)\n/.exec(output);
      if (line) resolve(Number(line[1]));
    });
    host.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    host.on("exit", (code) => reject(new Error(`the language host exited (${code}) before printing its port: ${output}`)));
  });
  return new languageGrpc.LanguageRuntimeClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
}

function call<T>(client: any, method: string, request: unknown): Promise<T> {
  return new Promise((resolve, reject) => client[method](request, (error: Error | null, response: T) => (error ? reject(error) : resolve(response))));
}

function programInfo(): any {
  const info = new languagePb.ProgramInfo();
  info.setRootDirectory(programDir);
  info.setProgramDirectory(programDir);
  info.setEntryPoint(".");
  info.setOptions(structPb.Struct.fromJavaScript({ virtualenv: "venv" }));
  return info;
}

describe("the repository's Python language host", () => {
  it("before `pulumi install`, says the virtualenv is missing and how to make it", { timeout: minutes(3) }, async () => {
    const result = await stack.run(["up", "--yes", "--skip-preview"]);
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout + result.stderr).toContain(`The 'virtualenv' option in Pulumi.yaml is set to "venv", but ${path.join(programDir, "venv")} does not appear to be a virtual environment`);
    expect(result.stdout + result.stderr).toContain("Run `pulumi install`");
  });

  it("`pulumi install` creates the virtualenv and installs requirements.txt into it", { timeout: minutes(8) }, async () => {
    // --no-plugins: the wheel's plugin is reported (the next test) and `pulumi install` would download
    // it from the wheel's server, which only the release rehearsal (test/release/rehearsal-languages)
    // serves; this program uses no provider.
    const install = assertSucceeded(await runPulumi(["install", "--no-plugins"], { cwd: programDir, env: stack.env, timeoutMs: minutes(8) }));
    expect(install.stdout).toContain(`Creating virtual environment ${path.join(programDir, "venv")}`);
    const { stdout } = await run(path.join(programDir, "venv", "bin", "python"), ["-m", "pip", "list", "--format=json", "--disable-pip-version-check"]);
    const installed = Object.fromEntries((JSON.parse(stdout) as Array<{ name: string; version: string }>).map((entry) => [entry.name, entry.version]));
    expect(installed).toMatchObject({ pulumi: requiredPulumiVersion(), pulumi_docs_platform: VERSION });
  });

  it("reports the plugin the installed wheel names in pulumi-plugin.json, as GetRequiredPackages and GetRequiredPlugins", { timeout: minutes(2) }, async () => {
    const client = await startHost();
    try {
      const packagesRequest = new languagePb.GetRequiredPackagesRequest();
      packagesRequest.setInfo(programInfo());
      const packages = await call<any>(client, "getRequiredPackages", packagesRequest);
      const expected = { kind: "resource", name: "docs-platform", version: VERSION, server: schema.pluginDownloadURL };
      expect(packages.getPackagesList().map((dependency: any) => ({ kind: dependency.getKind(), name: dependency.getName(), version: dependency.getVersion(), server: dependency.getServer() }))).toEqual([expected]);

      const pluginsRequest = new languagePb.GetRequiredPluginsRequest();
      pluginsRequest.setInfo(programInfo());
      const plugins = await call<any>(client, "getRequiredPlugins", pluginsRequest);
      expect(plugins.getPluginsList().map((dependency: any) => ({ kind: dependency.getKind(), name: dependency.getName(), version: dependency.getVersion(), server: dependency.getServer() }))).toEqual([expected]);
    } finally {
      client.close();
    }
  });

  it("gives the program the stack's config through pulumi.Config: get, get_int, require, require_secret, another namespace, None when absent", { timeout: minutes(3) }, async () => {
    await stack.up();
    expect(await stack.outputs()).toEqual({ greeting: "hello", count: 3, required: "hello", absentIsNone: true, password: "correct horse battery staple", region: "eu-west" });
    // The secret stays one: encrypted in the state.
    const { text } = await stack.exportState();
    expect(text).not.toContain("correct horse battery staple");
  });
});
