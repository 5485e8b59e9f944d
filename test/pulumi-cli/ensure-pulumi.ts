// Makes the Pulumi CLI available at exactly the version of the @pulumi/pulumi SDK in node_modules.
//
// Order of preference:
//   1. a `pulumi` on PATH whose `pulumi version` matches (a normal install: it brings its own
//      Node.js language host and dynamic-provider plugin next to it);
//   2. a build cached outside the repository by an earlier run;
//   3. a fresh build from the Go module proxy (several minutes), cached for next time.
// These machines cannot download the CLI from pulumi.com, but they do reach the Go module proxy.
//
// The returned bin directory holds the three executables the engine needs, side by side:
// `pulumi`, `pulumi-language-nodejs` (our own small host, see language-host.mjs: Pulumi's Go host
// is not served by the proxy) and `pulumi-resource-pulumi-nodejs` (the dynamic-provider plugin
// script shipped in @pulumi/pulumi). The engine prefers plugins that sit next to its own
// executable, so keeping them in one directory avoids "using ... from $PATH" warnings.
//
// Run as a script (`node test/pulumi-cli/ensure-pulumi.ts`) it prints the bin directory.
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

export const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

// The Go toolchain the CLI's go.mod declares (github.com/pulumi/pulumi/pkg/v3 `go` directive).
// The machine's Go runs with GOTOOLCHAIN=local, so an older Go cannot fetch a newer toolchain.
export const minimumGoVersion = "1.25.11";

// pulumi/pulumi's go.mod replaces this module; `go build` of a dependency ignores the dependency's
// replace directives, so the build module must repeat the non-local one.
const goReplaces = ["github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e"];

export type PulumiSource = "path" | "cache" | "built";

export interface PulumiInstallation {
  /** Directory holding `pulumi`, `pulumi-language-nodejs` and `pulumi-resource-pulumi-nodejs`. */
  binDir: string;
  /** Directory holding this project's SDK generators (`docs-platform-sdkgen`, `-java`): binDir, or beside the cache when the CLI is the one on PATH. */
  toolsDir: string;
  /** Absolute path of the `pulumi` executable. */
  pulumi: string;
  /** CLI version without the leading `v`, e.g. "3.259.0". */
  version: string;
  source: PulumiSource;
}

export interface EnsurePulumiOptions {
  /** Progress messages (the build takes minutes). Defaults to stderr. */
  log?: (line: string) => void;
  /** Ignore a matching `pulumi` on PATH and use the cached build (used by the tests of this file). */
  ignorePath?: boolean;
}

/** The @pulumi/pulumi version the provider resolves: the single source of the CLI version. */
export function requiredPulumiVersion(): string {
  const requireFromProvider = createRequire(path.join(repositoryRoot, "provider", "package.json"));
  let packageJsonPath: string;
  try {
    packageJsonPath = requireFromProvider.resolve("@pulumi/pulumi/package.json");
  } catch {
    throw new Error("@pulumi/pulumi is not installed: run `npm install` at the repository root first.");
  }
  const version: unknown = requireFromProvider(packageJsonPath).version;
  if (typeof version !== "string" || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(`unexpected @pulumi/pulumi version in ${packageJsonPath}: ${String(version)}`);
  }
  return version;
}

/** Where built CLIs are cached: $PULUMI_DOCS_PLATFORM_CACHE, else $XDG_CACHE_HOME or ~/.cache. */
export function cacheRoot(): string {
  if (process.env.PULUMI_DOCS_PLATFORM_CACHE) return path.resolve(process.env.PULUMI_DOCS_PLATFORM_CACHE);
  const xdg = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(xdg, "pulumi-docs-platform");
}

/** Directory of the cached build of one CLI version. */
export function cachedInstallDir(version: string): string {
  return path.join(cacheRoot(), `pulumi-v${version}`);
}

/**
 * PATH for every pulumi invocation: the repository's node_modules/.bin first (Node.js 24 from npm:
 * the machine's default node is too old to run programs), then the CLI's bin directory.
 */
