// The standard end-to-end scenario of one resource, driven through the real Pulumi CLI over a real
// Pulumi program, against an in-memory emulator (one per test file):
//
//   1. up creates the resource (exactly one object appears in the API);
//   2. preview shows no changes;
//   3. refresh shows no changes (outputs and inputs of the state as they were);
//   4. one changed input (a stack config value) shows in preview as exactly that property, as an
//      update or a replace, and up applies it (checked through the API);
//   5. a change made through the API is reported by refresh as exactly that drift, and up repairs it
//      (checked through the API; a preview afterwards shows no changes);
//   6. destroy leaves nothing (the API's list is as it was before the first up);
//   7. on the emptied stack, `adopt` takes over an object created beforehand through the API (same
//      id, reconciled to the inputs, nothing duplicated; refresh and preview then show no changes),
//      and destroy then leaves nothing again;
//   8. the API token appears nowhere: not in `pulumi stack export`, not in any `__provider` value,
//      not in the stack's config file, not in any output of any CLI command of the scenario.
//
// A resource's suite only describes what differs: the program, the config, the one changed input,
// the drift, the adoption and how to list its objects. See the *.test.ts files beside this folder.
// `E2E_TIMINGS=1` prints every CLI command of a scenario with its duration.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../emulator/index.ts";
import {
  assertSucceeded,
  configSetAllArgs,
  createStack,
  type PreviewStep,
  type PreviewSummary,
  type PulumiResult,
  type TestStack,
  writeProgram,
} from "../../pulumi-cli/run-pulumi.ts";
import { apiClient, type Api } from "./api.ts";

export const scenarioTimeout = 5 * 60_000;

const typePrefix = "pulumi-nodejs:dynamic/docs-platform:";

/** What a resource's callbacks get: the API (admin token of the demo organization) and the emulator. */
export interface ScenarioContext {
  api: Api;
  emulator: Emulator;
  /** The demo fixture's first organization, `org-acme`. */
  organizationId: string;
}

export interface ResourceScenario {
  /** Class name, e.g. "Team": type `pulumi-nodejs:dynamic/docs-platform:Team`. */
  resource: string;
  /** Logical name of the resource under test in the program, e.g. "writers". */
  name: string;
  /**
   * The program's statements. In scope: `pulumi`, `docs` (the package), `config` (a pulumi.Config)
   * and `adopt` (`config.getObject("adopt")`, undefined until the adopt phase). It must declare
   * the resource under test as `const subject = new docs.<resource>("<name>", { ..., adopt })`.
   */
  program: string;
  /** Objects the program needs, made through the API before anything else (sites, teams...). */
  setup?(ctx: ScenarioContext): Promise<void>;
  /** Stack config of the first up (called after setup). */
  config(ctx: ScenarioContext): Record<string, string>;
  /** Checks the created object through the API. */
  created(ctx: ScenarioContext, id: string): Promise<void>;
  /** One changed input. */
  change: {
    /** Config values that change exactly one input (a function when they depend on setup). */
    config: Record<string, string> | ((ctx: ScenarioContext) => Record<string, string>);
    /** The input that changes. */
    property: string;
    /** What diff decides. */
    op: "update" | "replace";
    /** For a replace: whether the old object is deleted before the new one is created. */
    deleteBeforeReplace?: boolean;
    /** Checks through the API that up applied it (`id` is the new id after a replace). */
    applied(ctx: ScenarioContext, id: string, previousId: string): Promise<void>;
  };
  /** A change made outside Pulumi. */
  drift: {
    /** The input the change touches. */
    property: string;
    /** Server-owned outputs that change with it (e.g. `updatedAt`); default none. */
    outputsAlsoChanged?: string[];
    /** The input is a secret: the engine's JSON masks it on both sides, so the drift is read in the decrypted state. */
    secret?: boolean;
    make(ctx: ScenarioContext, id: string): Promise<void>;
    /** Checks through the API that up put it back. */
    repaired(ctx: ScenarioContext, id: string): Promise<void>;
  };
  /** Taking over an object created beforehand through the API. */
  adopt: {
    /** Creates (or changes) the object through the API; returns its id and the config of the adopt phase (`adopt` included). */
    prepare(ctx: ScenarioContext): Promise<{ id: string; config: Record<string, string> }>;
    /** Checks through the API that the object was reconciled to the inputs. */
    adopted(ctx: ScenarioContext, id: string): Promise<void>;
  };
  /**
   * Ids of the objects of this kind that the API lists now. Destroy must leave this list as it was
   * before the first up; after a create or an adopt it must hold exactly one more id.
   */
  list?(ctx: ScenarioContext): Promise<string[]>;
  /**
   * For a resource whose destroy deliberately leaves the object (OrganizationSettings): the object
   * as the API shows it, which destroy must leave unchanged. Used instead of `list`.
   */
  snapshot?(ctx: ScenarioContext): Promise<unknown>;
  /** Values the program passes as plain strings that the state must hold only encrypted (secret inputs). */
  secretValues?: string[];
  /** How the provider gets the token: the environment (default) or a secret stack config. */
  tokenVia?: "env" | "config";
  /** Emulator options, e.g. a short OpenAPI processing time. */
  emulator?: { openapiProcessingMs?: number };
}

