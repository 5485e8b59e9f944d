// The darwin executables' signature. A Mach-O executable's signature (its LC_CODE_SIGNATURE, at the
// end of __LINKEDIT) holds the SHA-256 of every page before it, so postject's injection breaks the
// Node.js binary's own (Developer ID) signature, and macOS on Apple silicon refuses to run an arm64
// executable whose signature does not match. As Node.js's guide does with `codesign
// --remove-signature` and `codesign --sign -` on a Mac:
// - before the injection, `stripSignature` removes Node.js's signature (the load command and the
//   signature's bytes), so that postject (LIEF) finds none: with it, LIEF printed "The signature
//   seems corrupted!" while parsing it, and kept its now stale load command;
// - after it, `signAdHoc` signs the executable ad hoc (a CodeDirectory of the pages' hashes, no
//   certificate): what `codesign --sign -` makes, by provider/scripts/release/macho-sign (Go, built
//   from the Go module proxy by test/pulumi-cli/ensure-pulumi.ts).
// test/release/macho-signature.ts checks the result on its own, page by page.
//
// windows: Node.js's Authenticode signature would be as broken by the injection (it covers the
// file's hash), and LIEF printed "The signature seems corrupted!" for it at every windows build:
// it is removed before the injection, and the executable ships unsigned (docs/release.md: an
// Authenticode signature needs a certificate, which this project does not have).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { ensureMachoSigner } from "../../../test/pulumi-cli/ensure-pulumi.ts";
import { executableName, type Platform } from "./release-info.mts";

const MH_MAGIC_64 = 0xfeedfacf;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const HEADER_SIZE = 32;

interface LoadCommand {
  cmd: number;
  offset: number;
  size: number;
}

function loadCommands(bytes: Buffer): LoadCommand[] {
  if (bytes.readUInt32LE(0) !== MH_MAGIC_64) throw new Error("not a 64-bit little-endian Mach-O file (a universal binary is not handled)");
  const count = bytes.readUInt32LE(16);
  const commands: LoadCommand[] = [];
  let offset = HEADER_SIZE;
  for (let i = 0; i < count; i++) {
    const command = { cmd: bytes.readUInt32LE(offset), offset, size: bytes.readUInt32LE(offset + 4) };
    commands.push(command);
    offset += command.size;
  }
  return commands;
}

/** Removes the Node.js binary's signature before postject injects the plugin into it (darwin and windows). */
export function removeSignature(file: string, platform: Platform): boolean {
  if (platform.os === "darwin") return stripSignature(file);
  if (platform.os === "windows") return stripAuthenticode(file);
  return false;
}

/** Signs the executable after the injection: darwin's ad hoc (the others ship unsigned); `identifier` is codesign's default, the file's name. */
export async function signAfterInjection(file: string, platform: Platform, identifier: string = executableName(platform)): Promise<void> {
  if (platform.os === "darwin") await signAdHoc(file, identifier);
}

/**
 * Removes a PE file's Authenticode signature, as `signtool remove /s` does: the security data
 * directory (its file offset and size) is cleared, the certificate table at the file's end cut
 * off, and the optional header's checksum set to 0 (not computed; Windows checks it for drivers
 * only). Returns whether there was one.
 */
export function stripAuthenticode(file: string): boolean {
  const bytes = fs.readFileSync(file);
  const pe = bytes.readUInt32LE(0x3c);
  if (bytes.toString("latin1", 0, 2) !== "MZ" || bytes.readUInt32BE(pe) !== 0x50450000) throw new Error(`${file}: not a PE file`);
  const optional = pe + 24;
  const magic = bytes.readUInt16LE(optional);
  if (magic !== 0x20b && magic !== 0x10b) throw new Error(`${file}: unknown optional header magic ${magic.toString(16)}`);
  const directories = optional + (magic === 0x20b ? 112 : 96);
  const directoryCount = bytes.readUInt32LE(optional + (magic === 0x20b ? 108 : 92));
  const SECURITY = 4;
  if (directoryCount <= SECURITY) return false;
  const entry = directories + SECURITY * 8;
  const offset = bytes.readUInt32LE(entry);
  const size = bytes.readUInt32LE(entry + 4);
  if (size === 0) return false;
  // The certificate table is the file's last bytes (up to 8 of alignment): nothing after it is lost.
  if (offset + size > bytes.length || bytes.length - (offset + size) >= 8) {
    throw new Error(`${file}: the certificate table (${offset}+${size}) is not the end of the file (${bytes.length})`);
  }
  bytes.writeUInt32LE(0, entry);
  bytes.writeUInt32LE(0, entry + 4);
  bytes.writeUInt32LE(0, optional + 64);
  fs.writeFileSync(file, bytes.subarray(0, offset));
  return true;
}

/**
 * Removes `file`'s code signature, as `codesign --remove-signature` does: its load command goes
 * (the following ones move up, the freed bytes are zeroed), __LINKEDIT ends where the signature
 * began, and the file is cut there. Returns whether there was one.
 */
export function stripSignature(file: string): boolean {
  const bytes = fs.readFileSync(file);
  const commands = loadCommands(bytes);
  const signature = commands.find((command) => command.cmd === LC_CODE_SIGNATURE);
  if (!signature) return false;
  const dataOffset = bytes.readUInt32LE(signature.offset + 8);
  const dataSize = bytes.readUInt32LE(signature.offset + 12);
  const linkedit = commands.find(
    (command) => command.cmd === LC_SEGMENT_64 && bytes.toString("latin1", command.offset + 8, command.offset + 24).replace(/\0+$/, "") === "__LINKEDIT",
  );
  if (!linkedit) throw new Error(`${file}: a signature but no __LINKEDIT`);
  const linkeditOffset = Number(bytes.readBigUInt64LE(linkedit.offset + 40));
  const linkeditSize = Number(bytes.readBigUInt64LE(linkedit.offset + 48));
  // The signature is the last thing in the file: what follows it would be lost.
  if (dataOffset + dataSize !== bytes.length || linkeditOffset + linkeditSize !== bytes.length) {
    throw new Error(`${file}: the signature (${dataOffset}+${dataSize}) is not the end of __LINKEDIT and of the file (${bytes.length})`);
  }
  const commandsEnd = HEADER_SIZE + bytes.readUInt32LE(20);
  bytes.copy(bytes, signature.offset, signature.offset + signature.size, commandsEnd);
  bytes.fill(0, commandsEnd - signature.size, commandsEnd);
  bytes.writeUInt32LE(bytes.readUInt32LE(16) - 1, 16);
  bytes.writeUInt32LE(bytes.readUInt32LE(20) - signature.size, 20);
  // __LINKEDIT's load command may have moved up (if it came after the signature's).
  const linkeditCommand = linkedit.offset > signature.offset ? linkedit.offset - signature.size : linkedit.offset;
  bytes.writeBigUInt64LE(BigInt(dataOffset - linkeditOffset), linkeditCommand + 48);
  fs.writeFileSync(file, bytes.subarray(0, dataOffset));
  return true;
}

/** Signs `file` ad hoc in place, `identifier` its CodeDirectory's identifier (codesign's default: the file's name). */
export async function signAdHoc(file: string, identifier: string): Promise<void> {
  const signer = await ensureMachoSigner();
  const signed = `${file}.signed`;
  execFileSync(signer, [file, signed, identifier], { stdio: ["ignore", "ignore", "inherit"] });
  fs.renameSync(signed, file);
  fs.chmodSync(file, 0o755);
}
