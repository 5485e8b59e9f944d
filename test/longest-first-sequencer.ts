import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The full tier's longest files, longest first, as a clean clone's run measured them (stop 37's
 * ci17, each file's wall time while it shared the cores). A clean clone has no vitest cache of
 * durations, so vitest would start the largest files first, and a long file started last is the
 * run's tail while a core idles. Starting these first lets the short files fill in around them.
 * The order is only a schedule: a stale entry costs time, never a result.
 */
export const LONGEST_FIRST = [
  // The end-to-end files' (stop 37's ci17, seconds: 319, 193, 156, 155, 136, 128, 86, 68, 66, 66, 60, 59, 58, 54, 53, 52).
  "test/e2e/faults-heavy.test.ts",
  "test/release/rehearsal-languages.test.ts",
  "test/e2e/lifecycle.test.ts",
  "test/e2e/rehearse.test.ts",
  "test/release/release-archives.test.ts",
  "test/e2e/faults.test.ts",
  // tofu-kinds and tofu-docs-examples were here (333 and 88 to 127 s alone): with one reattached
  // provider per file (test/terraform/support/shared-provider.ts) they take 14 and 4 s alone.
  "test/e2e/export.test.ts",
  "test/e2e/quickstart.test.ts",
  "test/e2e/drift-workflow.test.ts",
  "test/e2e/secret-failures.test.ts",
  "test/e2e/refresh-lists.test.ts",
  "test/e2e/pull-request-workflow.test.ts",
  "test/e2e/resource-examples.test.ts",
  "test/e2e/plugin-yaml.test.ts",
  "test/e2e/first-errors.test.ts",
  "test/e2e/stack-organization.test.ts",
  // The fast tier's longest (ci17: 27, 23, 22 and 11 s; the rest under 7 s), in the same group.
  "test/provider/validation.property.test.ts",
  "test/cli/export-command.test.ts",
  "test/provider/serialization/round-trip.test.ts",
  "test/client/pacer.test.ts",
];

/**
 * Vitest's own order (its cache or the files' sizes), with LONGEST_FIRST moved to the front.
 * Vitest asks once per group of projects (the fast and the end-to-end files are one group), and
 * runs the files of a group in the order given, as workers come free.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return ordered.toSorted((a, b) => rank(a) - rank(b));
  }
}
