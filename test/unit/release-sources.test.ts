import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dropStaleRelease } from "../release/release-sources.ts";

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function checkout(): { root: string; release: string; record: string } {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "release-sources-"));
  fs.mkdirSync(path.join(root, "provider", "dist"), { recursive: true });
  fs.mkdirSync(path.join(root, "provider", "docs-platform"), { recursive: true });
  fs.writeFileSync(path.join(root, "provider", "dist", "index.js"), "exports.a = 1;\n");
  fs.writeFileSync(path.join(root, "provider", "docs-platform", "schema.json"), "{}\n");
  return { root, release: path.join(root, "release"), record: path.join(root, ".cache", "release", "built-from") };
}

describe("a release folder is taken only when built from the sources as they are", () => {
  it("keeps what was built from these sources, empties what was built from others", () => {
    const { root, release, record } = checkout();
    // A folder of unknown origin (`npm run release` before this check existed): emptied once.
    fs.mkdirSync(release);
    fs.writeFileSync(path.join(release, "archive.tar.gz"), "old");
    expect(dropStaleRelease(root, release, record)).toBe(true);
    expect(fs.readdirSync(release)).toEqual([]);

    // Built since, sources unchanged: kept.
    fs.writeFileSync(path.join(release, "archive.tar.gz"), "new");
    expect(dropStaleRelease(root, release, record)).toBe(false);
    expect(fs.readdirSync(release)).toEqual(["archive.tar.gz"]);

    // The schema changes: what was built from the old one goes.
    fs.writeFileSync(path.join(root, "provider", "docs-platform", "schema.json"), '{"version":"2"}\n');
    expect(dropStaleRelease(root, release, record)).toBe(true);
    expect(fs.readdirSync(release)).toEqual([]);

    // The compiler's incremental bookkeeping is not a source.
    fs.writeFileSync(path.join(release, "archive.tar.gz"), "newer");
    fs.writeFileSync(path.join(root, "provider", "dist", ".tsbuildinfo"), "changed");
    expect(dropStaleRelease(root, release, record)).toBe(false);
  });

  it("leaves in the release folder only what a release publishes: the record of its sources is kept outside it (issue 49)", () => {
    const { root, release, record } = checkout();
    dropStaleRelease(root, release, record);
    fs.writeFileSync(path.join(release, "pulumi-resource-docs-platform-v0.1.0-linux-amd64.tar.gz"), "archive");
    expect(dropStaleRelease(root, release, record)).toBe(false);
    expect(fs.readdirSync(release)).toEqual(["pulumi-resource-docs-platform-v0.1.0-linux-amd64.tar.gz"]);
    expect(path.relative(release, record).startsWith("..")).toBe(true);
    expect(fs.existsSync(record)).toBe(true);
    // A release folder removed by hand is made again, empty, for the tests to build into.
    fs.rmSync(release, { recursive: true });
    expect(dropStaleRelease(root, release, record)).toBe(false);
    expect(fs.readdirSync(release)).toEqual([]);
  });
});
