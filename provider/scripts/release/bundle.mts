// The plugin as one CommonJS file (esbuild), with the schema and the version inside it: the script
// a Node.js single executable application runs (sea.mts). provider/embedded.ts is the one module
// whose body differs from the package's: here it carries the schema, the version and the SDK's gRPC
// channel options (read from its runtime/settings here, not at every start), and tells the
// places that load by path in the package (plugin/sdk.ts, runtime/engine-log.ts) to require by name.
//
// Three modules of @pulumi/pulumi are replaced by stubs (UNUSED_BY_THE_PLUGIN): the plugin loads
// @pulumi/pulumi's index (its resources' classes extend the SDK's), which loads every part of the
// SDK, but at run time it only serves gRPC. What a program needs and a provider never calls went
// into the executable with them: the closure serializer's TypeScript compiler (3.5 MB), its code
// paths' npm (@npmcli/arborist, pacote, sigstore, tar...; @npmcli/git reads ~/.gitconfig when it
// loads) and the Automation API. docs/release.md has the sizes and start times before and after.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as esbuild from "esbuild";
import { VERSION, cacheDir, providerRoot } from "./release-info.mts";

export const bundlePath = path.join(cacheDir, "bundle", "plugin.cjs");
/** esbuild's metafile of the bundle: every input and its bytes (test/release/ checks what is not there). */
export const bundleMetaPath = path.join(cacheDir, "bundle", "plugin.meta.json");
/** The Terraform door's bundle (provider/terraform/main.ts serving door.ts): the same core, embedded data and stubs. */
export const terraformBundlePath = path.join(cacheDir, "bundle", "terraform-provider.cjs");

/** What one executable's bundle starts: its name in messages and the statements that serve. */
interface BundleEntry {
  /** The bundle's file; its metafile is written beside it (`<name>.meta.json`). */
  outfile: string;
  /** How a start failure names the executable on stderr. */
  label: string;
  /** CommonJS statements that serve, run when no own Node.js options are set. */
  serve: string[];
  /**
   * Statements run while the linux-amd64 executable's start snapshot is made (sea.mts): what it
   * holds ready. Nothing that reads the environment, the time or the machine (that would be the
   * build's), and nothing that loads Node.js's http, http2 or tls (a snapshot cannot hold them).
   */
  preload?: string[];
}

// The plugin's start snapshot (sea.mts) holds its entry, the protocol's messages and the resource
// core (plugin/server.ts, the kinds), each loaded once: a start then only loads grpc-js (which
// cannot be in a snapshot) and serves, and its first call about a resource finds the core ready.
const PLUGIN_ENTRY: BundleEntry = {
  preload: [
    `require(${JSON.stringify(path.join(providerRoot, "plugin", "main.ts"))});`,
    `require(${JSON.stringify(path.join(providerRoot, "plugin", "sdk.ts"))}).messages();`,
    `require(${JSON.stringify(path.join(providerRoot, "plugin", "server.ts"))});`,
  ],
  outfile: bundlePath,
  label: "docs-platform plugin",
  serve: [
    `require(${JSON.stringify(path.join(providerRoot, "plugin", "main.ts"))})`,
    `  .main(process.argv.slice(2))`,
    `  .catch((error) => {`,
    `    process.stderr.write(\`docs-platform plugin: \${error && error.stack ? error.stack : error}\\n\`);`,
    `    process.exit(1);`,
    `  });`,
  ],
};

// The Terraform door's main.ts serves only when it is the main module (`require.main === module`),
// which in a bundle is a question about the bundle: the entry calls its startPlugin itself, and the
// bundle is built with `require.main` defined away, so main.ts's own check never starts a second
// server. door.ts is required by startPlugin's callback, as main.ts does: made only to serve.
// The start snapshot (sea.mts) holds the door, its core, its schema, the protocol's parsed .proto
// and its messages' codecs, each run once: a start then only loads grpc-js (which cannot be in a snapshot), makes its
// key and certificate and serves. (Making a certificate at the build, to have its code compiled,
// made two builds differ: the key's generation runs on libuv's threads.)
const TERRAFORM_ENTRY: BundleEntry = {
  preload: [
    `require(${JSON.stringify(path.join(providerRoot, "terraform", "main.ts"))});`,
    `require(${JSON.stringify(path.join(providerRoot, "terraform", "door.ts"))});`,
    `require(${JSON.stringify(path.join(providerRoot, "terraform", "schema.ts"))}).terraformSchema();`,
    `require(${JSON.stringify(path.join(providerRoot, "terraform", "server.ts"))}).protocolRoot();`,
    // Every message's encoder and decoder (protobufjs makes each on first use) and the schema's
    // answer, made once so that their code is compiled; nothing of them is kept.
    `{`,
    `  const definition = require(${JSON.stringify(path.join(providerRoot, "terraform", "server.ts"))}).serviceDefinition("tfplugin6.Provider");`,
    `  for (const method of Object.values(definition)) { method.requestDeserialize(Buffer.alloc(0)); method.responseSerialize({}); }`,
    `  definition.GetProviderSchema.responseSerialize(require(${JSON.stringify(path.join(providerRoot, "terraform", "door.ts"))}).terraformHandler().getProviderSchema());`,
    `}`,
  ],
  outfile: terraformBundlePath,
  label: "terraform-provider-docsplatform",
  serve: [
    `require(${JSON.stringify(path.join(providerRoot, "terraform", "main.ts"))})`,
    `  .startPlugin(() => require(${JSON.stringify(path.join(providerRoot, "terraform", "door.ts"))}).terraformHandler())`,
    `  .catch((error) => {`,
    `    process.stderr.write(\`terraform-provider-docsplatform: \${error && error.stack ? error.stack : error}\\n\`);`,
    `    process.exit(1);`,
    `  });`,
  ],
};

