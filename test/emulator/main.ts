#!/usr/bin/env node
// `docs-platform-emulator` (and `npm run emulator`): the Node.js version first, in one line, since
// the emulator's storage is node:sqlite (Node.js 22.13 or later without a flag); then the command
// line itself (cli.ts).
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(`docs-platform-emulator needs Node.js 22.19.0 or later; this is Node.js ${process.versions.node}.`);
  process.exit(1);
}
await import("./cli.ts");