export function pathWithPulumi(binDir: string, basePath: string = process.env.PATH ?? ""): string {
  return [path.join(repositoryRoot, "node_modules", ".bin"), binDir, ...basePath.split(path.delimiter)].filter(Boolean).join(path.delimiter);
}

const pending = new Map<boolean, Promise<PulumiInstallation>>();

/** Returns a CLI installation of the required version, building it once if needed. */
export function ensurePulumi(options: EnsurePulumiOptions = {}): Promise<PulumiInstallation> {
  // One build per process even when several callers ask at once; other processes use the lock.
  const key = Boolean(options.ignorePath);
  let result = pending.get(key);
  if (!result) {
    result = ensure(options);
    result.catch(() => pending.delete(key));
    pending.set(key, result);
  }
  return result;
}

async function ensure(options: EnsurePulumiOptions): Promise<PulumiInstallation> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const version = requiredPulumiVersion();

  const onPath = options.ignorePath ? undefined : await findOnPath("pulumi");
  const onPathVersion = onPath ? await cliVersion(onPath) : undefined;
  if (onPath && onPathVersion === version) {
    // A Pulumi installation has the language hosts; the SDK generators are this project's, built
    // into a cache directory of their own when Go can (only the SDK suites need them).
    const toolsDir = `${cachedInstallDir(version)}-tools`;
    if (buildsWith(await goVersion())) {
      await ensureGoTools(
        goTools(version).filter((tool) => !tool.languageHost),
        toolsDir,
        log,
      );
    } else {
      log(`The SDK generators (docs-platform-sdkgen) need Go >= ${minimumGoVersion}; the tests that generate SDKs will fail without it.`);
    }
    return { binDir: path.dirname(onPath), toolsDir: path.join(toolsDir, "bin"), pulumi: onPath, version, source: "path" };
  }

  const installDir = cachedInstallDir(version);
  let source: PulumiSource = "cache";
  if (!(await isInstalled(installDir, version))) {
    if (onPath) log(`pulumi on PATH (${onPath}) is ${onPathVersion ?? "unknown"}, this project needs v${version}.`);
    await withLock(`${installDir}.lock`, log, async () => {
      // Another process may have finished the build while we waited for the lock.
      if (await isInstalled(installDir, version)) return;
      await removeLeftovers(installDir);
      await build(version, installDir, log, onPath, onPathVersion);
      source = "built";
    });
  }

  const binDir = path.join(installDir, "bin");
  await ensureGoTools(goTools(version), installDir, log);
  await installPluginScripts(binDir);
  return { binDir, toolsDir: binDir, pulumi: path.join(binDir, "pulumi"), version, source };
}

/** Builds into `installDir`/bin each tool missing there or made from another recipe. */
async function ensureGoTools(tools: GoTool[], installDir: string, log: (line: string) => void): Promise<void> {
  const binDir = path.join(installDir, "bin");
  await fs.mkdir(binDir, { recursive: true });
  for (const tool of tools) {
    // Rebuilt when what makes it changes (its modules, its source files).
    const spec = await toolSpec(tool);
    const built = async () => (await isExecutable(path.join(binDir, tool.name))) && (await fs.readFile(path.join(binDir, `${tool.name}.spec`), "utf8").catch(() => "")) === spec;
    if (await built()) continue;
    await withLock(`${installDir}.lock`, log, async () => {
      if (await built()) return;
      await buildGoTool(tool, installDir, log);
      await fs.writeFile(path.join(binDir, `${tool.name}.spec`), spec);
    });
  }
}

async function isExecutable(file: string): Promise<boolean> {
  return fs.access(file, fs.constants.X_OK).then(
    () => true,
    () => false,
  );
}

/**
 * The Pulumi YAML language host, so YAML programs run through the CLI (test/e2e/plugin-yaml.test.ts).
 * The Go module proxy serves github.com/pulumi/pulumi-yaml at some versions only, and its checksums
 * are not in the checksum database; this one compiles against the CLI's pkg/sdk version.
 */
export const pulumiYamlVersion = "1.38.0";

