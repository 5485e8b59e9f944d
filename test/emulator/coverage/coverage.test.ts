/**
 * test/emulator/README.md "What it covers" says, for every operation of API.md's configuration
 * plane, whether the emulator serves it and which conformance test calls it. This holds that table
 * to API.md (every operation, once, in its order), to the router (served means a route answers
 * it), and to the test files (the named file calls the operation: its client method and path).
 * Nothing is listed as served without a test.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildRouter } from "../index.ts";
import { API_MD, COMMITTED_OPERATIONS, calls, configurationOperations, type Operation, samplePath } from "./api-operations.ts";

const readme = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");
const router = buildRouter();

interface Row {
  section?: string;
  method: string;
  path: string;
  served: boolean;
  test?: string;
}

function rows(): { api: Row[]; beyond: Row[] } {
  const api: Row[] = [];
  const beyond: Row[] = [];
  for (const line of readme.split("\n")) {
    const cells = line.split("|").slice(1, -1).map((cell) => cell.trim());
    const test = /\[([\w.-]+)\]\(conformance\/\1\)/.exec(line)?.[1];
    if (cells.length === 5 && /^\d+\.\d+$/.test(cells[0]!)) api.push({ section: cells[0]!, method: cells[1]!, path: cells[2]!.replaceAll("`", ""), served: cells[3] === "served", test });
    else if (cells.length === 4 && /^(GET|POST|PUT|PATCH|DELETE)$/.test(cells[0]!)) beyond.push({ method: cells[0]!, path: cells[1]!.replaceAll("`", ""), served: cells[2] === "served", test });
  }
  return { api, beyond };
}

function check(row: Row): void {
  const name = `${row.method} ${row.path}`;
  const answered = router.match(row.method, samplePath(row.path)) !== undefined;
  expect(answered, `${name}: the README says ${row.served ? "served" : "not served"}`).toBe(row.served);
  if (!row.served) return;
  expect(row.test, `${name}: served, so it names its test`).toBeDefined();
  expect(existsSync(fileURLToPath(new URL(`../conformance/${row.test}`, import.meta.url))), `${name}: ${row.test} exists`).toBe(true);
  expect(calls(row.test!, { section: row.section ?? "", method: row.method, path: row.path }), `${name}: ${row.test} calls it`).toBe(true);
}

describe("the emulator's coverage list", () => {
  it("lists every configuration-plane operation of API.md once, in API.md's order", () => {
    const committed = JSON.parse(readFileSync(COMMITTED_OPERATIONS, "utf8")) as Operation[];
    if (existsSync(API_MD)) {
      // Beside the repository (a checkout next to shared/): the committed list is still API.md's.
      expect(committed).toEqual(configurationOperations());
    }
    const listed = rows().api.map((row) => `${row.section} ${row.method} ${row.path}`);
    expect(listed).toEqual(committed.map((op) => `${op.section} ${op.method} ${op.path}`));
    expect(committed.length).toBeGreaterThan(80);
  });

  it("says served exactly where a route answers, and names a test that calls each served operation", () => {
    const { api, beyond } = rows();
    for (const row of [...api, ...beyond]) check(row);
    const served = api.filter((row) => row.served).length;
    console.log(`coverage: ${served} of ${api.length} configuration-plane operations of API.md served and tested; ${beyond.length} DESIGN.md 8 operations beside them`);
  });

  it("lists every route the emulator has", () => {
    const listed = new Set([...rows().api, ...rows().beyond].map((row) => router.match(row.method, samplePath(row.path))?.route).filter(Boolean));
    const unlisted = router.routes.filter((route) => !listed.has(route)).map((route) => `${route.method} ${route.pattern}`);
    expect(unlisted).toEqual([]);
  });
});
