// What every release script agrees on: the one version (provider/package.json's), the names of
// the plugin, its archives and checksums file, where the release is written, and the platforms.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));
export const providerRoot = path.join(repositoryRoot, "provider");
/** The release folder (git-ignored): archives, checksums, SDK packages. */
export const releaseDir = path.join(repositoryRoot, "release");
/** Downloads and intermediate builds (git-ignored), reused between runs. */
export const cacheDir = path.join(repositoryRoot, ".cache", "release");

export const PLUGIN_NAME = "docs-platform";
export const EXECUTABLE = `pulumi-resource-${PLUGIN_NAME}`;

const manifest = JSON.parse(fs.readFileSync(path.join(providerRoot, "package.json"), "utf8")) as { version: string; repository: { url: string } };
/** The one version of the plugin, the schema and every SDK. */
export const VERSION = manifest.version;
/** https://github.com/<owner>/<repo>, from provider/package.json's repository. */
export const REPOSITORY_URL = manifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");

export interface Platform {
  /** Pulumi's names, as in the archive's name. */
  os: "linux" | "darwin" | "windows";
  arch: "amd64" | "arm64";
}

export const PLATFORMS: readonly Platform[] = [
  { os: "linux", arch: "amd64" },
  { os: "linux", arch: "arm64" },
  { os: "darwin", arch: "amd64" },
  { os: "darwin", arch: "arm64" },
  { os: "windows", arch: "amd64" },
  { os: "windows", arch: "arm64" },
];

export function platformName(platform: Platform): string {
  return `${platform.os}-${platform.arch}`;
}

export function executableName(platform: Platform): string {
  return platform.os === "windows" ? `${EXECUTABLE}.exe` : EXECUTABLE;
}

export function archiveName(platform: Platform, version = VERSION): string {
  return `${EXECUTABLE}-v${version}-${platformName(platform)}.tar.gz`;
}

export function checksumsName(version = VERSION): string {
  return `${EXECUTABLE}_${version}_checksums.txt`;
}