interface GoTool {
  /** The executable's name in the bin directory. */
  name: string;
  /** Modules the throwaway build module requires. */
  requires: string[];
  /** The package to build: a module path, or "." for `files` of this repository. */
  target: string;
  /** Go files of this repository that make the program. */
  files?: string[];
  /** Modules whose checksums are not in the checksum database. */
  noSumDb?: string;
  /** A Pulumi language plugin: a Pulumi installation found on PATH has its own. */
  languageHost?: true;
}

/**
 * Go programs built beside the CLI, with most packages already in Go's build cache (seconds after
 * the CLI): the YAML and Java language hosts, and sdkgen (test/pulumi-cli/sdkgen: the CLI's own code
 * generators, since `pulumi package gen-sdk` needs language plugins the proxy does not serve), once
 * against the CLI's pkg/v3 and once, for Java, against the pkg/v3 pulumi-java pins (its generator
 * does not compile against the CLI's; that pseudo-version's checksum is not in the database); and
 * Pulumi's docs generator against the last pkg/v3 that holds it (docs-platform-sdkgen-docs).
 */
function goTools(version: string): GoTool[] {
  const yaml = "github.com/pulumi/pulumi-yaml";
  const pulumi = [`github.com/pulumi/pulumi/pkg/v3 v${version}`, `github.com/pulumi/pulumi/sdk/v3 v${version}`];
  const sdkgen = (file: string) => fileURLToPath(new URL(`./sdkgen/${file}`, import.meta.url));
  const javaModule = `github.com/pulumi/pulumi-java/pkg v${pulumiJavaVersion}`;
  return [
    { name: "pulumi-language-yaml", requires: [`${yaml} v${pulumiYamlVersion}`, ...pulumi], target: `${yaml}/cmd/pulumi-language-yaml`, noSumDb: yaml, languageHost: true },
    // With pulumi-yaml's codegen: its `program` command reads a YAML project (program.go).
    {
      name: "docs-platform-sdkgen",
      requires: [`${yaml} v${pulumiYamlVersion}`, ...pulumi],
      target: ".",
      files: [sdkgen("main.go"), sdkgen("program.go"), sdkgen("generate.go")],
      noSumDb: yaml,
    },
    {
      name: "docs-platform-sdkgen-java",
      requires: [javaModule],
      target: ".",
      files: [sdkgen("main.go"), sdkgen("program.go"), sdkgen("generate_java.go")],
      noSumDb: "github.com/pulumi",
    },
    // Pulumi's docs generator (codegen/docs, the Registry's pages from the schema): pkg/v3 holds it
    // up to v3.143.0 only, so its own build against that pkg/v3 (sdkgen/docs/main.go).
    {
      name: "docs-platform-sdkgen-docs",
      requires: [`github.com/pulumi/pulumi/pkg/v3 v${docsGeneratorVersion}`, `github.com/pulumi/pulumi/sdk/v3 v${docsGeneratorVersion}`],
      target: ".",
      files: [sdkgen("docs/main.go")],
      noSumDb: "github.com/pulumi",
    },
    // Pulumi's Java language host, from the same module: it runs Java programs with Maven.
    {
      name: "pulumi-language-java",
      requires: [javaModule],
      target: "github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java",
      noSumDb: "github.com/pulumi",
      languageHost: true,
    },
  ];
}

/**
 * The Mach-O library the release's ad hoc signer is built on (provider/scripts/release/macho-sign):
 * github.com/anchore/quill, the usual signer on Linux, is not served by the Go module proxy (403),
 * and apple-codesign's rcodesign is a long compile from crates.io; go-macho needs one small module.
 */
export const goMachoVersion = "1.1.296";

/**
 * The release's ad hoc Mach-O signer (`docs-platform-macho-sign <input> <output> <identifier>`),
 * built from the Go module proxy once and cached under the cache root like the CLI's tools; rebuilt
 * when its source or go-macho's version changes. Needs Go, not the Pulumi CLI.
 */
