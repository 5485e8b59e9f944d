// The release's linux-amd64 plugin for the tests: the archive `npm run release` wrote into
// release/, or, when there is none for this version, one built now for linux-amd64 alone (the
// release script with `--platform linux-amd64 --no-sdks`, about a minute). Unpacked under test/.work.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";
import { archiveName, checksumsName, releaseDir, repositoryRoot } from "../../provider/scripts/release/release-info.mts";

const run = promisify(execFile);
export const linuxAmd64 = { os: "linux", arch: "amd64" } as const;
export const archivePath = path.join(releaseDir, archiveName(linuxAmd64));
export const checksumsPath = path.join(releaseDir, checksumsName());

export async function ensureReleasedArchive(): Promise<string> {
  if (!fs.existsSync(archivePath) || !fs.existsSync(checksumsPath)) {
    await run(process.execPath, [path.join(repositoryRoot, "provider", "scripts", "release", "release.mts"), "--platform", "linux-amd64", "--no-sdks"], {
      cwd: repositoryRoot,
      maxBuffer: 1 << 26,
    });
  }
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

/** A folder with no `node` in it, for a PATH on which the plugin cannot find one. */
export function pathWithoutNode(...dirs: string[]): string {
  for (const dir of dirs) {
    if (fs.existsSync(path.join(dir, "node"))) throw new Error(`${dir} holds a node`);
  }
  return dirs.join(path.delimiter);
}
