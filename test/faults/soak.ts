/**
 * The soak of issue 31: one seed, one door, the whole life of the fault-scenario program under
 * heavy faults. `up`, a no-change preview, `refresh` and `destroy` each run under the faults
 * (a fresh 429 burst at the start of each) until one succeeds, and the row says how many runs
 * each needed, the orphans (in the API, not in the state, after `up`; and anything `destroy`
 * left), the duplicates (two objects for one declared title), and the false drift (changes a
 * preview shows, or inputs a refresh changed, when nothing changed outside Pulumi).
 *
 * Two doors over the same resources: the dynamic package's TypeScript program (test/faults/program)
 * and a Pulumi YAML program of the same resources through the provider plugin, written by
 * {@link writeYamlProgram}. Used by `npm run bench:soak` (soak-bench.ts) and test/e2e/faults-heavy.test.ts.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FaultConfig } from "../emulator/index.ts";
import { changedSteps, createStack, type PreviewSummary, type TestStack } from "../pulumi-cli/run-pulumi.ts";
import { audit, listObjects, programDir, requestTotal, tail, withEmulator } from "./scenario.ts";

export type Door = "dynamic" | "plugin";

/** Issue 31's faults: 20% 503s, 10-request 429 bursts with `Retry-After: 1`, 20% of writes dropped after commit. */
export const SOAK_FAULTS: FaultConfig = {
  errorRate: 0.2,
  errorStatus: 503,
  burst429: { count: 10, retryAfterSeconds: 1 },
  dropAfterCommit: { rate: 0.2 },
};

const pluginDir = fileURLToPath(new URL("../../provider/docs-platform", import.meta.url));

export interface SoakOptions {
  door: Door;
  seed: number;
  /** Groups of eight resources (plus the organization's settings): 25 gives 201. */
  groups?: number;
  faults?: FaultConfig;
  /** Runs of one command before it counts as never converging. */
  maxRuns?: number;
  /**
   * Where the stack's backend and the YAML program go. Outside test/.work by default, so a
   * vitest run (whose global setup empties test/.work) never pulls a long soak from under it.
   */
  workDir: string;
  /** Only `up`, then a destroy without faults to clean up: for a small e2e signal. */
  upOnly?: boolean;
  log?: (line: string) => void;
}

export interface SoakRow {
  door: Door;
  seed: number;
  resources: number;
  /** Runs each command needed to succeed once; undefined: never within maxRuns. */
  runs: { up: number | undefined; preview?: number | undefined; refresh?: number | undefined; destroy?: number | undefined };
  orphans: string[];
  duplicates: string[];
  missing: string[];
  /** Resources a no-change preview would change, plus resources whose inputs a refresh changed. */
  falseDrift: string[];
  requests: number;
  seconds: number;
  failures: string[];
}

/**
 * The fault-scenario program's resources as Pulumi YAML through the plugin (see test/faults/program/index.ts).
 * `pluginPath` is the plugin's folder: the package's by default, or an unpacked release executable's.
 */
export function yamlProgram(groups: number, organizationId = "org-acme", pluginPath = pluginDir): string {
  const lines = [
    "name: docs-platform-faults-yaml",
    "description: The fault-scenario program (test/faults/program) as Pulumi YAML, through the provider plugin",
    "runtime: yaml",
    "plugins:",
    "  providers:",
    "    - name: docs-platform",
    `      path: ${pluginPath}`,
    "resources:",
    "  organization:",
    "    type: docs-platform:index:OrganizationSettings",
    "    properties:",
    `      organizationId: ${organizationId}`,
    "      title: Acme under faults",
    "      defaultRole: read",
  ];
  const resource = (name: string, kind: string, properties: Record<string, unknown>) => {
    lines.push(`  ${name}:`, `    type: docs-platform:index:${kind}`, "    properties:", `      organizationId: ${organizationId}`);
    for (const [key, value] of Object.entries(properties)) lines.push(`      ${key}: ${JSON.stringify(value)}`);
  };
  for (let group = 0; group < groups; group++) {
    const tag = String(group).padStart(3, "0");
    resource(`team-${tag}`, "Team", { title: `Team ${tag}`, members: group % 2 === 0 ? ["usr-acme-editor"] : ["usr-acme-reader", "usr-acme-admin"] });
    resource(`collection-${tag}`, "Collection", { title: `Collection ${tag}`, description: `Group ${tag}`, defaultLevel: "read" });
    resource(`child-${tag}`, "Collection", { title: `Child ${tag}`, parent: `\${collection-${tag}.id}` });
    resource(`saml-${tag}`, "SamlProvider", { label: `IdP ${tag}`, ssoURL: `https://idp${tag}.example.com/sso`, defaultTeam: `\${team-${tag}.id}`, defaultRole: "read" });
    resource(`site-${tag}`, "Site", { title: `Site ${tag}`, visibility: "unlisted", published: group % 3 === 0 });
    resource(`section-${tag}`, "SiteSection", { siteId: `\${site-${tag}.id}`, spaceId: "spc-acme-guides", title: `Section ${tag}`, path: `section-${tag}` });
    resource(`site-space-${tag}`, "SiteSpace", { siteId: `\${site-${tag}.id}`, spaceId: "spc-acme-api", sectionId: `\${section-${tag}.id}`, path: `api-${tag}` });
    resource(`spec-${tag}`, "OpenApiSpec", { slug: `spec-${tag}`, source: { url: `https://specs.example.com/${tag}.yaml` }, visibility: group % 2 === 0 ? "public" : "private" });
  }
  return `${lines.join("\n")}\n`;
}