export async function ensureMachoSigner(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<string> {
  const go = await goVersion();
  if (!buildsWith(go)) throw new Error(`The darwin executables are signed by a Go program: it needs Go >= ${minimumGoVersion} (found ${go ?? "none"}).`);
  const installDir = path.join(cacheRoot(), "macho-sign");
  const source = fileURLToPath(new URL("../../provider/scripts/release/macho-sign/main.go", import.meta.url));
  await ensureGoTools([{ name: "docs-platform-macho-sign", requires: [`github.com/blacktop/go-macho v${goMachoVersion}`], target: ".", files: [source] }], installDir, log);
  return path.join(installDir, "bin", "docs-platform-macho-sign");
}

/** The last pkg/v3 that holds Pulumi's docs generator (codegen/docs; later ones moved it out of the module). */
export const docsGeneratorVersion = "3.143.0";

/** The Java code generator's module (github.com/pulumi/pulumi-java/pkg); the proxy serves this version. */
export const pulumiJavaVersion = "1.12.0";

async function toolSpec(tool: GoTool): Promise<string> {
  const hash = createHash("sha256").update(JSON.stringify(tool.requires));
  for (const file of tool.files ?? []) hash.update(await fs.readFile(file));
  return `${tool.target} ${hash.digest("hex")}\n`;
}

async function buildGoTool(tool: GoTool, installDir: string, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)}s`;
  const buildDir = `${installDir}.build-${tool.name}-${process.pid}`;
  await fs.rm(buildDir, { recursive: true, force: true });
  await fs.mkdir(buildDir, { recursive: true });
  log(`Building ${tool.name} from the Go module proxy in ${buildDir}`);
  await fs.writeFile(
    path.join(buildDir, "go.mod"),
    [
      `module local/${tool.name}-build`,
      "",
      `go ${minimumGoVersion}`,
      "",
      `require (\n${tool.requires.map((line) => `\t${line}`).join("\n")}\n)`,
      "",
      ...goReplaces.map((replace) => `replace ${replace}`),
      "",
    ].join("\n"),
  );
  if (tool.files) {
    for (const file of tool.files) await fs.copyFile(file, path.join(buildDir, path.basename(file)));
  } else {
    await fs.writeFile(path.join(buildDir, "tools.go"), `//go:build tools\n\npackage tools\n\nimport _ "${tool.target}"\n`);
  }
  const logFile = path.join(buildDir, "build.log");
  const previous = process.env.GONOSUMDB;
  if (tool.noSumDb) process.env.GONOSUMDB = [previous, tool.noSumDb].filter(Boolean).join(",");
  try {
    await runLogged("go", ["mod", "tidy"], buildDir, logFile, log, elapsed, `resolving ${tool.name}'s modules`);
    await runLogged("go", ["build", "-o", tool.name, "-ldflags", "-s -w", tool.target], buildDir, logFile, log, elapsed, `compiling ${tool.name}`);
  } finally {
    if (previous === undefined) delete process.env.GONOSUMDB;
    else process.env.GONOSUMDB = previous;
  }
  await fs.rename(path.join(buildDir, tool.name), path.join(installDir, "bin", tool.name));
  await fs.rm(buildDir, { recursive: true, force: true });
  log(`Built ${tool.name} in ${elapsed()}`);
}

// Build and staging directories of builds that were interrupted (safe: we hold the lock).
async function removeLeftovers(installDir: string): Promise<void> {
  const prefix = `${path.basename(installDir)}.`;
  for (const entry of await fs.readdir(path.dirname(installDir))) {
    if (entry.startsWith(`${prefix}build-`) || entry.startsWith(`${prefix}staging-`)) {
      await fs.rm(path.join(path.dirname(installDir), entry), { recursive: true, force: true });
    }
  }
}

async function isInstalled(installDir: string, version: string): Promise<boolean> {
  try {
    const info = JSON.parse(await fs.readFile(path.join(installDir, "build-info.json"), "utf8")) as {
      version?: string;
    };
    await fs.access(path.join(installDir, "bin", "pulumi"), fs.constants.X_OK);
    return info.version === version;
  } catch {
    return false;
  }
}

