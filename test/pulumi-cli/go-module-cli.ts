// A Go command-line tool built for the tests from its module's source on the Go module proxy, at
// exactly one version, and cached outside the repository (beside the Pulumi CLI's build): OpenTofu
// (ensure-tofu.ts) and Terraform (ensure-terraform.ts), which the Terraform door's tests drive.
//
// Order of preference, as for the Pulumi CLI (ensure-pulumi.ts):
//   1. the command on PATH when its `version` reports the version;
//   2. a build cached by an earlier run (`<cache root>/<command>-v<version>/bin/<command>`);
//   3. a fresh build from the Go module proxy (minutes), cached for next time, under a lock shared
//      by every process.
// `go install <module>/<package>@v…` refuses a module whose go.mod has replace directives (both
// have some), so the module's source is downloaded (`go mod download`) and built in a writable
// copy, where its own go.mod and go.sum apply.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import {
  buildsWith,
  cacheRoot,
  findOnPath,
  goVersion,
  minimumGoVersion,
  runLogged,
  withLock,
} from "./ensure-pulumi.ts";

const execFileAsync = promisify(execFile);

export interface GoModuleCli {
  /** The tool's name in messages: "OpenTofu". */
  product: string;
  /** The executable's name, on PATH and in the cache's bin/: "tofu". */
  command: string;
  /** The version without the `v`: "1.12.6". */
  version: string;
  /** The Go module whose source is built: "github.com/opentofu/opentofu". */
  module: string;
  /** The main package inside the module: "./cmd/tofu". */
  mainPackage: string;
  /** `-ldflags` of the build: a release's version string, no symbol tables. */
  ldflags: string;
  /** Reads the version from `<command> version`'s output ("OpenTofu v1.12.6" → "1.12.6"). */
  versionLine: RegExp;
  /**
   * Makes the downloaded copy buildable before `go build` (a module whose zip lacks what its go.mod
   * names); answers what it changed, recorded in build-info.json.
   */
  prepareSource?: (source: string, log: (line: string) => void) => Promise<string[]>;
}

/** Directory of the cached build: `<cache root>/<command>-v<version>`, its binary in bin/. */
export function cachedCliDir(cli: GoModuleCli): string {
  return path.join(cacheRoot(), `${cli.command}-v${cli.version}`);
}

const pending = new Map<string, Promise<string>>();

/** The absolute path of `cli` at its version, building it once if needed. */
export function ensureGoModuleCli(
  cli: GoModuleCli,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<string> {
  // One build per process even when several callers ask at once; other processes use the lock.
  const key = `${cli.command}@${cli.version}`;
  let result = pending.get(key);
  if (!result) {
    result = ensure(cli, log);
    result.catch(() => pending.delete(key));
    pending.set(key, result);
  }
  return result;
}

async function ensure(cli: GoModuleCli, log: (line: string) => void): Promise<string> {
  const onPath = await findOnPath(cli.command);
  if (onPath && (await reportedVersion(cli, onPath)) === cli.version) return onPath;

  const installDir = cachedCliDir(cli);
  if (!(await isInstalled(cli, installDir))) {
    await withLock(
      `${installDir}.lock`,
      log,
      async () => {
        if (await isInstalled(cli, installDir)) return;
        await build(cli, installDir, log);
      },
      `${cli.product} v${cli.version}`,
    );
  }
  return path.join(installDir, "bin", cli.command);
}

/** The version `<command> version` reports, or undefined when it cannot be run. */
export async function reportedVersion(cli: GoModuleCli, executable: string): Promise<string | undefined> {
  try {
    const { stdout } = await execFileAsync(executable, ["version"], {
      timeout: 30_000,
      env: { ...process.env, CHECKPOINT_DISABLE: "1" },
    });
    return cli.versionLine.exec(stdout)?.[1];
  } catch {
    return undefined;
  }
}

async function isInstalled(cli: GoModuleCli, installDir: string): Promise<boolean> {
  try {
    const info = JSON.parse(await fs.readFile(path.join(installDir, "build-info.json"), "utf8")) as {
      version?: string;
    };
    await fs.access(path.join(installDir, "bin", cli.command), fs.constants.X_OK);
    return info.version === cli.version;
  } catch {
    return false;
  }
}

async function build(cli: GoModuleCli, installDir: string, log: (line: string) => void): Promise<void> {
  const go = await goVersion();
  if (!buildsWith(go)) {
    throw new Error(
      `${cli.product} v${cli.version} is needed by the Terraform door's tests and is built from the Go module proxy: install Go >= ${minimumGoVersion} (https://go.dev/doc/install), or put ${cli.product} v${cli.version} on PATH as \`${cli.command}\`.`,
    );
  }
  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)}s`;
  const buildDir = `${installDir}.build-${process.pid}`;
  const staging = `${installDir}.staging-${process.pid}`;
  for (const leftover of await fs.readdir(path.dirname(installDir))) {
    // Interrupted builds (safe: we hold the lock).
    if (
      leftover.startsWith(`${path.basename(installDir)}.build-`) ||
      leftover.startsWith(`${path.basename(installDir)}.staging-`)
    ) {
      await fs.rm(path.join(path.dirname(installDir), leftover), { recursive: true, force: true });
    }
  }
  await fs.mkdir(buildDir, { recursive: true });
  const logFile = path.join(buildDir, "build.log");
  log(
    `Building ${cli.product} v${cli.version} from the Go module proxy with Go ${go} (once; takes minutes) in ${buildDir}`,
  );

  const { stdout } = await execFileAsync("go", ["mod", "download", "-json", `${cli.module}@v${cli.version}`], {
    cwd: buildDir,
    timeout: 30 * 60_000,
    maxBuffer: 1 << 20,
  });
  const downloaded = JSON.parse(stdout) as { Dir?: string; Error?: string };
  if (!downloaded.Dir)
    throw new Error(`go mod download ${cli.module}@v${cli.version} failed: ${downloaded.Error ?? stdout}`);
  // The module cache is read-only, and prepareSource edits the source.
  const source = path.join(buildDir, "src");
  await fs.cp(downloaded.Dir, source, { recursive: true });
  await execFileAsync("chmod", ["-R", "u+w", source]);
  const changes = (await cli.prepareSource?.(source, log)) ?? [];
  const executable = path.join(buildDir, cli.command);
  // -trimpath: no build machine paths in the binary, and Go's build cache serves another checkout.
  await runLogged(
    "go",
    ["build", "-trimpath", "-ldflags", cli.ldflags, "-o", executable, cli.mainPackage],
    source,
    logFile,
    log,
    elapsed,
    `compiling ${cli.product}`,
  );

  const built = await reportedVersion(cli, executable);
  if (built !== cli.version)
    throw new Error(
      `the built ${cli.command} reports version ${built ?? "(none)"}, expected ${cli.version}; see ${logFile}`,
    );

  // Install atomically: a complete directory appears under its final name, or nothing does.
  await fs.mkdir(path.join(staging, "bin"), { recursive: true });
  await fs.rename(executable, path.join(staging, "bin", cli.command));
  await fs.writeFile(
    path.join(staging, "build-info.json"),
    `${JSON.stringify({ version: cli.version, go, builtAt: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000), ...(changes.length > 0 ? { changes } : {}) }, null, 2)}\n`,
  );
  await fs.rm(installDir, { recursive: true, force: true });
  await fs.rename(staging, installDir);
  await fs.rm(buildDir, { recursive: true, force: true });
  log(`Built ${cli.product} v${cli.version} in ${elapsed()}: ${path.join(installDir, "bin", cli.command)}`);
}
