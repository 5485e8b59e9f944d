#!/usr/bin/env node
// The package's command-line entry (`npx pulumi-docs-platform <command>`). A committed file, so
// npm can link and mark it executable at install, before the compiled sources exist.
require("../dist/cli/main.js");