// The language host and the dynamic-provider script are refreshed on every call (cheap, atomic),
// so a changed language host in the repository, or another @pulumi/pulumi, takes effect at once.
async function installPluginScripts(binDir: string): Promise<void> {
  const hostSource = await fs.readFile(fileURLToPath(new URL("./language-host.mjs", import.meta.url)), "utf8");
  const requireFromProvider = createRequire(path.join(repositoryRoot, "provider", "package.json"));
  const sdkRoot = path.dirname(requireFromProvider.resolve("@pulumi/pulumi/package.json"));
  const dynamicProviderScript = await fs.readFile(path.join(sdkRoot, "pulumi-resource-pulumi-nodejs"), "utf8");

  await writeIfChanged(path.join(binDir, "pulumi-language-nodejs.mjs"), hostSource, 0o644);
  const node = await fs.realpath(process.execPath);
  await writeIfChanged(path.join(binDir, "pulumi-language-nodejs"), languageHostWrapper("nodejs", node), 0o755);
  // The same host for Python programs, with its program runner and the script that lists the
  // plugins the program's packages need (language-host.mjs, python-runner.py, python-plugins.py).
  const runner = await fs.readFile(fileURLToPath(new URL("./python-runner.py", import.meta.url)), "utf8");
  await writeIfChanged(path.join(binDir, "pulumi-language-python-runner.py"), runner, 0o644);
  const plugins = await fs.readFile(fileURLToPath(new URL("./python-plugins.py", import.meta.url)), "utf8");
  await writeIfChanged(path.join(binDir, "pulumi-language-python-plugins.py"), plugins, 0o644);
  for (const language of ["python", "go"] as const) {
    await writeIfChanged(path.join(binDir, `pulumi-language-${language}`), languageHostWrapper(language, node), 0o755);
  }
  // A copy, not a symlink into one checkout's node_modules: the cache is shared by every checkout.
  // The script resolves @pulumi/pulumi from the program's directory, so any checkout works.
  await writeIfChanged(path.join(binDir, "pulumi-resource-pulumi-nodejs"), dynamicProviderScript, 0o755);
}

/**
 * The launcher of this repository's language host for `language` (language-host.mjs), which
 * stands in for Pulumi's own hosts (the Go module proxy serves none of them). It runs on the
 * Node.js 24 that installed it, by absolute path, so a Python or Go program's PATH needs no
 * `node` (Pulumi's own Python and Go hosts need none either); `node` on PATH only if that one is
 * gone. A Python or Go project has no node_modules: the host's gRPC stubs come from this
 * repository's @pulumi/pulumi unless PULUMI_LANGUAGE_HOST_SDK_DIR names another. The launcher
 * itself needs nothing on PATH (no `dirname`). The cache is shared by checkouts: each
 * ensurePulumi() writes the paths of its own.
 */
export function languageHostWrapper(language: "nodejs" | "python" | "go", node: string): string {
  const quote = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;
  return [
    "#!/bin/sh",
    `# Pulumi language plugin for ${language === "nodejs" ? "Node.js" : language === "python" ? "Python" : "Go"} programs: this repository's host (pulumi-language-nodejs.mjs beside it).`,
    `node=${quote(node)}`,
    `[ -x "$node" ] || node=node`,
    ...(language === "nodejs"
      ? []
      : [
          `sdk=${quote(repositoryRoot)}`,
          `PULUMI_LANGUAGE_HOST_LANGUAGE=${language}`,
          `PULUMI_LANGUAGE_HOST_SDK_DIR="\${PULUMI_LANGUAGE_HOST_SDK_DIR:-$sdk}"`,
          "export PULUMI_LANGUAGE_HOST_LANGUAGE PULUMI_LANGUAGE_HOST_SDK_DIR",
        ]),
    `exec "$node" "\${0%/*}/pulumi-language-nodejs.mjs" "$@"`,
    "",
  ].join("\n");
}

async function writeIfChanged(file: string, content: string, mode: number): Promise<void> {
  try {
    if ((await fs.readFile(file, "utf8")) === content) return;
  } catch {
    // missing: write it
  }
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, content, { mode });
  await fs.chmod(temporary, mode);
  await fs.rename(temporary, file);
}

