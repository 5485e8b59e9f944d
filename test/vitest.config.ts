import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { FAST_TIER } from "./vitest.fast.config.ts";

const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));

/**
 * The full tier (`npm test`, what `.ci/run` runs): every test. docs/testing.md gives each tier's
 * time; the reporter prints the slowest files.
 */
export default defineConfig({
  test: {
    ...FAST_TIER,
    root: repositoryRoot,
    include: ["test/**/*.test.ts"],
    // The leftover check first: its teardown runs last. Then the Pulumi CLI, built on first use
    // (test/pulumi-cli/ensure-pulumi.ts).
    globalSetup: ["test/pulumi-cli/vitest-leftover-setup.ts", "test/pulumi-cli/vitest-global-setup.ts"],
  },
});
