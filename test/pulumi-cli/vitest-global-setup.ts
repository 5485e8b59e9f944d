// Vitest global setup of the full suite, after the leftover check's (vitest-leftover-setup.ts):
// make the Pulumi CLI available before any end-to-end test starts, so that `npm test` on a fresh
// machine builds it once (minutes, with progress on stderr) instead of every e2e test timing out
// while waiting for it.
import fs from "node:fs/promises";
import path from "node:path";
import { cacheDir, releaseDir } from "../../provider/scripts/release/release-info.mts";
import { dropStaleRelease } from "../release/release-sources.ts";
import { ensurePulumi, repositoryRoot } from "./ensure-pulumi.ts";
import { workRoot } from "./run-pulumi.ts";

export default async function setup(): Promise<void> {
  // Scratch programs and stacks of an earlier run (kept when a run is interrupted).
  await fs.rm(workRoot, { recursive: true, force: true });
  // A release folder built from other sources (an earlier commit, a changed schema) is rebuilt by
  // the release tests, not taken for this one's.
  if (dropStaleRelease(repositoryRoot, releaseDir, path.join(cacheDir, "built-from")))
    process.stderr.write(`${releaseDir}: built from other sources, emptied; the release tests build it again\n`);
  const started = Date.now();
  const installation = await ensurePulumi();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(
    `pulumi v${installation.version} (${installation.source}, ${seconds}s): ${installation.pulumi}\n`,
  );
}
