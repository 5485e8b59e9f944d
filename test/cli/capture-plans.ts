/**
 * `node test/cli/capture-plans.ts [tofu|terraform ...]`: captures the plans of
 * test/terraform/support/plan-scenario.ts through the real CLI, each on a fresh emulator, and
 * writes them, scrubbed, to fixtures/plan-<case>.<cli>.json, for pr-summary-plan.test.ts:
 * - `change`: the scenario's change (`plan -out`, `show -json`);
 * - `drift`: a refresh-only plan after a team renamed, a member removed and the spec deleted through the API;
 * - `import`: an `import` block taking over a team made through the API.
 * OpenTofu is ensure-tofu.ts's; Terraform is the `terraform` of TERRAFORM (a path), else of PATH.
 * Then review the goldens: `UPDATE_GOLDEN=1 npx vitest run --config test/vitest.fast.config.ts test/cli/pr-summary-plan.test.ts`.
 */
import fs from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import {
  SOURCE_ROOT,
  must,
  planChange,
  prodOrganization,
  prodProject,
  scrubPlan,
  showJson,
} from "../terraform/support/plan-scenario.ts";
import { providerHeader, scratch } from "../terraform/support/tofu.ts";

const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));
const clis = process.argv.length > 2 ? process.argv.slice(2) : ["tofu", "terraform"];

for (const cli of clis) {
  if (cli !== "tofu" && cli !== "terraform") throw new Error(`unknown CLI ${cli}: tofu or terraform`);
  const binary = cli === "tofu" ? await ensureTofu() : (process.env.TERRAFORM ?? "terraform");
  const work = await scratch(`capture-plans-${cli}`);
  const emulator = await startEmulator({ db: ":memory:", openapiProcessingMs: 0 });
  try {
    const prod = prodOrganization(emulator);
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${emulator.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${prod.token}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (response) =>
        response.status === 204 || response.status === 205
          ? undefined
          : ((await response.json()) as Record<string, unknown>),
      );
    const project = await prodProject(binary, work.dir, "prod", emulator);
    await project.write("main.tf", SOURCE_ROOT);
    await must(project, "apply", "-auto-approve");

    const change = await planChange(project);
    await project.write("main.tf", SOURCE_ROOT);

    const teams = (await api("GET", `/orgs/${prod.id}/teams`))!.items as { id: string; title: string }[];
    const writers = teams.find((team) => team.title === "Writers")!;
    await api("PATCH", `/orgs/${prod.id}/teams/${writers.id}`, { title: "Writers (renamed)" });
    await api("DELETE", `/orgs/${prod.id}/teams/${writers.id}/members/usr-globex-reader`);
    await api("DELETE", `/orgs/${prod.id}/openapi/petstore`);
    await must(project, "plan", "-refresh-only", "-out=drift.plan");
    const drift = await showJson(project, "drift.plan");

    const team = (await api("PUT", `/orgs/${prod.id}/teams`, {
      title: "Translators",
      members: ["usr-globex-editor"],
    }))!;
    const importing = await prodProject(binary, work.dir, "import", emulator);
    await importing.write(
      "main.tf",
      `${providerHeader()}\nresource "docsplatform_team" "translators" {\n  title   = "Translators"\n  members = ["usr-globex-editor"]\n}\n\nimport {\n  to = docsplatform_team.translators\n  id = "${String(team.id)}"\n}\n`,
    );
    await must(importing, "plan", "-out=import.plan");
    const imported = await showJson(importing, "import.plan");

    for (const [name, json] of Object.entries({ change, drift, import: imported })) {
      await fs.writeFile(`${fixtures}/plan-${name}.${cli}.json`, scrubPlan(json));
      process.stdout.write(`fixtures/plan-${name}.${cli}.json\n`);
    }
  } finally {
    await emulator.close();
    await work.remove();
  }
}
