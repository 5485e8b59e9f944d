import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  test: {
    root: repositoryRoot,
    include: ["test/**/*.test.ts"],
    // Builds the Pulumi CLI on first use; see test/pulumi-cli/ensure-pulumi.ts.
    globalSetup: ["test/pulumi-cli/vitest-global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});
