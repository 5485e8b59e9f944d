/**
 * `npm run bench:soak [-- --seeds 1-10 --doors dynamic,plugin --groups 25 --work-dir /tmp/docs-platform-soak]`
 *
 * Issue 31's soak: for each seed and door, `up`, a no-change preview, `refresh` and `destroy` of
 * the fault-scenario program (201 resources at 25 groups) under 20% 503s, 10-request 429 bursts
 * and 20% of writes dropped after commit (soak.ts). Prints one row per seed and door: the runs each
 * command needed, orphans, duplicates and false drift. The goal is 1 run, 0, 0, 0 on every row.
 * Rows are printed as they finish, so a soak cut short still reports the rows it ran.
 *
 * It writes its stacks under --work-dir, not test/.work, so vitest (which empties test/.work) can
 * run beside it; do not rebuild provider/dist while it runs: both doors load the built provider.
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensurePulumi } from "../pulumi-cli/ensure-pulumi.ts";
import { type Door, runSoak } from "./soak.ts";

const { values } = parseArgs({
  options: {
    seeds: { type: "string", default: "1-10" },
    doors: { type: "string", default: "dynamic,plugin" },
    groups: { type: "string", default: "25" },
    "work-dir": { type: "string", default: path.join(os.tmpdir(), "docs-platform-soak") },
  },
});

/** "1-10" or "5,7": the seeds. */
function parseSeeds(text: string): number[] {
  const seeds = text.split(",").flatMap((part) => {
    const [from, to] = part.split("-").map(Number);
    return to === undefined ? [from] : Array.from({ length: to - from + 1 }, (_, index) => from + index);
  });
  if (seeds.some((seed) => !Number.isInteger(seed) || seed < 1)) throw new Error(`--seeds: positive integers, e.g. 1-10 or 5,7; got ${text}`);
  return seeds;
}

const seeds = parseSeeds(values.seeds);
const doors = values.doors.split(",") as Door[];
if (doors.some((door) => door !== "dynamic" && door !== "plugin")) throw new Error(`--doors: dynamic, plugin or both; got ${values.doors}`);
const groups = Number(values.groups);
if (!Number.isInteger(groups) || groups < 1) throw new Error("--groups takes a positive integer");

await ensurePulumi();
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const runs = (count: number | undefined) => (count === undefined ? "never" : count);
process.stdout.write(
  `${row(["seed", "door", "resources", "up runs", "preview runs", "refresh runs", "destroy runs", "orphans", "duplicates", "false drift", "requests", "minutes"])}\n|${"---|".repeat(12)}\n`,
);

let failed = false;
for (const seed of seeds) {
  for (const door of doors) {
    const result = await runSoak({ door, seed, groups, workDir: values["work-dir"], log: (line) => process.stderr.write(`  ${line}\n`) });
    const { runs: needed } = result;
    process.stdout.write(
      `${row([seed, door, result.resources, runs(needed.up), runs(needed.preview), runs(needed.refresh), runs(needed.destroy), result.orphans.length, result.duplicates.length, result.falseDrift.length, result.requests, (result.seconds / 60).toFixed(1)])}\n`,
    );
    for (const line of [
      ...result.orphans.map((o) => `orphan ${o}`),
      ...result.duplicates.map((d) => `duplicate ${d}`),
      ...result.missing.map((m) => `missing ${m}`),
      ...result.falseDrift.map((d) => `false drift ${d}`),
    ]) {
      process.stderr.write(`  ${line}\n`);
    }
    for (const failure of result.failures) process.stderr.write(`  --- failed command (${door}, seed ${seed})\n${failure}\n`);
    const oneRunEach = [needed.up, needed.preview, needed.refresh, needed.destroy].every((count) => count === 1);
    failed ||= !oneRunEach || result.orphans.length + result.duplicates.length + result.missing.length + result.falseDrift.length > 0;
  }
}
process.exitCode = failed ? 1 : 0;
