#!/usr/bin/env node
// The package's command-line entry (`npx pulumi-docs-platform <command>`). A committed file, so
// npm can link and mark it executable at install, before the compiled sources exist.
// On an older Node.js, say so in one line (runtime/node-version.ts) and exit 1, without a stack.
try {
  require("../dist/runtime/node-version.js");
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
require("../dist/cli/main.js");
