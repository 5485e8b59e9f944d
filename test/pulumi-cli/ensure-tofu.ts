// Makes OpenTofu available for the Terraform door's tests (provider/terraform/, DESIGN.md
// section 13), at exactly `tofuVersion`.
//
// Order of preference, as for the Pulumi CLI (ensure-pulumi.ts):
//   1. a `tofu` on PATH whose `tofu version` matches;
//   2. a build cached outside the repository by an earlier run (beside the Pulumi CLI's);
//   3. a fresh build from the Go module proxy (minutes), cached for next time.
// OpenTofu publishes no npm or PyPI package that works here (theirs download binaries), but its
// module is on the Go module proxy. `go install github.com/opentofu/opentofu/cmd/tofu@v…` refuses
// it (its go.mod has a replace directive), so the module's source is downloaded
// (`go mod download`) and built in a writable copy, where its own go.mod and go.sum apply.
//
// Run as a script (`node test/pulumi-cli/ensure-tofu.ts`) it prints the binary's path.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buildsWith, cacheRoot, findOnPath, goVersion, minimumGoVersion, runLogged, withLock } from "./ensure-pulumi.ts";

const execFileAsync = promisify(execFile);

/** The OpenTofu release the door is tested with (DESIGN.md section 13). */
export const tofuVersion = "1.12.6";

const tofuModule = "github.com/opentofu/opentofu";

/** Directory of the cached build: `<cache root>/tofu-v<version>`, its binary in bin/. */
export function cachedTofuDir(version: string = tofuVersion): string {
  return path.join(cacheRoot(), `tofu-v${version}`);
}

const pending = new Map<string, Promise<string>>();

/** The absolute path of a `tofu` of `tofuVersion`, building it once if needed. */
export function ensureTofu(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<string> {
  // One build per process even when several callers ask at once; other processes use the lock.
  let result = pending.get(tofuVersion);
  if (!result) {
    result = ensure(log);
    result.catch(() => pending.delete(tofuVersion));
    pending.set(tofuVersion, result);
  }
  return result;
}

async function ensure(log: (line: string) => void): Promise<string> {
  const onPath = await findOnPath("tofu");
  if (onPath && (await reportedVersion(onPath)) === tofuVersion) return onPath;

  const installDir = cachedTofuDir();
  const binary = path.join(installDir, "bin", "tofu");
  if (!(await isInstalled(installDir))) {
    await withLock(
      `${installDir}.lock`,
      log,
      async () => {
        if (await isInstalled(installDir)) return;
        await build(installDir, log);
      },
      `OpenTofu v${tofuVersion}`,
    );
  }
  return binary;
}

/** `tofu version`'s version without the `v` ("OpenTofu v1.12.6" → "1.12.6"), or undefined. */
async function reportedVersion(tofu: string): Promise<string | undefined> {
  try {
    const { stdout } = await execFileAsync(tofu, ["version"], { timeout: 30_000, env: { ...process.env, CHECKPOINT_DISABLE: "1" } });
    return /^OpenTofu v(\S+)/m.exec(stdout)?.[1];
  } catch {
    return undefined;
  }
}

async function isInstalled(installDir: string): Promise<boolean> {
  try {
    const info = JSON.parse(await fs.readFile(path.join(installDir, "build-info.json"), "utf8")) as { version?: string };
    await fs.access(path.join(installDir, "bin", "tofu"), fs.constants.X_OK);
    return info.version === tofuVersion;
  } catch {
    return false;
  }
}

async function build(installDir: string, log: (line: string) => void): Promise<void> {
  const go = await goVersion();
  if (!buildsWith(go)) {
    throw new Error(
      `OpenTofu v${tofuVersion} is needed by the Terraform door's tests and is built from the Go module proxy: install Go >= ${minimumGoVersion} (https://go.dev/doc/install), or put OpenTofu v${tofuVersion} on PATH as \`tofu\`.`,
    );
  }
  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)}s`;
  const buildDir = `${installDir}.build-${process.pid}`;
  const staging = `${installDir}.staging-${process.pid}`;
  for (const leftover of await fs.readdir(path.dirname(installDir))) {
    // Interrupted builds (safe: we hold the lock).
    if (leftover.startsWith(`${path.basename(installDir)}.build-`) || leftover.startsWith(`${path.basename(installDir)}.staging-`)) {
      await fs.rm(path.join(path.dirname(installDir), leftover), { recursive: true, force: true });
    }
  }
  await fs.mkdir(buildDir, { recursive: true });
  const logFile = path.join(buildDir, "build.log");
  log(`Building OpenTofu v${tofuVersion} from the Go module proxy with Go ${go} (once; takes minutes) in ${buildDir}`);

  const { stdout } = await execFileAsync("go", ["mod", "download", "-json", `${tofuModule}@v${tofuVersion}`], { cwd: buildDir, timeout: 30 * 60_000, maxBuffer: 1 << 20 });
  const downloaded = JSON.parse(stdout) as { Dir?: string; Error?: string };
  if (!downloaded.Dir) throw new Error(`go mod download ${tofuModule}@v${tofuVersion} failed: ${downloaded.Error ?? stdout}`);
  // The module cache is read-only; go build writes nothing into the source, but a copy keeps any
  // tool that does (go mod tidy on a mismatch) away from the cache.
  const source = path.join(buildDir, "src");
  await fs.cp(downloaded.Dir, source, { recursive: true });
  await execFileAsync("chmod", ["-R", "u+w", source]);
  // -trimpath: no build machine paths in the binary; -s -w: no symbol tables (smaller, faster
  // link); version.dev=no: a release's version ("1.12.6", not "1.12.6-dev"), as OpenTofu's own
  // release build (.goreleaser.yaml) sets it.
  await runLogged(
    "go",
    ["build", "-trimpath", "-ldflags", "-s -w -X github.com/opentofu/opentofu/version.dev=no", "-o", path.join(buildDir, "tofu"), "./cmd/tofu"],
    source,
    logFile,
    log,
    elapsed,
    "compiling OpenTofu",
  );

  const built = await reportedVersion(path.join(buildDir, "tofu"));
  if (built !== tofuVersion) throw new Error(`the built tofu reports version ${built ?? "(none)"}, expected ${tofuVersion}; see ${logFile}`);

  // Install atomically: a complete directory appears under its final name, or nothing does.
  await fs.mkdir(path.join(staging, "bin"), { recursive: true });
  await fs.rename(path.join(buildDir, "tofu"), path.join(staging, "bin", "tofu"));
  await fs.writeFile(
    path.join(staging, "build-info.json"),
    `${JSON.stringify({ version: tofuVersion, go, builtAt: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000) }, null, 2)}\n`,
  );
  await fs.rm(installDir, { recursive: true, force: true });
  await fs.rename(staging, installDir);
  await fs.rm(buildDir, { recursive: true, force: true });
  log(`Built OpenTofu v${tofuVersion} in ${elapsed()}: ${path.join(installDir, "bin", "tofu")}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${await ensureTofu()}\n`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
