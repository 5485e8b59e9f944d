import { describe, expect, it } from "vitest";
import { recordFileCpu, takeFileCpu } from "../file-cpu.ts";

describe("each test file's CPU time, for the summary reporter", () => {
  it("gives back what each file recorded, once, under its own path", () => {
    const run = 2_000_000_000 + process.pid; // no real process: this test's own folder
    recordFileCpu("/repo/test/e2e/a.test.ts", 12.5, run);
    recordFileCpu("/repo/test/e2e/b.test.ts", 0.25, run);
    recordFileCpu("/repo/test/e2e/a.test.ts", 13, run); // a file's retry replaces its first record
    expect(takeFileCpu(run)).toEqual(
      new Map([
        ["/repo/test/e2e/a.test.ts", 13],
        ["/repo/test/e2e/b.test.ts", 0.25],
      ]),
    );
    expect(takeFileCpu(run)).toEqual(new Map());
  });
});
