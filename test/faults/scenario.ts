/**
 * Fault scenarios through the real Pulumi CLI against the emulator, with the fault-scenario
 * program (test/faults/program, 8 resources a group plus the organization's settings):
 *
 * - `faults`: every request may answer 503, a burst of 429s, writes that commit and then lose
 *   their connection; `pulumi up` is run until it succeeds (at most `maxRuns` times).
 * - `kill`: `kill -9` of the CLI in the middle of an `up` (once the emulator has answered a number
 *   of writes), `pulumi cancel`, then `pulumi up`.
 *
 * Either way the faults then stop, `preview --expect-no-changes` must pass, and the API is audited
 * against the state by listing it: orphans (in the API, not in the state), missing (in the state,
 * not in the API) and duplicates (two objects for one declared title). Used by the bench
 * (`npm run bench:faults`) and by test/e2e/faults.test.ts and faults-heavy.test.ts.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiClient, type Api } from "../e2e/support/api.ts";
import { type FaultConfig, type Emulator, startEmulator } from "../emulator/index.ts";
import { createStack, type PulumiResult, type TestStack } from "../pulumi-cli/run-pulumi.ts";

export const programDir = fileURLToPath(new URL("./program", import.meta.url));

/** The faults of issue 7: 10% 503s, a 429 burst, 10% of writes committed then dropped. */
export const STANDARD_FAULTS: FaultConfig = {
  errorRate: 0.1,
  errorStatus: 503,
  burst429: { count: 30, retryAfterSeconds: 1 },
  dropAfterCommit: { rate: 0.1 },
};

export interface Audit {
  /** Objects per kind the state holds. */
  inState: number;
  /** Objects of the program's kinds in the API that the state does not hold (ids). */
  orphans: string[];
  /** Objects the state holds that the API does not (ids). */
  missing: string[];
  /** Declared titles with more than one object in the API (`kind title: ids`). */
  duplicates: string[];
}

export interface ScenarioResult {
  scenario: "faults" | "kill";
  resources: number;
  /** `pulumi up` runs until one succeeded (the killed run not counted); undefined: never converged. */
  runsToConverge: number | undefined;
  /** Whether `preview --expect-no-changes` passed once the faults stopped. */
  noChangesAfter: boolean;
  audit: Audit;
  /** kill: whether the CLI was killed before its `up` finished. */
  killedMidUp?: boolean;
  /** kill: operations the killed run left pending in the state (creates in flight at the kill). */
  pendingOperations?: number;
  /** kill: objects of the program in the API when the killed run stopped. */
  objectsAfterKill?: number;
  /** kill: the provider's create journal after the kill: creates in flight, and creates whose id the state may not hold yet. */
  journalAfterKill?: { inFlight: number; withId: number };
  /** Requests the emulator answered during the scenario. */
  requests: number;
  seconds: number;
  /** Output of every failed command, for diagnosis. */
  failures: string[];
  /**
   * With `destroyUnderFaults`: `pulumi destroy` runs, under the same faults, until one succeeded
   * (undefined: never), and the program's objects the API still held afterwards.
   */
  destroy?: { runsToConverge: number | undefined; leftInApi: string[]; requests: number };
}

export interface ScenarioOptions {
  groups?: number;
  seed?: number;
  faults?: FaultConfig;
  maxRuns?: number;
  /** kill: the CLI is killed once the emulator has answered this many writes (creates under way). */
  killAfterWrites?: number;
  /** kill: kill the CLI with every process below it (its provider host too), not the CLI alone. */
  killProcessGroup?: boolean;
  /** Emulator latency during the kill scenario, so creates are in flight when the kill comes. */
  latencyMs?: number;
  log?: (line: string) => void;
  /** Once converged, `pulumi destroy` the stack under the same faults (at most `maxRuns` runs). */
  destroyUnderFaults?: boolean;
  /**
   * Where the stack's backend goes; test/.work when absent (the tests). The benchmark passes a
   * directory outside it, so a vitest run (whose global setup empties test/.work) never pulls a
   * running benchmark's stack from under it.
   */
  workDir?: string;
}

interface Listed {
  kind: string;
  id: string;
  /** The declared title (label, slug, ...) it is matched by, for duplicates. */
  key: string;
}