/** A module of @pulumi/pulumi the plugin never runs, and what the executable has in its place. */
interface Stub {
  /** The module's path inside @pulumi/pulumi. */
  module: string;
  why: string;
  contents: string;
}

const unavailable = (what: string) => `${what} is not in the docs-platform plugin executable (provider/scripts/release/bundle.mts)`;

export const UNUSED_BY_THE_PLUGIN: readonly Stub[] = [
  {
    module: "typescript-shim.js",
    why: "the TypeScript compiler, which the closure serializer (pulumi.runtime.serializeFunction, a dynamic resource's constructor in a program) parses functions with",
    // Required at load by runtime/closure/parseFunction.js, used only inside its functions.
    contents: `module.exports = new Proxy({}, { get(_, name) { if (typeof name === "symbol" || name === "__esModule" || name === "then") return undefined; throw new Error(${JSON.stringify(unavailable("TypeScript"))} + " (ts." + String(name) + ")"); } });`,
  },
  {
    module: "runtime/closure/codePaths.js",
    why: "pulumi.runtime.computeCodePaths (a program's function serialization's packages): npm's @npmcli/arborist, pacote, sigstore, tar, normalize-package-data",
    contents: ["computeCodePaths", "findWorkspaceRoot", "packageArchivePath"]
      .map((name) => `exports.${name} = async () => { throw new Error(${JSON.stringify(unavailable(`pulumi.runtime.${name}`))}); };`)
      .join("\n"),
  },
  {
    module: "automation/index.js",
    why: "the Automation API (pulumi.automation: runs the CLI from a program)",
    contents: "module.exports = {};",
  },
];

/** The plugin's own variable of Node.js options for the executable, which ignores NODE_OPTIONS (sea.mts). */
export const NODE_OPTIONS_ENV = "DOCS_PLATFORM_PLUGIN_NODE_OPTIONS";

/** How often the executable's relaunching process (DOCS_PLATFORM_PLUGIN_NODE_OPTIONS) looks whether its client is gone: as terraform/main.ts looks. */
const CLIENT_WATCH_MS = 1000;

/** The Pulumi plugin's bundle (provider/plugin/main.ts); `outfile` elsewhere than the release's cache for a second build (a test's). */
export function bundlePlugin(outfile = bundlePath): Promise<{ path: string; bytes: number }> {
  return bundle({ ...PLUGIN_ENTRY, outfile });
}

/** The Terraform door's bundle (`terraform-provider-docsplatform`, provider/terraform/); `outfile` as bundlePlugin's. */
export function bundleTerraformProvider(outfile = terraformBundlePath): Promise<{ path: string; bytes: number }> {
  return bundle({ ...TERRAFORM_ENTRY, outfile }, { "require.main": "undefined" });
}

/** The gRPC channel options of the @pulumi/pulumi the bundle takes in (its runtime/settings), for embedded.ts. */
function sdkChannelOptions(): Record<string, unknown> {
  const settings = createRequire(path.join(providerRoot, "package.json"))("@pulumi/pulumi/runtime/settings.js") as { grpcChannelOptions?: Record<string, unknown> };
  return settings.grpcChannelOptions ?? {};
}