/** One resource's change as the engine reported it: from a resOutputsEvent of `--json` output. */
export interface AppliedStep {
  op: string;
  urn: string;
  type: string;
  old?: { id?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
  new?: { id?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
}

export interface EngineEvents {
  /** Every resOutputsEvent, in order. */
  steps: AppliedStep[];
  /** summaryEvent.resourceChanges. */
  changes: Record<string, number>;
}

/** Parses the JSON-lines engine events of `pulumi up|refresh|destroy --json`. */
export function engineEvents(result: PulumiResult): EngineEvents {
  const steps: AppliedStep[] = [];
  let changes: Record<string, number> = {};
  for (const line of result.stdout.split("\n")) {
    if (!line.trim().startsWith("{")) continue;
    const event = JSON.parse(line) as Record<string, any>;
    if (event.resOutputsEvent) steps.push(event.resOutputsEvent.metadata as AppliedStep);
    if (event.summaryEvent) changes = event.summaryEvent.resourceChanges ?? {};
  }
  return { steps, changes };
}

/** Keys whose values differ between two property bags, `__provider` aside, sorted. */
export function changedKeys(before: Record<string, unknown> = {}, after: Record<string, unknown> = {}): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete("__provider");
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort();
}

/** Counts without "same" (and without zero counts). */
function changesOnly(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter(([op, count]) => op !== "same" && count > 0));
}

function programFiles(projectName: string, body: string): Record<string, string> {
  return {
    "Pulumi.yaml": `name: ${projectName}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n`,
    "index.mjs": [
      `import * as pulumi from "@pulumi/pulumi";`,
      `import * as docs from "pulumi-docs-platform";`,
      ``,
      `const config = new pulumi.Config();`,
      `const adopt = config.getObject("adopt");`,
      ``,
      body.trim(),
      ``,
      `export const id = subject.id;`,
      ``,
    ].join("\n"),
  };
}

