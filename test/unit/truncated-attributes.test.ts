/**
 * The fault scenario's repair of a file backend cut short by kill -9 (test/faults/scenario.ts):
 * only `.attrs` sidecars that are not whole JSON are removed; checkpoints and whole sidecars stay.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { removeTruncatedAttributeFiles } from "../faults/scenario.ts";

describe("removeTruncatedAttributeFiles", () => {
  it("removes empty and cut-short .attrs sidecars, nothing else", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "attrs-"));
    const stacks = path.join(root, ".pulumi", "stacks", "project");
    await fs.mkdir(stacks, { recursive: true });
    await fs.writeFile(path.join(stacks, "kill.json"), "{}");
    await fs.writeFile(path.join(stacks, "kill.json.attrs"), "");
    await fs.writeFile(path.join(stacks, "kill.json.bak.attrs"), '{"user.cache_control":"","user.content_type":"appl');
    await fs.writeFile(path.join(stacks, "other.json.attrs"), '{"user.content_type":"application/octet-stream"}\n');
    try {
      expect(await removeTruncatedAttributeFiles(root)).toBe(2);
      expect((await fs.readdir(stacks)).sort()).toEqual(["kill.json", "other.json.attrs"]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
