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

/** DESIGN.md lives beside the repository, as API.md does; where it is there, its section 8 is checked too. */
const DESIGN_MD = fileURLToPath(new URL("../../../../shared/DESIGN.md", import.meta.url));

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
    if (cells.length === 5 && /^\d+\.\d+$/.test(cells[0])) api.push({ section: cells[0], method: cells[1], path: cells[2].replaceAll("`", ""), served: cells[3] === "served", test });
    else if (cells.length === 4 && /^(GET|POST|PUT|PATCH|DELETE)$/.test(cells[0])) beyond.push({ method: cells[0], path: cells[1].replaceAll("`", ""), served: cells[2] === "served", test });
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

interface FactRow {
  fact: string;
  served: boolean;
  file?: string;
  testName?: string;
}

/** The rows of the README's "The facts of DESIGN.md 8" table: `| fact | served | [file](conformance/file) "test name" |`. */
function factRows(): FactRow[] {
  const start = readme.indexOf("### The facts of the production service's behaviour");
  if (start === -1) return [];
  const rows: FactRow[] = [];
  for (const line of readme.slice(start).split("\n")) {
    const cells = line.split("|").slice(1, -1).map((cell) => cell.trim());
    if (cells.length !== 3 || cells[0] === "fact" || /^-+$/.test(cells[0])) continue;
    const proof = /^\[([\w.-]+)\]\(conformance\/\1\) "([^"]+)"$/.exec(cells[2]);
    rows.push({ fact: cells[0], served: cells[1] === "served", file: proof?.[1], testName: proof?.[2] });
  }
  return rows;
}

/** The topics of DESIGN.md 8: the bold words that open each of its bullets (`**Team members.**`, `**More answers**`). */
function designTopics(markdown: string): string[] {
  const section = /^## 8\. [^\n]*\n([\s\S]*?)(?=^## \d)/m.exec(markdown)?.[1] ?? "";
  // The README names no file a reader cannot open: "API.md" there is "the API's reference".
  return [...section.matchAll(/^- \*\*([^*]+)\*\*/gm)].map((match) => match[1].replace(/[.:]$/, "").replaceAll("API.md", "the API's reference").trim());
}

describe("the emulator's list of DESIGN.md 8 facts", () => {
  it("names, for every fact served, a conformance test file and a describe or it of that name in it", () => {
    const rows = factRows();
    expect(rows.length).toBeGreaterThan(25);
    for (const row of rows) {
      if (!row.served) continue;
      expect(row.file, `${row.fact}: served, so it names its test`).toBeDefined();
      const path = fileURLToPath(new URL(`../conformance/${row.file}`, import.meta.url));
      expect(existsSync(path), `${row.fact}: ${row.file} exists`).toBe(true);
      const text = readFileSync(path, "utf8");
      const titled = [`describe("${row.testName}"`, `it("${row.testName}"`].some((opening) => text.includes(opening));
      expect(titled, `${row.fact}: ${row.file} has a describe or it named "${row.testName}"`).toBe(true);
    }
  });

  it("has a row for every topic of DESIGN.md 8", () => {
    const rows = factRows();
    if (!existsSync(DESIGN_MD)) {
      // A clone without shared/: the topics this list was last checked against.
      expect(rows.map((row) => row.fact.split(":")[0])).toContain("More answers");
      return;
    }
    const topics = designTopics(readFileSync(DESIGN_MD, "utf8"));
    expect(topics).toContain("Fields every response carries");
    const missing = topics.filter((topic) => !rows.some((row) => row.fact.startsWith(topic)));
    expect(missing).toEqual([]);
  });
});