export async function findOnPath(command: string): Promise<string | undefined> {
  for (const directory of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!directory) continue;
    const candidate = path.join(directory, command);
    try {
      await fs.access(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** `pulumi version` without the leading `v`, or undefined when it cannot be run. */
async function cliVersion(pulumi: string): Promise<string | undefined> {
  try {
    const { stdout } = await execFileAsync(pulumi, ["version"], {
      timeout: 30_000,
      env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
    });
    return stdout.trim().replace(/^v/, "") || undefined;
  } catch {
    return undefined;
  }
}

export async function goVersion(): Promise<string | undefined> {
  try {
    const { stdout } = await execFileAsync("go", ["env", "GOVERSION"], { timeout: 60_000 });
    return stdout.trim().replace(/^go/, "") || undefined;
  } catch {
    return undefined;
  }
}

/** Whether this Go (its version, if any) can build the CLI and the tools beside it. */
export function buildsWith(go: string | undefined): go is string {
  return go !== undefined && versionAtLeast(go, minimumGoVersion);
}

function versionAtLeast(actual: string, minimum: string): boolean {
  const parse = (v: string) => v.split(/[.\-a-z]/).map((part) => Number(part) || 0);
  const a = parse(actual);
  const b = parse(minimum);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

function installInstructions(version: string, onPath: string | undefined, onPathVersion: string | undefined, go: string | undefined): string {
  return [
    `The Pulumi CLI v${version} is needed (the version of @pulumi/pulumi in node_modules), and it cannot be obtained here:`,
    onPath ? `  - pulumi on PATH (${onPath}) is ${onPathVersion ? `v${onPathVersion}` : "not runnable"}, not v${version};` : "  - there is no pulumi on PATH;",
    go ? `  - Go ${go} is too old to build it (the CLI needs Go >= ${minimumGoVersion}).` : "  - there is no Go toolchain to build it from the Go module proxy.",
    "Either install the CLI at exactly this version and put it on PATH",
    `  curl -fsSL https://get.pulumi.com | sh -s -- --version ${version}`,
    "  (other platforms: https://www.pulumi.com/docs/iac/download-install/),",
    `or install Go >= ${minimumGoVersion} (https://go.dev/doc/install) and run the command again:`,
    "it then builds the CLI from the Go module proxy once and caches it under",
    `  ${cachedInstallDir(version)}`,
  ].join("\n");
}

async function build(version: string, installDir: string, log: (line: string) => void, onPath: string | undefined, onPathVersion: string | undefined): Promise<void> {
  const go = await goVersion();
  if (!buildsWith(go)) {
    throw new Error(installInstructions(version, onPath, onPathVersion, go));
  }

  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)}s`;
  const buildDir = `${installDir}.build-${process.pid}`;
  await fs.rm(buildDir, { recursive: true, force: true });
  await fs.mkdir(buildDir, { recursive: true });
  log(`Building the Pulumi CLI v${version} from the Go module proxy with Go ${go} (once; takes minutes) in ${buildDir}`);

  // A throwaway module: `go install pkg@version` refuses modules with replace directives, and
  // pulumi/pulumi has some. The blank import lets `go mod tidy` record every dependency.
  const pkg = "github.com/pulumi/pulumi/pkg/v3";
  const sdk = "github.com/pulumi/pulumi/sdk/v3";
  await fs.writeFile(
    path.join(buildDir, "go.mod"),
    [
      "module local/pulumi-cli-build",
      "",
      `go ${minimumGoVersion}`,
      "",
      `require (\n\t${pkg} v${version}\n\t${sdk} v${version}\n)`,
      "",
      ...goReplaces.map((replace) => `replace ${replace}`),
      "",
    ].join("\n"),
  );
  await fs.writeFile(path.join(buildDir, "tools.go"), `//go:build tools\n\npackage tools\n\nimport _ "${pkg}/cmd/pulumi"\n`);

  const logFile = path.join(buildDir, "build.log");
  await runLogged("go", ["mod", "tidy"], buildDir, logFile, log, elapsed, "resolving and downloading modules");
  // -X ...version.Version: without it `pulumi version` prints nothing and the SDK's version checks fail.
  // -s -w: no symbol tables; a smaller binary and a faster link.
  await runLogged(
    "go",
    ["build", "-v", "-o", "pulumi", "-ldflags", `-s -w -X ${sdk}/go/common/version.Version=v${version}`, `${pkg}/cmd/pulumi`],
    buildDir,
    logFile,
    log,
    elapsed,
    "compiling",
  );

  const built = await cliVersion(path.join(buildDir, "pulumi"));
  if (built !== version) {
    throw new Error(`the built CLI reports version ${built ?? "(none)"}, expected ${version}; see ${logFile}`);
  }

  // Install atomically: a complete directory appears under its final name, or nothing does.
  const staging = `${installDir}.staging-${process.pid}`;
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(path.join(staging, "bin"), { recursive: true });
  await fs.rename(path.join(buildDir, "pulumi"), path.join(staging, "bin", "pulumi"));
  await fs.writeFile(
    path.join(staging, "build-info.json"),
    `${JSON.stringify({ version, go, builtAt: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000) }, null, 2)}\n`,
  );
  await fs.rm(installDir, { recursive: true, force: true });
  await fs.rename(staging, installDir);
  await fs.rm(buildDir, { recursive: true, force: true });
  log(`Built the Pulumi CLI v${version} in ${elapsed()}: ${path.join(installDir, "bin", "pulumi")}`);
}

/** Runs a build step, appending its output to logFile and printing a line of progress now and then. */
export async function runLogged(command: string, args: string[], cwd: string, logFile: string, log: (line: string) => void, elapsed: () => string, what: string): Promise<void> {
  const out = await fs.open(logFile, "a");
  await out.write(`$ ${command} ${args.join(" ")}\n`);
  let lines = 0;
  let lastLine = "";
  const child = spawn(command, args, { cwd, stdio: ["ignore", out.fd, "pipe"] });
  if (!child.stderr) throw new Error(`no stderr pipe for ${command}`);
  const stderr = createInterface({ input: child.stderr });
  stderr.on("line", (line) => {
    lines++;
    lastLine = line;
    void out.write(`${line}\n`);
  });
  const heartbeat = setInterval(() => log(`  ... ${what}: ${lines} steps, ${elapsed()} (${lastLine})`), 30_000);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", resolve);
    });
    if (code !== 0) {
      await out.sync();
      const tail = (await readLines(logFile)).slice(-40).join("\n");
      throw new Error(`\`${command} ${args.join(" ")}\` failed (exit ${code}) in ${cwd}; last lines of ${logFile}:\n${tail}`);
    }
    log(`  ${what}: done (${lines} steps, ${elapsed()})`);
  } finally {
    clearInterval(heartbeat);
    await out.close();
  }
}

