// The release's plugin archives, as Pulumi downloads them (pulumi/pulumi
// sdk/go/common/workspace/plugins.go): `pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz`, the
// executable at the root with README.md and LICENSE; and the checksums file beside them, one
// `<sha256>  <archive>` line per archive, sorted by name (goreleaser's format, as pulumi-command's).
//
// The Terraform door's archives, as Terraform's registry and OpenTofu's filesystem mirror take
// them: `terraform-provider-docsplatform_<version>_<os>_<arch>.zip` holding the executable alone
// (`terraform-provider-docsplatform_v<version>`, `.exe` on windows), with the SHA256SUMS file.
//
// Reproducible: fixed order, owner, times and no gzip timestamp, so the same inputs give the same sums.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { archiveName, checksumsName, executableName, type Platform, repositoryRoot, terraformArchiveName, terraformExecutableName } from "./release-info.mts";

/** The time every archived file is stamped with: the last commit's, when there is one. */
function archiveTime(): number {
  const fromEnvironment = Number(process.env.SOURCE_DATE_EPOCH);
  if (Number.isFinite(fromEnvironment) && fromEnvironment > 0) return fromEnvironment;
  try {
    return Number(execFileSync("git", ["log", "-1", "--format=%ct"], { cwd: repositoryRoot, encoding: "utf8" }).trim()) || 0;
  } catch {
    return 0;
  }
}

export async function writeArchive(platform: Platform, executable: string, releaseDir: string): Promise<string> {
  const staging = path.join(path.dirname(executable), "archive");
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  fs.copyFileSync(executable, path.join(staging, executableName(platform)));
  fs.chmodSync(path.join(staging, executableName(platform)), 0o755);
  for (const file of ["README.md", "LICENSE"]) fs.copyFileSync(path.join(repositoryRoot, file), path.join(staging, file));
  const target = path.join(releaseDir, archiveName(platform));
  // Written beside, then renamed: a reader never sees half an archive.
  const partial = `${target}.partial`;
  const tar = spawn(
    "tar",
    [
      "--create",
      "--sort=name",
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      `--mtime=@${archiveTime()}`,
      "--file=-",
      "-C",
      staging,
      executableName(platform),
      "README.md",
      "LICENSE",
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve, reject) => tar.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`tar exited ${code}`)))));
  // gzip's default level: level 9 took 8.5 s of CPU per archive against 3.0 s, for an archive 0.35%
  // smaller (44.5 MiB against 44.7 MiB for linux-amd64).
  await pipeline(tar.stdout, zlib.createGzip({ level: 6 }), fs.createWriteStream(partial));
  await exited;
  fs.renameSync(partial, target);
  fs.rmSync(staging, { recursive: true, force: true });
  return target;
}

export function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/** Writes the checksums file `name` of `archives` into `releaseDir`; returns its path. */
export function writeChecksums(archives: readonly string[], releaseDir: string, name: string = checksumsName()): string {
  const lines = [...archives].sort((a, b) => path.basename(a).localeCompare(path.basename(b))).map((archive) => `${sha256(archive)}  ${path.basename(archive)}\n`);
  const target = path.join(releaseDir, name);
  fs.writeFileSync(`${target}.partial`, lines.join(""));
  fs.renameSync(`${target}.partial`, target);
  return target;
}

/** A file's time and date in MS-DOS's fields (two-second steps, 1980 to 2107), read in UTC: no time zone makes a different archive. */
function dosDateTime(seconds: number): { time: number; date: number } {
  const when = new Date(Math.min(Math.max(seconds * 1000, Date.UTC(1980, 0, 1)), Date.UTC(2107, 11, 31, 23, 59, 58)));
  return {
    time: (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | (when.getUTCSeconds() >> 1),
    date: ((when.getUTCFullYear() - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate(),
  };
}

/** A Unix regular file, rwxr-xr-x, in the high half of a zip entry's external attributes. */
const EXECUTABLE_MODE = 0o100755;

/**
 * Writes the Terraform archive of `platform`: a zip whose one entry is `executable` under its
 * release name, deflated, marked as made on Unix with mode 0755 (OpenTofu keeps an entry's mode
 * when it unpacks, and runs the file it finds). Written here with Node's zlib (deflate, crc32)
 * rather than by a zip library: one entry needs three fixed records (local header, central
 * directory, end record), and a library (yazl, archiver) stamps the entry with the local time,
 * which would give a different archive, and different sums, in every time zone.
 */
export function writeTerraformArchive(platform: Platform, executable: string, releaseDir: string): string {
  const name = Buffer.from(terraformExecutableName(platform), "utf8");
  const contents = fs.readFileSync(executable);
  const compressed = zlib.deflateRawSync(contents, { level: 6 });
  // Without zip64, sizes and offsets are 32-bit: a Node.js executable is a tenth of that.
  if (contents.length >= 0xffffffff || compressed.length >= 0xffffffff) throw new Error(`${executable}: too large for a zip without zip64`);
  const crc = zlib.crc32(contents);
  const { time, date } = dosDateTime(archiveTime());
  const VERSION_NEEDED = 20; // 2.0: deflate
  const DEFLATE = 8;

  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(VERSION_NEEDED, 4);
  local.writeUInt16LE(0, 6); // flags: no data descriptor, ASCII name
  local.writeUInt16LE(DEFLATE, 8);
  local.writeUInt16LE(time, 10);
  local.writeUInt16LE(date, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(contents.length, 22);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt16LE(0, 28); // no extra field

  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE((3 << 8) | VERSION_NEEDED, 4); // made by Unix (3): the attributes' high half is the mode
  central.writeUInt16LE(VERSION_NEEDED, 6);
  central.writeUInt16LE(0, 8);
  central.writeUInt16LE(DEFLATE, 10);
  central.writeUInt16LE(time, 12);
  central.writeUInt16LE(date, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(contents.length, 24);
  central.writeUInt16LE(name.length, 28);
  // extra field, comment, disk number, internal attributes: 0
  central.writeUInt32LE((EXECUTABLE_MODE << 16) >>> 0, 38);
  central.writeUInt32LE(0, 42); // the local header's offset: the first byte

  const centralOffset = local.length + name.length + compressed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8); // entries on this disk
  end.writeUInt16LE(1, 10); // entries in all
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);

  const target = path.join(releaseDir, terraformArchiveName(platform));
  fs.mkdirSync(releaseDir, { recursive: true });
  // Written beside, then renamed: a reader never sees half an archive.
  fs.writeFileSync(`${target}.partial`, Buffer.concat([local, name, compressed, central, name, end]));
  fs.renameSync(`${target}.partial`, target);
  return target;
}
