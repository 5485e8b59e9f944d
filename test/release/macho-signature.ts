// A check of a Mach-O executable's code signature that does not trust the signer: it reads the
// LC_CODE_SIGNATURE load command, the superblob it points at and its CodeDirectory, and recomputes
// what the CodeDirectory claims: the SHA-256 of every page of the file up to codeLimit (where the
// signature begins), and the special slots' hashes of the requirements and entitlements blobs.
// That is all an ad hoc signature is (no certificate: the kernel checks the pages against the
// hashes, and the CodeDirectory's flags say ad hoc). It does not judge a certificate's CMS blob.
import { createHash } from "node:crypto";

const MH_MAGIC_64 = 0xfeedfacf;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const SUPERBLOB_MAGIC = 0xfade0cc0;
const CODEDIRECTORY_MAGIC = 0xfade0c02;
const CS_ADHOC = 0x2;
const HASH_SHA256 = 2;
/** Blob types (the superblob index) whose hash a CodeDirectory's special slot of the same number holds. */
const SPECIAL_SLOT_BLOBS = { 2: "requirements", 5: "entitlements", 7: "DER entitlements" } as const;
const CMS_BLOB = 0x10000;

export interface MachoSignature {
  identifier: string;
  adhoc: boolean;
  /** The CodeDirectory's flags. */
  flags: number;
  codeLimit: number;
  pageSize: number;
  pages: number;
  /** The CMS blob's length, 8 (an empty wrapper) or absent for an ad hoc signature. */
  cmsBytes: number;
}

/**
 * The file's signature, after checking it: throws, saying what, when a page's or a blob's hash
 * differs from the CodeDirectory's, or the signature does not cover the whole file before it.
 */
