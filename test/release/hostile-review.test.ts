/**
 * The release's new surfaces, reviewed as an attacker would (issue 26: "the same hostile review of
 * any new surface before it ships"): the path a user's CLI downloads the plugin from, the archives
 * it unpacks, the checksums it trusts, and the SDK packages a user installs.
 *
 * - The download path is https to this repository's releases only: no plain http, no credentials
 *   or query in it, no `github://` (its API route), and every SDK names the same one.
 * - An archive unpacks where it is put and nowhere else: plain files at its root (no `..`, no
 *   absolute path, no link), the three a release holds.
 * - The checksums file names archives only (no path), each with a sha256.
 * - Nothing of the build machine ships: no path of this checkout, no token of the emulator's
 *   fixture, no passphrase variable, in the executable or any SDK package.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { providerRoot, releaseDir, repositoryRoot } from "../../provider/scripts/release/release-info.mts";
import { archivePath, checksumsPath, ensureRelease, ensureReleasedArchive } from "./released-plugin.ts";

const minutes = (n: number) => n * 60_000;
const sdkDir = path.join(releaseDir, "sdk");
const schema = JSON.parse(fs.readFileSync(path.join(providerRoot, "docs-platform", "schema.json"), "utf8")) as { pluginDownloadURL: string };

/** Strings that must never ship: where the build ran, and the credentials the tests use. */
const MUST_NOT_SHIP = [repositoryRoot.replace(/\/$/, ""), "tok-acme-admin", "tok-globex-admin", "PULUMI_CONFIG_PASSPHRASE="];

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Which of MUST_NOT_SHIP a file holds (bytes, so binaries and archives are read whole). */
function leaks(file: string): string[] {
  const bytes = fs.readFileSync(file);
  return MUST_NOT_SHIP.filter((needle) => bytes.includes(needle));
}

beforeAll(async () => {
  await ensureReleasedArchive();
  await ensureRelease(() => ["nodejs", "python", "go", "java"].every((language) => fs.existsSync(path.join(sdkDir, language))), ["--no-plugin", "--no-terraform"]);
}, minutes(15));

describe("the release, reviewed as an attacker would", () => {
  it("downloads the plugin over https from this repository's releases only", () => {
    const url = new URL(schema.pluginDownloadURL.replace("${VERSION}", "0.0.0"));
    expect(url.protocol).toBe("https:");
    expect(url.username + url.password + url.search + url.hash).toBe("");
    expect(url.host).toBe("github.com");
    expect(url.pathname).toMatch(/^\/docs-platform\/pulumi-docs-platform\/releases\/download\/v0\.0\.0\/$/);
  });

  it("the archive unpacks where it is put: three plain files at its root, no .., no absolute path, no link", () => {
    const listing = execFileSync("tar", ["-tvzf", archivePath], { encoding: "utf8" }).trim().split("\n");
    for (const line of listing) expect(line.startsWith("-"), `not a plain file: ${line}`).toBe(true);
    const names = execFileSync("tar", ["-tzf", archivePath], { encoding: "utf8" }).trim().split("\n");
    expect(names.sort()).toEqual(["LICENSE", "README.md", "pulumi-resource-docs-platform"]);
  });

  it("the checksums file names archives only, each with its sha256, and the archive's matches", () => {
    const lines = fs.readFileSync(checksumsPath, "utf8").trim().split("\n");
    for (const line of lines) expect(line).toMatch(/^[0-9a-f]{64} {2}pulumi-resource-docs-platform-v[\d.]+-(linux|darwin|windows)-(amd64|arm64)\.tar\.gz$/);
    const digest = createHash("sha256").update(fs.readFileSync(archivePath)).digest("hex");
    expect(lines).toContain(`${digest}  ${path.basename(archivePath)}`);
  });

  it("ships nothing of the build machine: no path of this checkout, no test token, no passphrase variable", { timeout: minutes(2) }, () => {
    const unpacked = fs.mkdtempSync(path.join(releaseDir, "..", ".cache", "review-"));
    try {
      execFileSync("tar", ["-xzf", archivePath, "-C", unpacked]);
      const shipped = [...filesUnder(unpacked), ...filesUnder(sdkDir)];
      expect(shipped.length).toBeGreaterThan(10);
      const found = shipped.flatMap((file) => leaks(file).map((needle) => `${path.relative(releaseDir, file)}: ${needle}`));
      expect(found).toEqual([]);
    } finally {
      fs.rmSync(unpacked, { recursive: true, force: true });
    }
  });
});
