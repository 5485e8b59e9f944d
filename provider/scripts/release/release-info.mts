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

// The Terraform door's release (provider/terraform/, DESIGN.md section 13): the names Terraform's
// registry and OpenTofu's filesystem mirror expect (OpenTofu v1.12.6 internal/getproviders,
// filesystem_search.go: `terraform-provider-<type>_<version>_<os>_<arch>.zip`; the executable in
// it is found by its `terraform-provider-<type>` prefix), and Go's platform names (`linux_amd64`).

/** The provider's type name in Terraform: `docsplatform_<kind>` resources, source `docs-platform/docsplatform`. */
export const TERRAFORM_TYPE = "docsplatform";
export const TERRAFORM_EXECUTABLE = `terraform-provider-${TERRAFORM_TYPE}`;
/** The Terraform release's folder, apart from the plugin's archives, as the registry's files are published apart. */
export const terraformReleaseDir = path.join(releaseDir, "terraform");

/** Terraform's platform name: `<os>_<arch>` in Go's names, which Pulumi's already are. */
export function terraformPlatformName(platform: Platform): string {
  return `${platform.os}_${platform.arch}`;
}

export function terraformExecutableName(platform: Platform, version = VERSION): string {
  return `${TERRAFORM_EXECUTABLE}_v${version}${platform.os === "windows" ? ".exe" : ""}`;
}

export function terraformArchiveName(platform: Platform, version = VERSION): string {
  return `${TERRAFORM_EXECUTABLE}_${version}_${terraformPlatformName(platform)}.zip`;
}

export function terraformChecksumsName(version = VERSION): string {
  return `${TERRAFORM_EXECUTABLE}_${version}_SHA256SUMS`;
}

export function terraformManifestName(version = VERSION): string {
  return `${TERRAFORM_EXECUTABLE}_${version}_manifest.json`;
}

/** The registry manifest: the plugin protocol the door serves (tfplugin6, provider/terraform/proto.ts). */
export const TERRAFORM_MANIFEST = { version: 1, metadata: { protocol_versions: ["6.0"] } } as const;
