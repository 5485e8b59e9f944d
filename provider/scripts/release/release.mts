// `npm run release`: the whole release into release/ (git-ignored), from provider/package.json's
// version — the plugin's archives for every platform, their checksums, and the SDK packages.
//
//   node provider/scripts/release/release.mts [--platform <os>-<arch>]... [--no-sdks] [--no-plugin]
//
// Run after `npm run build` and `npm run schema` (the npm script does both): the schema and the
// compiled sources are what the release carries. Downloads (Node.js binaries) and intermediate
// builds are kept in .cache/release/ and reused.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeArchive, writeChecksums } from "./archives.mts";
import { bundlePlugin } from "./bundle.mts";
import { PLATFORMS, VERSION, cacheDir, platformName, releaseDir } from "./release-info.mts";
import { buildExecutable } from "./sea.mts";
import { buildSdks } from "./sdks.mts";

const { values } = parseArgs({
  options: {
    platform: { type: "string", multiple: true },
    "no-sdks": { type: "boolean", default: false },
    "no-plugin": { type: "boolean", default: false },
  },
});

const log = (line: string) => process.stdout.write(`${line}\n`);
const mebibytes = (file: string) => `${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MiB`;

fs.mkdirSync(releaseDir, { recursive: true });
log(`release v${VERSION} into ${path.relative(process.cwd(), releaseDir) || "."}/`);

if (!values["no-plugin"]) {
  const wanted = values.platform ?? PLATFORMS.map(platformName);
  const unknown = wanted.filter((name) => !PLATFORMS.some((platform) => platformName(platform) === name));
  if (unknown.length > 0) throw new Error(`unknown platform(s): ${unknown.join(", ")}`);
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

if (!values["no-sdks"]) {
  for (const artifact of await buildSdks(releaseDir)) log(`sdk: ${path.relative(releaseDir, artifact)}`);
}