/** Every object of the program's kinds in the organization, listed through the API. */
export async function listObjects(api: Api, organizationId: string): Promise<Listed[]> {
  const objects: Listed[] = [];
  for (const team of await api.list(`/orgs/${organizationId}/teams`)) objects.push({ kind: "Team", id: team.id, key: team.title });
  for (const collection of await api.list(`/orgs/${organizationId}/collections`, { nested: "true" })) {
    objects.push({ kind: "Collection", id: collection.id, key: `${collection.parent ?? ""}/${collection.title}` });
  }
  for (const saml of await api.list(`/orgs/${organizationId}/saml`)) objects.push({ kind: "SamlProvider", id: saml.id, key: saml.label });
  for (const spec of await api.list(`/orgs/${organizationId}/openapi`)) objects.push({ kind: "OpenApiSpec", id: spec.slug, key: spec.slug });
  for (const site of await api.list(`/orgs/${organizationId}/sites`)) {
    objects.push({ kind: "Site", id: site.id, key: site.title });
    for (const section of await api.list(`/orgs/${organizationId}/sites/${site.id}/sections`)) {
      objects.push({ kind: "SiteSection", id: section.id, key: `${site.id}/${section.title}` });
    }
    for (const siteSpace of await api.list(`/orgs/${organizationId}/sites/${site.id}/site-spaces`)) {
      objects.push({ kind: "SiteSpace", id: siteSpace.id, key: `${site.id}/${siteSpace.section ?? ""}/${siteSpace.space?.id}` });
    }
  }
  return objects;
}

/** The objects the state holds: each resource's id, plus every section's own (primary) site space. */
async function stateObjects(stack: TestStack): Promise<Map<string, Set<string>>> {
  const { deployment } = await stack.exportState();
  const byKind = new Map<string, Set<string>>();
  const add = (kind: string, id: unknown) => {
    if (typeof id !== "string" || id === "") return;
    if (!byKind.has(kind)) byKind.set(kind, new Set());
    byKind.get(kind)!.add(id);
  };
  for (const resource of deployment.resources ?? []) {
    // Either door: the dynamic package's type tokens or the plugin's.
    const kind = String(resource.type ?? "").match(/^(?:pulumi-nodejs:dynamic\/docs-platform|docs-platform:index):(\w+)$/)?.[1];
    if (!kind) continue;
    add(kind, resource.id);
    const outputs = resource.outputs ?? {};
    if (kind === "SiteSection") add("SiteSpace", outputs.siteSpaceId);
  }
  return byKind;
}

/** Compares the API with the state; `before` are the ids that existed before the scenario. */
export async function audit(stack: TestStack, api: Api, organizationId: string, before: Set<string>): Promise<Audit> {
  const state = await stateObjects(stack);
  const listed = (await listObjects(api, organizationId)).filter((object) => !before.has(`${object.kind}:${object.id}`));
  const orphans = listed.filter((object) => !state.get(object.kind)?.has(object.id)).map((object) => `${object.kind} ${object.id}`);
  const inApi = new Set(listed.map((object) => `${object.kind}:${object.id}`));
  const missing: string[] = [];
  let inState = 0;
  for (const [kind, ids] of state) {
    for (const id of ids) {
      inState++;
      if (kind !== "OrganizationSettings" && !inApi.has(`${kind}:${id}`)) missing.push(`${kind} ${id}`);
    }
  }
  const byKey = new Map<string, string[]>();
  for (const object of listed) byKey.set(`${object.kind} ${object.key}`, [...(byKey.get(`${object.kind} ${object.key}`) ?? []), object.id]);
  const duplicates = [...byKey].filter(([, ids]) => ids.length > 1).map(([key, ids]) => `${key}: ${ids.join(", ")}`);
  return { inState, orphans, missing, duplicates };
}

export function tail(result: PulumiResult): string {
  return `${result.command} -> ${result.exitCode ?? result.signal}\n${(result.stdout + result.stderr).split("\n").slice(-25).join("\n")}`;
}

/** Every process below `pid` (Linux /proc), children first found, grandchildren after. */
function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0;) {
    const children = parents.get(queue.shift()!) ?? [];
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

/**
 * Runs `pulumi up` with the stack's own environment and kills the CLI (kill -9) once `due()`
 * says so (polled every 50 ms), or after `maxMs`.
 */
function upAndKill(stack: TestStack, due: () => Promise<boolean>, maxMs: number, wholeGroup: boolean): Promise<{ killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", ["up", "--yes", "--skip-preview", "--stack", stack.name, "--config-file", stack.configFile, "--non-interactive", "--color", "never"], {
      cwd: stack.programDir,
      env: stack.env,
      stdio: "ignore",
      detached: true,
    });
    let exited = false;
    child.on("error", reject);
    const started = Date.now();
    const poll = async (): Promise<void> => {
      if (exited) return;
      if (Date.now() - started < maxMs && !(await due().catch(() => false))) {
        timer = setTimeout(() => void poll(), 50);
        return;
      }
      if (exited || !child.pid) return;
      // The CLI alone, as a user's kill -9 would, or the CLI with its plugins at once, as a lost
      // machine would, so creates die in flight. The engine starts its plugins in process groups
      // of their own, and once the CLI is gone they belong to init: they are found as its
      // descendants before the kill, and killed a moment after it, so nothing outlives the scenario.
      const plugins = descendantsOf(child.pid);
      const kill = (pids: number[]) => {
        for (const pid of pids) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // Already gone.
          }
        }
      };
      kill(wholeGroup ? [child.pid, ...plugins] : [child.pid]);
      setTimeout(() => kill(plugins), 3_000);
    };
    let timer = setTimeout(() => void poll(), 50);
    child.on("exit", (code, signal) => {
      exited = true;
      clearTimeout(timer);
      resolve({ killed: signal === "SIGKILL" && code === null });
    });
  });
}

