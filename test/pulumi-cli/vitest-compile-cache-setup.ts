// Vitest global setup of every tier: Node.js's module compile cache for every node process the run
// starts (vitest's workers, the Pulumi programs, the dynamic provider and the plugin, the package's
// command-line tools), shared through the environment they inherit. Each `pulumi` command starts
// fresh node processes that compile @pulumi/pulumi and the package again; with the cache they read
// V8's compiled code instead (a sixth less CPU over a lifecycle file, docs/testing.md). The folder
// is kept between runs (git-ignored); Node.js checks each entry against its source and ignores a
// stale or broken one, and writes entries through a temporary file, so processes can share it.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const compileCacheDir = fileURLToPath(new URL("../../.cache/node-compile-cache", import.meta.url));

export default function setup(): void {
  // A caller's own choice (a folder elsewhere) stands.
  process.env.NODE_COMPILE_CACHE ??= path.resolve(compileCacheDir);
}
