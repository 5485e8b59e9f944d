// What a release folder was built from, so that a run's tests never stand on a release built from
// other sources: the release tests build only the parts missing from release/, and a folder left
// by an earlier build (another commit, a changed schema) would be taken as this one's.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What goes into a release: the compiled package, the plugin's folder, the release scripts, the manifest, README and LICENSE. */
const RELEASE_SOURCES = [
  "provider/dist",
  "provider/docs-platform",
  "provider/scripts",
  "provider/package.json",
  "README.md",
  "LICENSE",
];

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [relative];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.join(relative, name)));
}

/** A digest of every release source under `root`: each file's path and content. */
export function releaseSourcesDigest(root: string): string {
  const hash = createHash("sha256");
  for (const file of RELEASE_SOURCES.flatMap((source) => filesUnder(root, source))) {
    if (file.endsWith(".tsbuildinfo")) continue; // the compiler's own bookkeeping, not the package
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(root, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

/**
 * Empties `releaseDir` unless it was built from `root`'s sources as they are now, then records
 * them in `record`: every part the tests find there from now on is built from these sources.
 * The record lies outside `releaseDir` (in the release's cache), so the folder holds only what a
 * release publishes. Returns whether the folder was emptied.
 */
export function dropStaleRelease(root: string, releaseDir: string, record: string): boolean {
  const digest = releaseSourcesDigest(root);
  if (fs.existsSync(record) && fs.readFileSync(record, "utf8") === digest) {
    fs.mkdirSync(releaseDir, { recursive: true });
    return false;
  }
  const stale = fs.existsSync(releaseDir) && fs.readdirSync(releaseDir).length > 0;
  fs.rmSync(releaseDir, { recursive: true, force: true });
  fs.mkdirSync(releaseDir, { recursive: true });
  fs.mkdirSync(path.dirname(record), { recursive: true });
  fs.writeFileSync(record, digest);
  return stale;
}
