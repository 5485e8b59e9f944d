/**
 * Every archive of the release folder (`npm run release`), the platforms this machine cannot run
 * included: named as Pulumi downloads it, its executable (`.exe` on windows) at the root with
 * README.md and LICENSE, an executable of the right format and architecture with the plugin's
 * bundle injected and its fuse set, a plausible size, and its sum in the checksums file (which
 * lists nothing else). windows-arm64 has no archive: the npm registry has no Node.js binary for it.
 * The darwin executables are signed ad hoc, checked page by page by macho-signature.ts (not by
 * the signer), and the windows one carries no Authenticode signature postject would have broken.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { NODE_PACKAGES, nodeBinary } from "../../provider/scripts/release/node-binaries.mts";
import { stripSignature } from "../../provider/scripts/release/sign.mts";
import { checkMachoSignature } from "./macho-signature.ts";
import { PLATFORMS, archiveName, checksumsName, executableName, platformName, releaseDir } from "../../provider/scripts/release/release-info.mts";
import { ensureRelease } from "./released-plugin.ts";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";

const run = promisify(execFile);
const built = PLATFORMS.filter((platform) => NODE_PACKAGES[platformName(platform)]);
const minutes = (n: number) => n * 60_000;

/** What the first bytes of each format say of the machine it runs on. */
function formatOf(bytes: Buffer): string {
  if (bytes.readUInt32BE(0) === 0x7f454c46) return `elf-${({ 0x3e: "amd64", 0xb7: "arm64" } as Record<number, string>)[bytes.readUInt16LE(18)]}`;
  if (bytes.readUInt32LE(0) === 0xfeedfacf) return `macho-${({ 0x01000007: "amd64", 0x0100000c: "arm64" } as Record<number, string>)[bytes.readUInt32LE(4)]}`;
  if (bytes.toString("latin1", 0, 2) === "MZ") {
    const pe = bytes.readUInt32LE(0x3c);
    return `pe-${({ 0x8664: "amd64", 0xaa64: "arm64" } as Record<number, string>)[bytes.readUInt16LE(pe + 4)]}`;
  }
  return "unknown";
}

const expectedFormat = { linux: "elf", darwin: "macho", windows: "pe" } as const;

/** A PE file's Authenticode certificate table (the security data directory): its size, 0 when unsigned. */
function authenticodeBytes(bytes: Buffer): number {
  const optional = bytes.readUInt32LE(0x3c) + 24;
  const directories = optional + (bytes.readUInt16LE(optional) === 0x20b ? 112 : 96);
  return bytes.readUInt32LE(directories + 4 * 8 + 4);
}

beforeAll(async () => {
  // Only the platforms still missing: another file may have built linux-amd64 already (the
  // checksums file is written again over every archive of the version).
  const missing = () => built.filter((platform) => !fs.existsSync(path.join(releaseDir, archiveName(platform))));
  await ensureRelease(
    () => missing().length === 0,
    () => ["--no-sdks", "--no-terraform", ...missing().flatMap((platform) => ["--platform", platformName(platform)])],
  );
}, minutes(15));

describe("the release's archives", () => {
  it("are five, windows-arm64 having no Node.js binary in the registry, and the checksums file has exactly their sums", () => {
    expect(built.map(platformName)).toEqual(["linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64"]);
    const lines = fs.readFileSync(path.join(releaseDir, checksumsName()), "utf8").trimEnd().split("\n");
    const expected = built
      .map((platform) => archiveName(platform))
      .sort()
      .map(
        (name) =>
          `${createHash("sha256")
            .update(fs.readFileSync(path.join(releaseDir, name)))
            .digest("hex")}  ${name}`,
      );
    expect(lines).toEqual(expected);
  });

  for (const platform of built) {
    it(`${platformName(platform)}: the executable, README.md and LICENSE; the right format; the plugin inside`, { timeout: minutes(2) }, async () => {
      const archive = path.join(releaseDir, archiveName(platform));
      const size = fs.statSync(archive).size;
      // A Node.js binary compressed (30-50 MiB) and an 8 MiB bundle: nothing missing, nothing extra.
      expect(size).toBeGreaterThan(30 * 2 ** 20);
      expect(size).toBeLessThan(60 * 2 ** 20);
      // Unpacked once (each pass decompresses 40 MiB): what it holds, then the executable read.
      const dir = path.join(workRoot, "release-archives", `${process.pid}-${platformName(platform)}`);
      fs.mkdirSync(dir, { recursive: true });
      await run("tar", ["-xzf", archive, "-C", dir]);
      expect(fs.readdirSync(dir, { recursive: true }).sort()).toEqual(["LICENSE", "README.md", executableName(platform)].sort());
      const executable = fs.readFileSync(path.join(dir, executableName(platform)));
      fs.rmSync(dir, { recursive: true, force: true });
      expect(formatOf(executable)).toBe(`${expectedFormat[platform.os]}-${platform.arch}`);
      // postject sets the fuse (":1") and the blob carries the bundle, the schema inside it.
      expect(executable.includes("NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1")).toBe(true);
      const embeddedSchema = ['"pluginDownloadURL":"', "https://github.com/docs-platform/pulumi-docs-platform/releases/download/v${VERSION}/"];
      const asWritten = embeddedSchema.join("");
      // The bundler quotes the embedded schema's text as it likes: as is, or with its quotes escaped.
      expect(executable.includes(asWritten) || executable.includes(asWritten.replaceAll('"', '\\"'))).toBe(true);
      if (platform.os === "darwin") {
        // Signed ad hoc after the injection, as `codesign --sign -` would: every page's hash matches.
        expect(checkMachoSignature(executable)).toMatchObject({ adhoc: true, identifier: executableName(platform), pageSize: 4096 });
      }
      if (platform.os === "windows") expect(authenticodeBytes(executable)).toBe(0);
    });
  }

  it("the signature check accepts Node.js's own darwin binaries, and refuses a changed byte and an unsigned binary", { timeout: minutes(2) }, () => {
    for (const platform of built.filter((candidate) => candidate.os === "darwin")) {
      const original = fs.readFileSync(nodeBinary(NODE_PACKAGES[platformName(platform)]!));
      // Node.js's Developer ID signature: not ad hoc, a certificate's CMS blob, the pages all matching.
      const signature = checkMachoSignature(original);
      expect(signature).toMatchObject({ identifier: "node", adhoc: false });
      expect(signature.cmsBytes).toBeGreaterThan(1000);
      const changed = Buffer.from(original);
      const page = Math.floor(signature.pages / 2);
      changed[page * signature.pageSize + 100] ^= 1;
      expect(() => checkMachoSignature(changed)).toThrow(new RegExp(`^page ${page} .* does not match its hash`));
      const copy = path.join(workRoot, "release-archives", `${process.pid}-${platformName(platform)}-node`);
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      fs.writeFileSync(copy, original);
      expect(stripSignature(copy)).toBe(true);
      expect(() => checkMachoSignature(fs.readFileSync(copy))).toThrow(/no LC_CODE_SIGNATURE/);
      fs.rmSync(copy, { force: true });
    }
  });
});