async function readLines(file: string): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file) })) lines.push(line);
  return lines;
}

/**
 * A cross-process lock: `mkdir` is atomic. The holder's pid is recorded so a lock left by a killed
 * build is noticed and taken over instead of blocking forever.
 */
export async function withLock(lockDir: string, log: (line: string) => void, body: () => Promise<void>, building = "the Pulumi CLI"): Promise<void> {
  await fs.mkdir(path.dirname(lockDir), { recursive: true });
  let waitingSince: number | undefined;
  for (;;) {
    try {
      await fs.mkdir(lockDir);
      await fs.writeFile(path.join(lockDir, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(await fs.readFile(path.join(lockDir, "pid"), "utf8").catch(() => ""));
      // No pid after a minute: the holder died between mkdir and writing its pid.
      const age = Date.now() - ((await fs.stat(lockDir).catch(() => undefined))?.mtimeMs ?? Date.now());
      if ((holder && !isAlive(holder)) || (!holder && age > 60_000)) {
        log(`Removing a stale build lock left by process ${holder}: ${lockDir}`);
        await fs.rm(lockDir, { recursive: true, force: true });
        continue;
      }
      if (waitingSince === undefined) {
        waitingSince = Date.now();
        log(`Another process (${holder || "starting"}) is building ${building}; waiting for it (${lockDir}).`);
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  try {
    await body();
  } finally {
    await fs.rm(lockDir, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const installation = await ensurePulumi();
    process.stderr.write(`pulumi v${installation.version} (${installation.source}): ${installation.pulumi}\n`);
    process.stdout.write(`${installation.binDir}\n`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
