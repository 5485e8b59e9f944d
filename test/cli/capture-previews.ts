/**
 * `node test/cli/capture-previews.ts [case ...]`: captures the previews of previews.ts through the
 * real CLI and writes them, scrubbed, to fixtures/<case>.json. Then review the golden summaries:
 * `UPDATE_GOLDEN=1 npx vitest run --config test/vitest.config.ts test/cli` rewrites them.
 */
import fs from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { CASES, type CaseName, capturePolicyPreview, capturePreview, scrub, scrubEvents } from "./previews.ts";

const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));
const all: CaseName[] = [...(Object.keys(CASES) as CaseName[]), "many", "policy"];
const chosen = process.argv.length > 2 ? (process.argv.slice(2) as CaseName[]) : all;
for (const name of chosen) {
  if (!all.includes(name)) throw new Error(`unknown case ${name}; cases: ${all.join(", ")}`);
  if (name === "policy") {
    // The policy events are written beside the preview: pr-summary reads them with --events.
    const { preview, events } = await capturePolicyPreview();
    await fs.writeFile(`${fixtures}/policy.json`, scrub(preview));
    await fs.writeFile(`${fixtures}/policy.events.jsonl`, scrubEvents(events));
    process.stdout.write("fixtures/policy.json fixtures/policy.events.jsonl\n");
    continue;
  }
  const text = await capturePreview(name);
  await fs.writeFile(`${fixtures}/${name}.json`, scrub(text));
  process.stdout.write(`fixtures/${name}.json\n`);
}