/** Defines the describe block of one resource's end-to-end scenario. */
export function describeResourceScenario(spec: ResourceScenario): void {
  const type = `${typePrefix}${spec.resource}`;
  const kebab = spec.resource.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase();

  describe(`${spec.resource} through the Pulumi CLI`, () => {
    let emulator: Emulator;
    let ctx: ScenarioContext;
    let token: string;
    let stack: TestStack;
    let urn: string;
    /** The id of the object the stack manages now. */
    let id: string;
    /** What `list` answered before the first up. */
    let baseline: string[] = [];
    /** Every CLI result of the scenario, for the token check. */
    const results: PulumiResult[] = [];
    /** `pulumi stack export` texts taken while resources existed. */
    const exports: string[] = [];

    const run = async (args: string[], input?: string): Promise<PulumiResult> => {
      const result = await stack.run(args, input === undefined ? {} : { input });
      results.push(result);
      if (process.env.E2E_TIMINGS) process.stderr.write(`${result.durationMs}ms ${result.command}\n`);
      return assertSucceeded(result);
    };
    const apply = async (command: "up" | "refresh" | "destroy", extra: string[] = []): Promise<EngineEvents> =>
      engineEvents(await run([command, "--yes", "--skip-preview", "--json", ...extra]));
    const preview = async (): Promise<PreviewSummary> => JSON.parse((await run(["preview", "--json"])).stdout) as PreviewSummary;
    const setConfig = async (values: Record<string, string>) => {
      if (Object.keys(values).length > 0) await run(configSetAllArgs(values));
    };
    const subjectSteps = (events: EngineEvents) => events.steps.filter((step) => step.urn === urn);
    /** The preview's step of the resource under test, asserting every other step is "same". */
    const subjectPreviewStep = (summary: PreviewSummary): PreviewStep | undefined => {
      const others = summary.steps.filter((step) => step.urn !== urn && step.op !== "same");
      expect(others.map((step) => `${step.op} ${step.urn}`)).toEqual([]);
      return summary.steps.find((step) => step.urn === urn);
    };
    const expectNoPreviewChanges = (summary: PreviewSummary) => {
      expect(summary.steps.filter((step) => step.op !== "same").map((step) => `${step.op} ${step.urn}`)).toEqual([]);
      expect(changesOnly(summary.changeSummary)).toEqual({});
    };
    /** A refresh that finds nothing: no step but "same", and the state's inputs and outputs as they were. */
    const expectRefreshUnchanged = async () => {
      const events = await apply("refresh");
      const [refreshed, ...more] = subjectSteps(events);
      expect([refreshed?.op, ...more.map((step) => step.op)]).toEqual(["same"]);
      expect(changedKeys(refreshed?.old?.outputs, refreshed?.new?.outputs)).toEqual([]);
      // Inputs too: a refresh that dropped an input would show it as added in the next diff.
      expect(changedKeys(refreshed?.old?.inputs, refreshed?.new?.inputs)).toEqual([]);
      expect(changesOnly(events.changes)).toEqual({});
    };
    const list = async () => (spec.list ? [...(await spec.list(ctx))].sort() : []);
    const expectListed = async (ids: string[]) => {
      if (spec.list) expect(await list()).toEqual([...baseline, ...ids].sort());
    };
    const exportState = async () => {
      const result = await run(["stack", "export"]);
      exports.push(result.stdout);
      return JSON.parse(result.stdout) as { deployment: { resources?: Array<Record<string, any>> } };
    };

    beforeAll(async () => {
      emulator = await startEmulator({ db: ":memory:", ...spec.emulator });
      const organization = emulator.fixture.organizations[0]!;
      token = organization.tokens.admin!;
      ctx = { api: apiClient(emulator.url, token), emulator, organizationId: organization.id };
      await spec.setup?.(ctx);
      baseline = await list();
      const programDir = await writeProgram(`e2e-${kebab}`, programFiles(`e2e-${kebab}`, spec.program));
      const viaConfig = spec.tokenVia === "config";
      stack = await createStack({
        programDir,
        // Only the environment, or only the (secret) config, carries the API's address and token.
        env: viaConfig
          ? { DOCS_PLATFORM_API_URL: undefined, DOCS_PLATFORM_TOKEN: undefined }
          : { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: token },
        timeoutMs: scenarioTimeout,
      });
      if (viaConfig) {
        await run(["config", "set", "docs-platform:apiUrl", "--plaintext"], emulator.url);
        await run(["config", "set", "docs-platform:token", "--secret"], token);
      }
      await setConfig(spec.config(ctx));
      urn = `urn:pulumi:${stack.name}::e2e-${kebab}::${type}::${spec.name}`;
    }, scenarioTimeout);

    afterAll(async () => {
      await stack?.remove().catch(() => undefined);
      await emulator?.close();
    }, scenarioTimeout);

    it(
      spec.snapshot ? "up takes over the existing object" : "up creates it: one more object in the API",
      async () => {
        const events = await apply("up");
        const created = events.steps.filter((step) => step.type === type);
        expect(created.map((step) => [step.op, step.urn])).toEqual([["create", urn]]);
        expect(changesOnly(events.changes)).toEqual({ create: 2 }); // the resource and the stack
        id = created[0]!.new!.id!;
        expect(id).toBeTruthy();
        await expectListed([id]);
        await spec.created(ctx, id);
      },
      scenarioTimeout,
    );

    it(
      "preview then shows no changes",
      async () => {
        expectNoPreviewChanges(await preview());
      },
      scenarioTimeout,
    );

    it(
      "refresh then shows no changes",
      async () => {
        await expectRefreshUnchanged();
      },
      scenarioTimeout,
    );

    it(
      `a changed ${spec.change.property} shows in preview as exactly that ${spec.change.op}, and up applies it`,
      async () => {
        await setConfig(typeof spec.change.config === "function" ? spec.change.config(ctx) : spec.change.config);
        const step = subjectPreviewStep(await preview());
        expect(step?.op).toBe(spec.change.op);
        expect(changedKeys(step?.oldState?.inputs, step?.newState?.inputs)).toEqual([spec.change.property]);
        if (spec.change.op === "replace") expect(step?.replaceReasons).toEqual([spec.change.property]);

        const events = await apply("up");
        const steps = subjectSteps(events);
        const previousId = id;
        if (spec.change.op === "update") {
          expect(steps.map((applied) => applied.op)).toEqual(["update"]);
          expect(changedKeys(steps[0]!.old?.inputs, steps[0]!.new?.inputs)).toEqual([spec.change.property]);
          expect(steps[0]!.new?.id).toBe(previousId);
        } else {
          // The engine's order: a natural key that must stay unique is deleted before its replacement.
          expect(steps.map((applied) => applied.op)).toEqual(
            spec.change.deleteBeforeReplace
              ? ["delete-replaced", "replace", "create-replacement"]
              : ["create-replacement", "replace", "delete-replaced"],
          );
          id = steps.find((applied) => applied.op === "create-replacement")!.new!.id!;
          expect(id).toBeTruthy();
        }
        expect(changesOnly(events.changes)).toEqual({ [spec.change.op]: 1 });
        await expectListed([id]);
        await spec.change.applied(ctx, id, previousId);
      },
      scenarioTimeout,
    );

    it(
      `${spec.drift.property} changed through the API: refresh reports exactly that drift, up repairs it`,
      async () => {
        await spec.drift.make(ctx, id);
        // A secret shows as "[secret]" on both sides of the engine's JSON: compare the decrypted state.
        const secretState = async () => {
          const text = assertSucceeded(await run(["stack", "export", "--show-secrets"])).stdout;
          const resource = (JSON.parse(text).deployment.resources as { urn: string; inputs: Record<string, unknown>; outputs: Record<string, unknown> }[]).find((r) => r.urn === urn)!;
          return { old: { inputs: resource.inputs, outputs: resource.outputs } };
        };
        const before = spec.drift.secret ? await secretState() : undefined;
        const refreshed = subjectSteps(await apply("refresh"));
        expect(refreshed.map((step) => step.op)).toEqual(["update"]);
        const seen = before ? { old: before.old, new: (await secretState()).old } : refreshed[0]!;
        expect(changedKeys(seen.old?.inputs, seen.new?.inputs)).toEqual([spec.drift.property]);
        expect(changedKeys(seen.old?.outputs, seen.new?.outputs)).toEqual([spec.drift.property, ...(spec.drift.outputsAlsoChanged ?? [])].sort());

        const driftedState = spec.drift.secret ? await secretState() : undefined;
        const repaired = subjectSteps(await apply("up"));
        expect(repaired.map((step) => step.op)).toEqual(["update"]);
        const fixed = driftedState ? { old: driftedState.old, new: (await secretState()).old } : repaired[0]!;
        expect(changedKeys(fixed.old?.inputs, fixed.new?.inputs)).toEqual([spec.drift.property]);
        await spec.drift.repaired(ctx, id);
        expectNoPreviewChanges(await preview());
      },
      scenarioTimeout,
    );

    it(
      "every __provider in the state is the small stub that loads the package by name, without the token",
      async () => {
        const { deployment } = await exportState();
        const providers = (deployment.resources ?? [])
          .flatMap((resource) => [resource.inputs?.__provider, resource.outputs?.__provider])
          .filter((provider) => provider !== undefined);
        expect(providers).toHaveLength(2); // inputs and outputs of the resource under test
        for (const provider of providers) {
          expect(provider).toBe(`exports.handler = () => require("pulumi-docs-platform/dist/runtime/host").handlerFor("${spec.resource}");\n`);
          expect(provider).not.toContain(token);
        }
      },
      scenarioTimeout,
    );

    it(
      spec.snapshot ? "destroy leaves the object as it was" : "destroy leaves nothing in the API",
      async () => {
        const before = await spec.snapshot?.(ctx);
        const events = await apply("destroy");
        expect(subjectSteps(events).map((step) => step.op)).toEqual(["delete"]);
        expect((await exportState()).deployment.resources ?? []).toEqual([]);
        if (spec.snapshot) expect(await spec.snapshot(ctx)).toEqual(before);
        else expect(await list()).toEqual(baseline);
      },
      scenarioTimeout,
    );

    it(
      spec.snapshot
        ? "adopt takes over the object changed beforehand through the API, and destroy then leaves it as it was"
        : "adopt takes over an object created beforehand through the API, and destroy then leaves nothing",
      async () => {
        const existing = await spec.adopt.prepare(ctx);
        await expectListed([existing.id]);
        await setConfig(existing.config);

        const events = await apply("up");
        const adopted = subjectSteps(events);
        expect(adopted.map((step) => step.op)).toEqual(["create"]);
        expect(adopted[0]!.new?.id).toBe(existing.id);
        await expectListed([existing.id]); // taken over, not duplicated
        await spec.adopt.adopted(ctx, existing.id);
        await expectRefreshUnchanged();
        expectNoPreviewChanges(await preview());
        await exportState();

        const before = await spec.snapshot?.(ctx);
        await apply("destroy");
        if (spec.snapshot) expect(await spec.snapshot(ctx)).toEqual(before);
        else expect(await list()).toEqual(baseline);
      },
      scenarioTimeout,
    );

    it(
      `the API token appears nowhere: state, __provider, ${spec.tokenVia === "config" ? "config file, " : ""}CLI output`,
      async () => {
        expect(results.length).toBeGreaterThan(10);
        expect(exports.length).toBeGreaterThanOrEqual(3);
        for (const text of exports) expect(text).not.toContain(token);
        for (const secret of spec.secretValues ?? []) for (const text of exports) expect(text, "a secret input in plain text in the state").not.toContain(secret);
        for (const result of results) {
          expect(result.stdout, result.command).not.toContain(token);
          expect(result.stderr, result.command).not.toContain(token);
        }
        const configText = await fs.readFile(stack.configFile, "utf8");
        expect(configText).not.toContain(token);
        if (spec.tokenVia === "config") expect(configText).toMatch(/docs-platform:token:\s+secure: /);
        expect(path.basename(stack.configFile)).toBe(`Pulumi.${stack.name}.yaml`);
      },
      scenarioTimeout,
    );
  });
}