export async function withEmulator<T>(body: (emulator: Emulator, api: Api, token: string, organizationId: string) => Promise<T>): Promise<T> {
  const emulator = await startEmulator({ db: ":memory:" });
  try {
    const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme");
    if (!organization) throw new Error("the demo fixture has no org-acme");
    const token = organization.admin.token;
    return await body(emulator, apiClient(emulator.url, token), token, organization.id);
  } finally {
    await emulator.close();
  }
}

/** The entries of the provider's create journal under a Pulumi home (see provider/recovery/create-journal.ts). */
async function journalEntries(pulumiHome: string): Promise<{ inFlight: number; withId: number }> {
  const directory = path.join(pulumiHome, "docs-platform", "create-journal");
  const files = (await fs.readdir(directory).catch(() => [] as string[])).filter((file) => file.endsWith(".json"));
  let inFlight = 0;
  for (const file of files) {
    const entry = JSON.parse(await fs.readFile(path.join(directory, file), "utf8")) as { id?: string };
    if (entry.id === undefined) inFlight++;
  }
  return { inFlight, withId: files.length - inFlight };
}

/**
 * Deletes the local backend's blob-attribute sidecars (`*.attrs`) that a kill left empty or cut
 * short, and returns how many. The file backend (gocloud fileblob) writes a checkpoint to a temp
 * file and renames it (atomic), but writes its `<file>.attrs` sidecar in place (`os.Create`, then
 * the JSON): a kill -9 between the two leaves an empty sidecar, and every command then fails with
 * "failed to load checkpoint: EOF" although the checkpoint is whole. A missing sidecar is read as
 * default attributes, so deleting it is the repair (the README says so to users).
 */
