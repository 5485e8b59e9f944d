// A Node.js single executable application of the bundled plugin (bundle.mts) for one platform:
// the platform's Node.js binary with the bundle injected as its SEA blob (postject), as
// https://nodejs.org/api/single-executable-applications.html describes.
//
// The blob is made by this machine's Node.js of the binary's own version (node-binaries.mts). No
// snapshot, and no code cache: V8's compiled bundle saved about 80 ms of CPU per start (0.47 s
// against 0.55 s to the Terraform door's handshake line, median of 11), but two blobs made from
// one bundle differ byte for byte, and so did the linux-amd64 executables, archives and sums of
// one commit. Fixing V8's hash seed (`--hash-seed`) makes the cache the same each time, and an
// executable (whose seed is random) then rejects it. A release is reproducible instead
// (test/release/reproducible-executable.test.ts); docs/release.md has the figures.
//
// Node.js's signature (darwin, windows) is removed before the injection, and a darwin executable
// signed ad hoc after it (sign.mts), as the guide does with codesign on a Mac.
import { execFileSync } from "node:child_process";
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

/** The blob of `bundle` for Node.js `version`, made once per run, beside the bundle. */
export function blobFor(bundle: string, version: string): string {
  // Named by the bundle (plugin.cjs, terraform-provider.cjs): each executable has its own blobs.
  const name = `${path.basename(bundle, ".cjs")}-node-${version}`;
  const made = blobs.get(`${bundle}:${name}`);
  if (made) return made;
  const blob = path.join(path.dirname(bundle), `${name}.blob`);
  const config = path.join(path.dirname(bundle), `${name}.sea.json`);
  // `main` as the bundle's file name, read from its own folder: the blob records the path it is
  // given, and the build machine's folders must not ship (test/release/hostile-review.test.ts).
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
    JSON.stringify({ main: path.basename(bundle), output: blob, disableExperimentalSEAWarning: true, useSnapshot: false, useCodeCache: false, execArgvExtension: "cli" }),
  );
  execFileSync(nodeBinary(hostNodePackage(version)), ["--experimental-sea-config", config], { cwd: path.dirname(bundle), stdio: ["ignore", "ignore", "inherit"] });
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
  const blob = blobFor(bundle, node.version);
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
