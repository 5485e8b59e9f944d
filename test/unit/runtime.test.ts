import { describe, expect, it } from "vitest";

describe("runtime", () => {
  it("runs on Node.js 22 or later, as the package declares", () => {
    const major = Number(process.versions.node.split(".")[0]);
    expect(major).toBeGreaterThanOrEqual(22);
  });
});
