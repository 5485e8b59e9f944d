import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));

/**
 * The fast tier (`npm run test:fast`): everything that needs no Pulumi CLI (unit, client,
 * provider, the plugin's handlers in-process, the kind contract, the emulator's conformance, the
 * command-line tools' renderers). What the end-to-end suites (test/e2e/) prove with the real CLI
 * is the full tier's.
 */
/** What only the full tier runs: the CLI's end-to-end suites, the release, the CLI's own build logic, the real-OpenTofu suites (test/terraform/tofu-*). */
export const FAST_TIER_EXCLUDE = ["test/e2e/**", "test/release/**", "test/unit/ensure-pulumi.test.ts", "test/terraform/tofu-*.test.ts", "**/node_modules/**"];

export const FAST_TIER = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  reporters: ["default", "./test/summary-reporter.ts"],
  setupFiles: ["test/file-cpu-setup.ts"],
};

export default defineConfig({
  test: {
    ...FAST_TIER,
    root: repositoryRoot,
    include: ["test/**/*.test.ts"],
    exclude: FAST_TIER_EXCLUDE,
    // Most files wait on an emulator or a child process rather than the CPU: side by side.
    maxWorkers: 3,
    globalSetup: ["test/pulumi-cli/vitest-leftover-setup.ts", "test/pulumi-cli/vitest-compile-cache-setup.ts"],
  },
});
