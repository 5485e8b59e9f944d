import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./longest-first-sequencer.ts";
import { FAST_TIER, FAST_TIER_EXCLUDE } from "./vitest.fast.config.ts";

const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));

/**
 * Files that change what other tests stand on while they run, so they run apart, after the rest:
 * they follow the docs word for word (`npm install` and `npm pack` in this checkout relink
 * node_modules/.bin and rebuild provider/ and the emulator). The two run side by side, each line of
 * theirs that touches the checkout under a lock on it (lockingCheckout in
 * test/e2e/support/markdown-steps.ts): one of them alone left a core idle. The fault scenarios and the SDK languages run with the other CLI files: the
 * fault scenarios mostly wait on retries and backoff (faults.test.ts took 434 s of wall time for
 * 133 s of CPU), and each of these files has its own emulator, stacks and scratch folders; so does
 * export.test.ts, whose `npm pack` runs no script (it only reads the checkout).
 */
const ALONE = ["test/e2e/install.test.ts", "test/e2e/plugin-install.test.ts"];

/**
 * The full tier (`npm test`, what `.ci/run` runs): every test, in two groups one after another:
 * the fast tier's files and the end-to-end files together, four at a time (the end-to-end files
 * mostly wait on the Pulumi CLI and the emulator, the fast tier's mostly compute: side by side they
 * keep both cores busy, where the fast tier's group alone left a core idle for part of its minute),
 * then the two that must run apart. docs/testing.md gives each tier's time; the reporter prints
 * the slowest files.
 */
export default defineConfig({
  test: {
    ...FAST_TIER,
    root: repositoryRoot,
    // The leftover check first: its teardown runs last. Then the Pulumi CLI, built on first use
    // (test/pulumi-cli/ensure-pulumi.ts).
    globalSetup: ["test/pulumi-cli/vitest-leftover-setup.ts", "test/pulumi-cli/vitest-compile-cache-setup.ts", "test/pulumi-cli/vitest-global-setup.ts"],
    // The longest files start first (test/longest-first-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // One group, so one worker count (vitest refuses two in a group).
      { extends: true, test: { name: "fast", include: ["test/**/*.test.ts"], exclude: FAST_TIER_EXCLUDE, maxWorkers: 4, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          name: "cli",
          include: ["test/e2e/**/*.test.ts", "test/release/**/*.test.ts", "test/unit/ensure-pulumi.test.ts", "test/terraform/tofu-*.test.ts"],
          exclude: ALONE,
          maxWorkers: 4,
          // A file's `describe.concurrent` tests (secret-failures' previews) run three at a time.
          maxConcurrency: 3,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: "alone", include: ALONE, maxWorkers: 2, sequence: { groupOrder: 1 } } },
    ],
  },
});