async function bundle(spec: BundleEntry, define: Record<string, string> = {}): Promise<{ path: string; bytes: number }> {
  const schema = fs.readFileSync(path.join(providerRoot, "docs-platform", "schema.json"), "utf8");
  const embeddedModule = path.join(providerRoot, "embedded.ts");
  const embed: esbuild.Plugin = {
    name: "embed-schema-and-version",
    setup(build) {
      build.onLoad({ filter: /[\\/]provider[\\/]embedded\.ts$/ }, (args) => {
        if (path.resolve(args.path) !== embeddedModule) return undefined;
        const embedded = { bundled: true, version: VERSION, schema: JSON.stringify(JSON.parse(schema)), grpcChannelOptions: sdkChannelOptions() };
        return { contents: `export const EMBEDDED = ${JSON.stringify(embedded)};\n`, loader: "ts" };
      });
    },
  };
  const stubs: esbuild.Plugin = {
    name: "stub-what-the-plugin-never-runs",
    setup(build) {
      build.onLoad({ filter: /[\\/]@pulumi[\\/]pulumi[\\/]/ }, (args) => {
        const inside = args.path
          .split(/[\\/]@pulumi[\\/]pulumi[\\/]/)
          .pop()!
          .replaceAll("\\", "/");
        const stub = UNUSED_BY_THE_PLUGIN.find((candidate) => candidate.module === inside);
        return stub ? { contents: `"use strict";\n${stub.contents}\n`, loader: "js" } : undefined;
      });
    },
  };
  fs.mkdirSync(path.dirname(spec.outfile), { recursive: true });
  const entry = spec.outfile.replace(/\.cjs$/, ".entry.cjs");
  // The executable's entry: what provider/docs-platform/pulumi-resource-docs-platform (or
  // provider/terraform/main.ts) does in the package, except for DOCS_PLATFORM_PLUGIN_NODE_OPTIONS. The executable ignores NODE_OPTIONS
  // (sea.mts, execArgvExtension "cli"), and Node.js reads its options before any script runs, so
  // the plugin's own variable is applied by starting the executable again with them as its first
  // argument (`--node-options=...`), the variable removed so the child serves. This process waits,
  // passing on the signals the engine sends and the child's exit. The child's NODE_OPTIONS is set
  // to the same options for a binary that predates execArgvExtension (darwin-arm64's Node.js
  // 24.0.0): it reads NODE_OPTIONS, and its main() skips the unknown `--node-options=` argument.
  // This process also leaves with its own parent: a killed client (`kill -9` of tofu or of the
  // engine) sends no signal, and the child's own exit-with-parent check (terraform/main.ts) sees
  // this process, still alive, as its parent. Once this process is re-parented (its parent id
  // changes), it stops the child (SIGTERM, then SIGKILL after 3 s) and exits with it.
  // Everything runs in start(): at once, or, while a start snapshot is made, once the executable
  // starts from it (v8.startupSnapshot), after the preload statements ran at the build.
  fs.writeFileSync(
    entry,
    [
      `"use strict";`,
      `function start() {`,
      `const ownOptions = (process.env[${JSON.stringify(NODE_OPTIONS_ENV)}] || "").trim();`,
      `if (ownOptions) {`,
      `  const env = { ...process.env, NODE_OPTIONS: ownOptions };`,
      `  delete env[${JSON.stringify(NODE_OPTIONS_ENV)}];`,
      `  const child = require("node:child_process").spawn(process.execPath, [\`--node-options=\${ownOptions}\`, ...process.argv.slice(2)], { env, stdio: "inherit" });`,
      `  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));`,
      `  const client = process.ppid;`,
      `  const clientWatch = setInterval(() => {`,
      `    if (process.ppid === client) return;`,
      `    clearInterval(clientWatch);`,
      `    child.kill("SIGTERM");`,
      `    setTimeout(() => child.kill("SIGKILL"), 3000).unref();`,
      `  }, ${CLIENT_WATCH_MS});`,
      `  clientWatch.unref();`,
      `  child.on("error", (error) => {`,
      `    process.stderr.write(\`${spec.label}: cannot start with ${NODE_OPTIONS_ENV}: \${error.message}\\n\`);`,
      `    process.exit(1);`,
      `  });`,
      `  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + (require("node:os").constants.signals[signal] || 0) : 1)));`,
      `} else {`,
      ...spec.serve.map((line) => `  ${line}`),
      `}`,
      `}`,
      `const { startupSnapshot } = require("node:v8");`,
      `if (startupSnapshot.isBuildingSnapshot()) {`,
      // The build's process ids and the path of its Node.js would be in the snapshot: different at
      // every build, and a path of the build machine's (test/release/hostile-review.test.ts). The
      // executable sets its own as it starts; the build's are the same for every build.
      `  Object.defineProperty(process, "pid", { value: 0 });`,
      `  process.ppid = 0;`,
      `  process.execPath = process.argv[0] = "node";`,
      ...(spec.preload ?? []).map((line) => `  ${line}`),
      `  startupSnapshot.setDeserializeMainFunction(start);`,
      `} else {`,
      `  start();`,
      `}`,
      ``,
    ].join("\n"),
  );
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    target: "node24",
    format: "cjs",
    minify: true,
    legalComments: "none",
    outfile: spec.outfile,
    plugins: [embed, stubs],
    define,
    logLevel: "error",
    metafile: true,
  });
  fs.writeFileSync(spec.outfile.replace(/\.cjs$/, ".meta.json"), JSON.stringify(result.metafile));
  if (result.errors.length > 0) throw new Error(`bundle: ${result.errors.map((error) => error.text).join("; ")}`);
  return { path: spec.outfile, bytes: fs.statSync(spec.outfile).size };
}

if (import.meta.main) {
  const built = await bundlePlugin();
  process.stdout.write(`${path.relative(process.cwd(), built.path)}: ${built.bytes} bytes\n`);
}