export function checkMachoSignature(file: Buffer): MachoSignature {
  if (file.readUInt32LE(0) !== MH_MAGIC_64) throw new Error("not a 64-bit little-endian Mach-O file");
  const commandCount = file.readUInt32LE(16);
  let offset = 32;
  let signature: { dataOffset: number; dataSize: number } | undefined;
  let linkedit: { fileOffset: number; fileSize: number } | undefined;
  for (let i = 0; i < commandCount; i++) {
    const cmd = file.readUInt32LE(offset);
    if (cmd === LC_CODE_SIGNATURE) signature = { dataOffset: file.readUInt32LE(offset + 8), dataSize: file.readUInt32LE(offset + 12) };
    if (cmd === LC_SEGMENT_64 && file.toString("latin1", offset + 8, offset + 24).replace(/\0+$/, "") === "__LINKEDIT") {
      linkedit = { fileOffset: Number(file.readBigUInt64LE(offset + 40)), fileSize: Number(file.readBigUInt64LE(offset + 48)) };
    }
    offset += file.readUInt32LE(offset + 4);
  }
  if (!signature) throw new Error("no LC_CODE_SIGNATURE: the executable is not signed");
  if (!linkedit) throw new Error("no __LINKEDIT segment");
  const { dataOffset, dataSize } = signature;
  if (dataOffset + dataSize > file.length) throw new Error(`the signature (${dataOffset}+${dataSize}) runs past the file's end (${file.length})`);
  if (dataOffset < linkedit.fileOffset || dataOffset + dataSize > linkedit.fileOffset + linkedit.fileSize) throw new Error("the signature is not inside __LINKEDIT");
  if (linkedit.fileOffset + linkedit.fileSize !== file.length)
    throw new Error(`__LINKEDIT ends at ${linkedit.fileOffset + linkedit.fileSize}, the file at ${file.length}: bytes outside every segment`);

  const blob = file.subarray(dataOffset, dataOffset + dataSize);
  if (blob.readUInt32BE(0) !== SUPERBLOB_MAGIC) throw new Error(`the signature is not a code signature superblob (magic ${blob.readUInt32BE(0).toString(16)})`);
  const superLength = blob.readUInt32BE(4);
  if (superLength > dataSize) throw new Error("the superblob is longer than its load command says");
  const blobs = new Map<number, Buffer>();
  for (let i = 0; i < blob.readUInt32BE(8); i++) {
    const type = blob.readUInt32BE(12 + i * 8);
    const start = blob.readUInt32BE(16 + i * 8);
    const length = blob.readUInt32BE(start + 4);
    if (start + length > superLength) throw new Error(`blob ${type} runs past the superblob`);
    blobs.set(type, blob.subarray(start, start + length));
  }
  const directory = blobs.get(0);
  if (!directory || directory.readUInt32BE(0) !== CODEDIRECTORY_MAGIC) throw new Error("no CodeDirectory");
  const flags = directory.readUInt32BE(12);
  const hashOffset = directory.readUInt32BE(16);
  const identOffset = directory.readUInt32BE(20);
  const specialSlots = directory.readUInt32BE(24);
  const codeSlots = directory.readUInt32BE(28);
  const codeLimit = directory.readUInt32BE(32);
  const hashSize = directory.readUInt8(36);
  const hashType = directory.readUInt8(37);
  const pageSize = 2 ** directory.readUInt8(39);
  if (hashType !== HASH_SHA256 || hashSize !== 32) throw new Error(`the CodeDirectory's hash is type ${hashType} of ${hashSize} bytes, not SHA-256`);
  // The pages cover everything before the signature, and nothing of it.
  if (codeLimit !== dataOffset) throw new Error(`codeLimit ${codeLimit} is not where the signature begins (${dataOffset})`);
  if (codeSlots !== Math.ceil(codeLimit / pageSize)) throw new Error(`${codeSlots} page hashes for ${Math.ceil(codeLimit / pageSize)} pages`);
  const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest();
  for (let page = 0; page < codeSlots; page++) {
    const expected = directory.subarray(hashOffset + page * hashSize, hashOffset + (page + 1) * hashSize);
    const actual = sha256(file.subarray(page * pageSize, Math.min((page + 1) * pageSize, codeLimit)));
    if (!actual.equals(expected)) throw new Error(`page ${page} (bytes ${page * pageSize}-${Math.min((page + 1) * pageSize, codeLimit)}) does not match its hash`);
  }
  for (const [slot, name] of Object.entries(SPECIAL_SLOT_BLOBS)) {
    const number = Number(slot);
    const special = blobs.get(number);
    if (number > specialSlots) {
      if (special) throw new Error(`a ${name} blob with no special slot for its hash`);
      continue;
    }
    const expected = directory.subarray(hashOffset - number * hashSize, hashOffset - (number - 1) * hashSize);
    const actual = special ? sha256(special) : Buffer.alloc(hashSize);
    if (!actual.equals(expected)) throw new Error(`the ${name} blob does not match special slot -${number}`);
  }
  const identEnd = directory.indexOf(0, identOffset);
  return {
    identifier: directory.toString("utf8", identOffset, identEnd),
    adhoc: (flags & CS_ADHOC) !== 0,
    flags,
    codeLimit,
    pageSize,
    pages: codeSlots,
    cmsBytes: blobs.get(CMS_BLOB)?.length ?? 0,
  };
}

// `node test/release/macho-signature.ts <executable>...`: each file's signature checked, as docs/release.md says.
if (import.meta.main) {
  const { readFileSync } = await import("node:fs");
  let failed = false;
  for (const file of process.argv.slice(2)) {
    try {
      const signature = checkMachoSignature(readFileSync(file));
      process.stdout.write(
        `${file}: valid, ${signature.adhoc ? "ad hoc" : "with a certificate (not checked)"}, identifier ${signature.identifier}, ${signature.pages} pages of ${signature.pageSize} bytes\n`,
      );
    } catch (error) {
      failed = true;
      process.stdout.write(`${file}: INVALID: ${(error as Error).message}\n`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}
