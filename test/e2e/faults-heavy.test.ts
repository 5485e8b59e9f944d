/**
 * Issue 31's heavier faults through the real CLI (20% 503s, 429 bursts, 20% of writes dropped
 * after commit): seed 5 goes up, previews, refreshes and is destroyed in one run of each command
 * through both doors (the dynamic package and the plugin from Pulumi YAML), and two seeds destroy
 * in one run. `npm run bench:soak` runs the soak over ten seeds. The lighter faults and the kills
 * are in faults.test.ts.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";
import { runScenario } from "../faults/scenario.ts";
import { runSoak, SOAK_FAULTS, type Door } from "../faults/soak.ts";

const minutes = (n: number) => n * 60_000;

/**
 * Groups of eight resources in the seed-5 soak of each door (issue 31): the smallest size at which
 * seed 5 needed a second `up` before the fix, measured on the commit before it. Dynamic: 18 groups
 * (145 resources) failed 3 of 3 tries, 10 groups 0 of 3. Plugin: 25 groups (201) failed 4 of 7
 * tries (the issue), 18 groups 0 of 2, 10 groups 1 of 3; its failures depend on the order the
 * engine sends requests in, so the full size keeps the best odds.
 */
const SOAK_GROUPS: Record<Door, number> = { dynamic: 18, plugin: 25 };

const HEAVY_FAULTS = { errorRate: 0.2, errorStatus: 503, burst429: { count: 30, retryAfterSeconds: 1 }, dropAfterCommit: { rate: 0.2 } } as const;

describe("under heavy faults", () => {
  // Issue 31: seed 5 needed two `up` runs through both doors before what is safe to repeat
  // retried until its deadline (a read inside a create, a create, a publish, a PATCH after a
  // create each gave up after five tries). `npm run bench:soak` runs the 201-resource soak over
  // ten seeds.
  for (const door of ["dynamic", "plugin"] satisfies Door[]) {
    it(
      `${door}: up, preview, refresh and destroy each in one run with 20% 503s, 429 bursts and 20% of writes dropped after commit (seed 5)`,
      { timeout: minutes(10) },
      async () => {
        const row = await runSoak({ door, seed: 5, groups: SOAK_GROUPS[door], faults: SOAK_FAULTS, workDir: path.join(workRoot, "soak") });
        const detail = JSON.stringify({ ...row, failures: row.failures }, null, 2);
        expect(row.runs, detail).toEqual({ up: 1, preview: 1, refresh: 1, destroy: 1 });
        expect(row.orphans, detail).toEqual([]);
        expect(row.duplicates, detail).toEqual([]);
        expect(row.missing, detail).toEqual([]);
        expect(row.falseDrift, detail).toEqual([]);
      },
    );
  }

  for (const seed of [7, 8]) {
    // Issue 22: the faults under which `destroy` needed two and three runs before deletes retried until their deadline.
    it(`destroys in one run with 20% 503s, a 429 burst and 20% of writes dropped after commit (seed ${seed})`, { timeout: minutes(10) }, async () => {
      const result = await runScenario("faults", { groups: 25, seed, faults: HEAVY_FAULTS, destroyUnderFaults: true });
      const detail = JSON.stringify({ destroy: result.destroy, failures: result.failures }, null, 2);
      expect(result.runsToConverge, detail).toBeDefined();
      expect(result.destroy?.runsToConverge, detail).toBe(1);
      expect(result.destroy?.leftInApi, detail).toEqual([]);
      // The faults really fired during the destroy: more requests than one DELETE per object.
      expect(result.destroy!.requests, detail).toBeGreaterThan(result.resources);
    });
  }
});
