import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildRouter } from "../index.ts";
import { DEFAULT_LIMIT } from "../pagination.ts";

const readme = readFileSync(new URL("../../../docs/emulator.md", import.meta.url), "utf8");

describe("docs/emulator.md", () => {
  it("lists every route with the minimum role the emulator enforces", () => {
    const routes = buildRouter().routes;
    expect(routes.length).toBeGreaterThan(80);
    const missing = routes.map((r) => `| ${r.method} | \`${r.pattern}\` | ${r.role} |`).filter((row) => !readme.includes(row));
    expect(missing).toEqual([]);
  });

  it("states the default page size the emulator uses", () => {
    expect(readme).toContain(`Default \`limit\` **${DEFAULT_LIMIT}**`);
  });
});
