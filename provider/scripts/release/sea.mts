// A Node.js single executable application of the bundled plugin (bundle.mts) for one platform:
// the platform's Node.js binary with the bundle injected as its SEA blob (postject), as
// https://nodejs.org/api/single-executable-applications.html describes.
//
// The blob is made by this machine's Node.js of the binary's own version (node-binaries.mts). The
// linux-amd64 blob, the one made for the very binary that makes it, is a V8 startup snapshot
// (`useSnapshot`): the bundle's entry runs while the blob is made, loading the modules a start
// needs (bundle.mts `preload`), and the executable starts from that heap instead of compiling and
// running them. The other platforms' blobs hold the bundle's source only (a snapshot is valid only
// for the binary that made it). No code cache: V8's compiled bundle saved about 80 ms of CPU per
// start, but two caches of one bundle differ byte for byte. A snapshot is made reproducible: V8's
// hash and random seeds fixed and `--predictable` (single-threaded, deterministic heap), the
// bundle read from a path that depends on its content only (the path is in the snapshot); the
// executable rehashes the snapshot's tables with its own random seed as it starts, and Math.random
// is seeded anew. test/release/reproducible-executable.test.ts builds it twice; docs/release.md
// has the figures.
//
// Node.js's signature (darwin, windows) is removed before the injection, and a darwin executable
// signed ad hoc after it (sign.mts), as the guide does with codesign on a Mac.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { hostNodePackage, nodeBinary, nodePackageFor } from "./node-binaries.mts";
import { executableName, type Platform, platformName } from "./release-info.mts";
import { removeSignature, signAfterInjection } from "./sign.mts";

/** postject's API (it ships no types). */
const postject = createRequire(import.meta.url)("postject") as {
  inject(file: string, resource: string, data: Buffer, options: { sentinelFuse: string; machoSegmentName?: string; overwrite?: boolean }): Promise<void>;
};

/** The fuse Node.js looks for to know that a blob was injected (the same in every Node.js 24). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

const blobs = new Map<string, string>();

/** Whether `platform`'s blob is a startup snapshot: only the binary that makes the blob can start from one (node-binaries.mts hostNodePackage). */
export function startsFromSnapshot(platform: Platform): boolean {
  return platformName(platform) === "linux-amd64";
}

/**
 * Where the snapshot's build reads the bundle: a folder named by the bundle's digest, the same on
 * every machine and for every checkout, since the snapshot records the main script's path (and a
 * path of the checkout must not ship, test/release/hostile-review.test.ts).
 */
function stagedBundle(bundle: string): string {
  const digest = createHash("sha256").update(fs.readFileSync(bundle)).digest("hex").slice(0, 16);
  const staged = path.join("/tmp", "docs-platform-snapshot", digest, path.basename(bundle));
  if (!fs.existsSync(staged)) {
    fs.mkdirSync(path.dirname(staged), { recursive: true });
    // Another build may stage the same bundle at once: each writes its own file, then renames it.
    const partial = `${staged}.${process.pid}.partial`;
    fs.copyFileSync(bundle, partial);
    fs.renameSync(partial, staged);
  }
  return staged;
}

/** The blob of `bundle` for `platform`'s Node.js, made once per run, beside the bundle. */
export function blobFor(bundle: string, platform: Platform): string {
  const node = nodePackageFor(platform);
  if (!node) throw new Error(`no Node.js binary for ${platformName(platform)} (node-binaries.mts)`);
  const snapshot = startsFromSnapshot(platform);
  // Named by the bundle (plugin.cjs, terraform-provider.cjs): each executable has its own blobs.
  const name = `${path.basename(bundle, ".cjs")}-node-${node.version}${snapshot ? "-snapshot" : ""}`;
  const already = blobs.get(`${bundle}:${name}`);
  if (already) return already;
  const blob = path.join(path.dirname(bundle), `${name}.blob`);
  const config = path.join(path.dirname(bundle), `${name}.sea.json`);
  // `main` as the bundle's file name, read from its own folder: the blob records the path it is
  // given, and the build machine's folders must not ship (test/release/hostile-review.test.ts);
  // a snapshot's build reads it from stagedBundle's folder instead (the snapshot records the
  // absolute path).
  // execArgvExtension "cli": the executable ignores NODE_OPTIONS (the default, "env", let a
  // program's NODE_OPTIONS, a loader or a require hook meant for the user's own Node.js, or an
  // --inspect, run inside the plugin) and takes Node.js options only from a first argument
  // `--node-options=...`, which the engine never passes. The bundle's entry (bundle.mts) passes
  // that argument when the plugin's own DOCS_PLATFORM_PLUGIN_NODE_OPTIONS is set. "none" would
  // leave no way at all to give the executable a heap size or a debugger. Node.js 24.0.0 (the
  // darwin-arm64 binary, node-binaries.mts) predates the field and ignores it: NODE_OPTIONS still
  // reaches that executable (docs/release.md).
  fs.writeFileSync(
    config,
    JSON.stringify({
      main: snapshot ? stagedBundle(bundle) : path.basename(bundle),
      output: blob,
      disableExperimentalSEAWarning: true,
      useSnapshot: snapshot,
      useCodeCache: false,
      execArgvExtension: "cli",
    }),
  );
  const reproducibleSnapshot = snapshot ? ["--hash-seed=1", "--random-seed=1", "--predictable"] : [];
  const made = spawnSync(nodeBinary(hostNodePackage(node.version)), [...reproducibleSnapshot, "--experimental-sea-config", path.basename(config)], {
    cwd: path.dirname(bundle),
    stdio: ["ignore", "ignore", "inherit"],
    // Its argv[0] is in a snapshot (process.argv0, read-only): a name, not this machine's path.
    argv0: "node",
  });
  if (made.error) throw made.error;
  if (made.status !== 0) throw new Error(`making ${path.basename(blob)} failed (${made.signal ?? `exit ${made.status}`})`);
  blobs.set(`${bundle}:${name}`, blob);
  return blob;
}

/**
 * Writes the executable of `platform` into `outDir`, named `name` (the plugin's by default; the
 * Terraform door's `terraform-provider-docsplatform_v<version>`); returns its path, or null when no
 * Node.js binary exists for it.
 */
export async function buildExecutable(bundle: string, platform: Platform, outDir: string, name: string = executableName(platform)): Promise<string | null> {
  const node = nodePackageFor(platform);
  if (!node) return null;
  const blob = blobFor(bundle, platform);
  const target = path.join(outDir, platformName(platform), name);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(nodeBinary(node), target);
  fs.chmodSync(target, 0o755);
  removeSignature(target, platform);
  await postject.inject(target, "NODE_SEA_BLOB", fs.readFileSync(blob), {
    sentinelFuse: SEA_FUSE,
    ...(platform.os === "darwin" ? { machoSegmentName: "NODE_SEA" } : {}),
  });
  await signAfterInjection(target, platform, name);
  return target;
}
