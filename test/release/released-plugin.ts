// The release for the tests: what `npm run release` wrote into release/, or, where a test's part
// is missing for this version, that part built now (provider/scripts/release/release.mts with the
// test's arguments). Test files run in parallel: one builds at a time (a lock folder), and each
// looks again once it holds the lock.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";
import { archiveName, cacheDir, checksumsName, releaseDir, repositoryRoot } from "../../provider/scripts/release/release-info.mts";

const run = promisify(execFile);
export const linuxAmd64 = { os: "linux", arch: "amd64" } as const;
export const archivePath = path.join(releaseDir, archiveName(linuxAmd64));
export const checksumsPath = path.join(releaseDir, checksumsName());

const lockDir = path.join(cacheDir, "test-build.lock");
/** A lock older than a build can take was left by a killed run. */
const staleLockMs = 20 * 60_000;

async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(cacheDir, { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > staleLockMs) fs.rmSync(lockDir, { recursive: true, force: true });
      else await sleep(1000);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Runs the release script with `args` unless `built()` already holds. `args` may be a function,
 * asked once the lock is held, so that it names only what another file has not built meanwhile.
 */
export async function ensureRelease(built: () => boolean, args: readonly string[] | (() => readonly string[])): Promise<void> {
  if (built()) return;
  await withBuildLock(async () => {
    if (built()) return;
    const scriptArgs = typeof args === "function" ? args() : args;
    await run(process.execPath, [path.join(repositoryRoot, "provider", "scripts", "release", "release.mts"), ...scriptArgs], { cwd: repositoryRoot, maxBuffer: 1 << 26 });
  });
}

export async function ensureReleasedArchive(): Promise<string> {
  await ensureRelease(() => fs.existsSync(archivePath) && fs.existsSync(checksumsPath), ["--platform", "linux-amd64", "--no-sdks"]);
  return archivePath;
}

/** The archive unpacked into a fresh folder of its own, named as Pulumi names a plugin's folder; returns the folder. */
export async function unpackedPlugin(): Promise<string> {
  const archive = await ensureReleasedArchive();
  const dir = path.join(workRoot, "release", `${process.pid}-${Date.now()}`, "docs-platform");
  fs.mkdirSync(dir, { recursive: true });
  await run("tar", ["-xzf", archive, "-C", dir]);
  return dir;
}

/** The folders of a PATH, checked to hold no `node`: the plugin cannot fall back on one. */
export function pathWithoutNode(...dirs: string[]): string {
  for (const dir of dirs) {
    if (fs.existsSync(path.join(dir, "node"))) throw new Error(`${dir} holds a node`);
  }
  return dirs.join(path.delimiter);
}