/** Writes the YAML program into a fresh directory under `workDir` and returns it. */
export async function writeYamlProgram(workDir: string, groups: number, pluginPath = pluginDir): Promise<string> {
  const dir = path.join(workDir, "programs", `yaml-${process.pid}-${Date.now()}`);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, "Pulumi.yaml"), yamlProgram(groups, "org-acme", pluginPath));
  return dir;
}

/** Each resource's inputs without the serialized provider, by URN. */
async function inputsByUrn(stack: TestStack): Promise<Map<string, string>> {
  const { deployment } = await stack.exportState();
  const byUrn = new Map<string, string>();
  for (const resource of deployment.resources ?? []) {
    const type = String(resource.type ?? "");
    if (!type.startsWith("docs-platform:index:") && !type.startsWith("pulumi-nodejs:dynamic/docs-platform:")) continue;
    const { __provider: _provider, ...inputs } = (resource.inputs ?? {}) as Record<string, unknown>;
    byUrn.set(String(resource.urn), JSON.stringify(inputs, Object.keys(inputs).sort()));
  }
  return byUrn;
}

/** Runs one soak row on a fresh emulator and stack; never throws for a failed command: it reports it. */
export async function runSoak(options: SoakOptions): Promise<SoakRow> {
  const groups = options.groups ?? 25;
  const maxRuns = options.maxRuns ?? 3;
  const faults = options.faults ?? SOAK_FAULTS;
  const log = options.log ?? (() => {});
  const started = Date.now();
  await fs.mkdir(options.workDir, { recursive: true });
  return withEmulator(async (emulator, api, token, organizationId) => {
    const before = new Set((await listObjects(api, organizationId)).map((object) => `${object.kind}:${object.id}`));
    const yamlDir = options.door === "plugin" ? await writeYamlProgram(options.workDir, groups) : undefined;
    const stack = await createStack({
      programDir: yamlDir ?? programDir,
      stackName: `soak${options.seed}`,
      stateDir: path.join(options.workDir, "stacks", `${options.door}-${options.seed}-${process.pid}-${Date.now()}`),
      config:
        options.door === "plugin" ? { "docs-platform:apiUrl": emulator.url, "docs-platform:token": { value: token, secret: true } } : { organizationId, groups: String(groups) },
      env: options.door === "dynamic" ? { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: token } : {},
      timeoutMs: 30 * 60_000,
    });
    const failures: string[] = [];
    let requests = 0;
    /** Runs `args` under the faults (a fresh burst, its own seed) until it succeeds; the runs it took. */
    const underFaults = async (name: string, args: string[], seed: number): Promise<{ runs: number | undefined; stdout: string }> => {
      await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
      emulator.setFaults({ seed, ...faults });
      try {
        for (let run = 1; run <= maxRuns; run++) {
          const result = await stack.run(args);
          log(`${options.door} seed ${options.seed}: ${name} #${run} -> exit ${result.exitCode} in ${(result.durationMs / 1000).toFixed(1)} s`);
          if (result.exitCode === 0) return { runs: run, stdout: result.stdout };
          failures.push(tail(result));
        }
        return { runs: undefined, stdout: "" };
      } finally {
        emulator.setFaults({});
        requests += await requestTotal(emulator);
      }
    };
    try {
      const runs: SoakRow["runs"] = { up: (await underFaults("up", ["up", "--yes", "--skip-preview"], options.seed)).runs };
      const falseDrift: string[] = [];
      if (!options.upOnly && runs.up !== undefined) {
        const preview = await underFaults("preview", ["preview", "--json"], options.seed + 200);
        runs.preview = preview.runs;
        if (preview.runs !== undefined) {
          const summary = JSON.parse(preview.stdout) as PreviewSummary;
          for (const step of changedSteps(summary)) falseDrift.push(`preview: ${step.op} ${step.urn}`);
        }
        const inputsBefore = await inputsByUrn(stack);
        runs.refresh = (await underFaults("refresh", ["refresh", "--yes", "--skip-preview"], options.seed + 300)).runs;
        for (const [urn, inputs] of await inputsByUrn(stack)) {
          if (inputsBefore.get(urn) !== inputs) falseDrift.push(`refresh changed ${urn}`);
        }
      }
      const found = await audit(stack, api, organizationId, before);
      const orphans = [...found.orphans];
      if (!options.upOnly) {
        runs.destroy = (await underFaults("destroy", ["destroy", "--yes", "--skip-preview"], options.seed + 100)).runs;
        const left = (await listObjects(api, organizationId)).filter((object) => !before.has(`${object.kind}:${object.id}`));
        orphans.push(...left.map((object) => `left after destroy: ${object.kind} ${object.id}`));
      } else {
        await stack.run(["destroy", "--yes", "--skip-preview"]);
      }
      return {
        door: options.door,
        seed: options.seed,
        resources: groups * 8 + 1,
        runs,
        orphans,
        duplicates: found.duplicates,
        missing: found.missing,
        falseDrift,
        requests,
        seconds: (Date.now() - started) / 1000,
        failures,
      };
    } finally {
      await stack.remove().catch((error: unknown) => log(`cleanup: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`));
      await fs.rm(stack.stateDir, { recursive: true, force: true });
      if (yamlDir) await fs.rm(yamlDir, { recursive: true, force: true });
    }
  });
}
