// `npm run release`: the whole release into release/ (git-ignored), from provider/package.json's
// version — the plugin's archives for every platform, their checksums, the SDK packages, and the
// Terraform door's release in release/terraform/ (zips, SHA256SUMS, the registry manifest).
//
//   node provider/scripts/release/release.mts [--platform <os>-<arch>]... [--no-sdks] [--no-plugin]
//       [--no-terraform] [--terraform-only]
//
// `--terraform-only` is `--no-plugin --no-sdks`: with `--platform linux-amd64`, the one Terraform
// executable a test runs (test/release/terraform-release.test.ts).
//
// Run after `npm run build` and `npm run schema` (the npm script does both): the schema and the
// compiled sources are what the release carries. Downloads (Node.js binaries) and intermediate
// builds are kept in .cache/release/ and reused.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeArchive, writeChecksums, writeTerraformArchive } from "./archives.mts";
import { bundlePlugin, bundleTerraformProvider } from "./bundle.mts";
import {
  PLATFORMS,
  TERRAFORM_EXECUTABLE,
  TERRAFORM_MANIFEST,
  VERSION,
  cacheDir,
  platformName,
  releaseDir,
  terraformChecksumsName,
  terraformExecutableName,
  terraformManifestName,
  terraformReleaseDir,
} from "./release-info.mts";
import { buildExecutable } from "./sea.mts";
import { buildSdks } from "./sdks.mts";

const { values } = parseArgs({
  options: {
    platform: { type: "string", multiple: true },
    "no-sdks": { type: "boolean", default: false },
    "no-plugin": { type: "boolean", default: false },
    "no-terraform": { type: "boolean", default: false },
    "terraform-only": { type: "boolean", default: false },
  },
});
if (values["terraform-only"] && values["no-terraform"]) throw new Error("--terraform-only and --no-terraform exclude each other");
const withPlugin = !values["no-plugin"] && !values["terraform-only"];
const withSdks = !values["no-sdks"] && !values["terraform-only"];
const withTerraform = !values["no-terraform"];

const log = (line: string) => process.stdout.write(`${line}\n`);
const mebibytes = (file: string) => `${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MiB`;

fs.mkdirSync(releaseDir, { recursive: true });
log(`release v${VERSION} into ${path.relative(process.cwd(), releaseDir) || "."}/`);

const wanted = values.platform ?? PLATFORMS.map(platformName);
const unknown = wanted.filter((name) => !PLATFORMS.some((platform) => platformName(platform) === name));
if (unknown.length > 0) throw new Error(`unknown platform(s): ${unknown.join(", ")}`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

if (withPlugin) {
  const bundle = await bundlePlugin();
  log(`bundle: ${(bundle.bytes / 2 ** 20).toFixed(1)} MiB`);
  const archives: string[] = [];
  for (const platform of PLATFORMS.filter((candidate) => wanted.includes(platformName(candidate)))) {
    const executable = await buildExecutable(bundle.path, platform, path.join(cacheDir, "executables"));
    if (!executable) {
      log(`${platformName(platform)}: skipped, the npm registry has no Node.js 24 binary for it (node-binaries.mts)`);
      continue;
    }
    const archive = await writeArchive(platform, executable, releaseDir);
    archives.push(archive);
    log(`${path.basename(archive)}: ${mebibytes(archive)} (executable ${mebibytes(executable)})`);
  }
  // The checksums of every archive of this version in the folder (a run for one platform keeps the others').
  const ofThisVersion = fs
    .readdirSync(releaseDir)
    .filter((file) => file.startsWith(`pulumi-resource-docs-platform-v${VERSION}-`) && file.endsWith(".tar.gz"))
    .map((file) => path.join(releaseDir, file));
  log(`${path.basename(writeChecksums(ofThisVersion, releaseDir))}: ${ofThisVersion.length} archives`);
}

if (withTerraform) {
  const started = performance.now();
  const bundle = await bundleTerraformProvider();
  log(`terraform bundle: ${(bundle.bytes / 2 ** 20).toFixed(1)} MiB (${seconds(started)})`);
  for (const platform of PLATFORMS.filter((candidate) => wanted.includes(platformName(candidate)))) {
    const built = performance.now();
    const executable = await buildExecutable(bundle.path, platform, path.join(cacheDir, "terraform-executables"), terraformExecutableName(platform));
    if (!executable) {
      log(`terraform ${platformName(platform)}: skipped, the npm registry has no Node.js 24 binary for it (node-binaries.mts)`);
      continue;
    }
    const archive = writeTerraformArchive(platform, executable, terraformReleaseDir);
    log(`terraform/${path.basename(archive)}: ${mebibytes(archive)} (executable ${mebibytes(executable)}, ${seconds(built)})`);
  }
  const manifest = path.join(terraformReleaseDir, terraformManifestName());
  fs.writeFileSync(manifest, `${JSON.stringify(TERRAFORM_MANIFEST)}\n`);
  // As HashiCorp's releases: the sums of every zip of this version in the folder and of the manifest.
  const summed = fs
    .readdirSync(terraformReleaseDir)
    .filter((file) => (file.startsWith(`${TERRAFORM_EXECUTABLE}_${VERSION}_`) && file.endsWith(".zip")) || file === terraformManifestName())
    .map((file) => path.join(terraformReleaseDir, file));
  log(`terraform/${path.basename(writeChecksums(summed, terraformReleaseDir, terraformChecksumsName()))}: ${summed.length} files`);
}

if (withSdks) {
  for (const artifact of await buildSdks(releaseDir)) log(`sdk: ${path.relative(releaseDir, artifact)}`);
}
