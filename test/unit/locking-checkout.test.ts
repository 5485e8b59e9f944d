import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockingCheckout, scriptOf, sectionSteps } from "../e2e/support/markdown-steps.ts";

const readme = fs.readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const lock = "/tmp/some lock's file";

describe("lockingCheckout: the install docs' lines that touch the checkout, under a lock", () => {
  it("wraps the README's packing line alone and its tarball install shared, every other line as written", () => {
    const script = scriptOf(sectionSteps(readme, "Use it in your own project"));
    const locked = lockingCheckout(script, lock);
    const before = script.split("\n");
    const after = locked.split("\n");
    expect(after).toHaveLength(before.length);
    const changed = after.filter((line, index) => line !== before[index]);
    expect(changed).toEqual([
      expect.stringMatching(/^flock -x '\/tmp\/some lock'\\''s file' bash -euo pipefail -c '\(cd "\$CHECKOUT" && npm install && npm pack /),
      expect.stringMatching(/^flock -s '\/tmp\/some lock'\\''s file' bash -euo pipefail -c 'npm install "\$CHECKOUT\/pulumi-docs-platform-0\.1\.0\.tgz" /),
    ]);
  });

  it("runs the wrapped line's words unchanged, quotes included", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "locking-checkout-"));
    try {
      const line = `(cd "$CHECKOUT" && echo 'it'"'"'s packed' > out.txt && : npm pack)`;
      const locked = lockingCheckout(line, path.join(dir, "lock"));
      expect(locked).toMatch(/^flock -x /);
      execFileSync("bash", ["-euo", "pipefail", "-c", locked], { env: { ...process.env, CHECKOUT: dir } });
      expect(fs.readFileSync(path.join(dir, "out.txt"), "utf8")).toBe("it's packed\n");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a script that packs the checkout twice", () => {
    const pack = '(cd "$CHECKOUT" && npm pack)';
    expect(() => lockingCheckout(`${pack}\n${pack}`, lock)).toThrow(/packs the checkout 2 times/);
  });
});