export async function removeTruncatedAttributeFiles(directory: string): Promise<number> {
  let removed = 0;
  for (const entry of await fs.readdir(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".attrs")) continue;
    const file = path.join(entry.parentPath, entry.name);
    try {
      JSON.parse(await fs.readFile(file, "utf8"));
    } catch {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Writes (every method but GET) the emulator has answered. */
async function writeCount(emulator: Emulator): Promise<number> {
  const response = await fetch(`${emulator.controlUrl}/requests`);
  const { counts } = (await response.json()) as { counts: Record<string, number> };
  return Object.entries(counts).reduce((sum, [route, count]) => (route.startsWith("GET ") ? sum : sum + count), 0);
}

export async function requestTotal(emulator: Emulator): Promise<number> {
  const response = await fetch(`${emulator.controlUrl}/requests`);
  return ((await response.json()) as { total: number }).total;
}

/**
 * `pulumi destroy` under the scenario's faults (a kill scenario's run has none: the standard ones
 * then), repeated until one succeeds; then what the API still holds of the program is listed.
 */
async function destroyUnderFaults(
  stack: TestStack,
  emulator: Emulator,
  api: Api,
  organizationId: string,
  before: Set<string>,
  options: ScenarioOptions & { maxRuns: number },
  failures: string[],
): Promise<NonNullable<ScenarioResult["destroy"]>> {
  await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
  emulator.setFaults({ seed: (options.seed ?? 7) + 100, ...(options.faults ?? STANDARD_FAULTS) });
  let runsToConverge: number | undefined;
  try {
    for (let run = 1; run <= options.maxRuns; run++) {
      const result = await stack.run(["destroy", "--yes", "--skip-preview"]);
      options.log?.(`destroy #${run} -> exit ${result.exitCode} in ${(result.durationMs / 1000).toFixed(1)} s`);
      if (result.exitCode === 0) {
        runsToConverge = run;
        break;
      }
      failures.push(tail(result));
    }
  } finally {
    emulator.setFaults({});
  }
  const requests = await requestTotal(emulator);
  const leftInApi = (await listObjects(api, organizationId)).filter((object) => !before.has(`${object.kind}:${object.id}`)).map((object) => `${object.kind} ${object.id}`);
  return { runsToConverge, leftInApi, requests };
}

/** Runs one scenario on a fresh emulator and stack; never throws for a failed `up`: it reports it. */
export async function runScenario(scenario: "faults" | "kill", options: ScenarioOptions = {}): Promise<ScenarioResult> {
  const groups = options.groups ?? 25;
  const maxRuns = options.maxRuns ?? 3;
  const log = options.log ?? (() => {});
  const started = Date.now();
  return withEmulator(async (emulator, api, token, organizationId) => {
    const before = new Set((await listObjects(api, organizationId)).map((object) => `${object.kind}:${object.id}`));
    const stack = await createStack({
      programDir,
      stackName: scenario,
      stateDir: options.workDir === undefined ? undefined : path.join(options.workDir, "stacks", `${scenario}-${options.seed ?? 7}-${process.pid}-${Date.now()}`),
      config: { organizationId, groups: String(groups) },
      env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: token },
    });
    const failures: string[] = [];
    const killFigures: Pick<ScenarioResult, "killedMidUp" | "pendingOperations" | "objectsAfterKill" | "journalAfterKill"> = {};
    try {
      await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
      if (scenario === "faults") {
        emulator.setFaults({ seed: options.seed ?? 7, ...(options.faults ?? STANDARD_FAULTS) });
      } else {
        emulator.setFaults({ latencyMs: options.latencyMs ?? 20 });
        const killAfterWrites = options.killAfterWrites ?? 60;
        const { killed } = await upAndKill(stack, async () => (await writeCount(emulator)) >= killAfterWrites, 120_000, options.killProcessGroup === true);
        emulator.setFaults({});
        const repairedSidecars = await removeTruncatedAttributeFiles(stack.stateDir);
        if (repairedSidecars > 0) log(`kill: removed ${repairedSidecars} backend .attrs sidecar(s) the kill left cut short`);
        const cancel = await stack.run(["cancel", "--yes"]);
        const { deployment } = await stack.exportState();
        killFigures.killedMidUp = killed;
        killFigures.pendingOperations = ((deployment as { pending_operations?: unknown[] }).pending_operations ?? []).length;
        killFigures.objectsAfterKill = (await listObjects(api, organizationId)).filter((object) => !before.has(`${object.kind}:${object.id}`)).length;
        killFigures.journalAfterKill = await journalEntries(String(stack.env.PULUMI_HOME));
        log(
          `kill: the CLI was ${killed ? "killed mid-up" : "done before the kill"}, leaving ${killFigures.objectsAfterKill} objects and ` +
            `${killFigures.pendingOperations} pending operations; the create journal holds ${killFigures.journalAfterKill.inFlight} creates in flight ` +
            `and ${killFigures.journalAfterKill.withId} with an id; pulumi cancel -> ${cancel.exitCode}`,
        );
      }
      let runsToConverge: number | undefined;
      for (let run = 1; run <= maxRuns; run++) {
        const result = await stack.run(["up", "--yes", "--skip-preview"]);
        log(`${scenario}: up #${run} -> exit ${result.exitCode} in ${(result.durationMs / 1000).toFixed(1)} s`);
        if (result.exitCode === 0) {
          runsToConverge = run;
          break;
        }
        failures.push(tail(result));
      }
      emulator.setFaults({});
      const requests = await requestTotal(emulator);
      const preview = await stack.run(["preview", "--expect-no-changes", "--diff"]);
      if (preview.exitCode !== 0) failures.push(tail(preview));
      const result: ScenarioResult = {
        scenario,
        resources: groups * 8 + 1,
        ...killFigures,
        runsToConverge,
        noChangesAfter: preview.exitCode === 0,
        audit: await audit(stack, api, organizationId, before),
        requests,
        seconds: (Date.now() - started) / 1000,
        failures,
      };
      if (options.destroyUnderFaults) {
        result.destroy = await destroyUnderFaults(stack, emulator, api, organizationId, before, { ...options, maxRuns }, failures);
        result.seconds = (Date.now() - started) / 1000;
      }
      return result;
    } finally {
      // Cleanup only: the scenario's figures are taken above. Seen once in CI after a kill:
      // `stack rm` answered "failed to load checkpoint: EOF" although every command before it had
      // loaded the same checkpoint; the scratch directory is removed either way.
      await stack.remove().catch((error: unknown) => log(`cleanup: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`));
      await fs.rm(stack.stateDir, { recursive: true, force: true });
    }
  });
}
