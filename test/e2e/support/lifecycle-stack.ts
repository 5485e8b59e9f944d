// The standard end-to-end scenario (support/resource-scenario.ts) of many resource kinds at once:
// one Pulumi program declares every kind's subject, each in its own block with its own config
// namespace, and one stack against one emulator goes through every phase for all of them. Each
// phase runs its engine commands once (one `up` creates every subject, one preview, one refresh,
// all changes in one preview and one up, ...) and then one test per kind reads that shared result,
// so a failing kind is named. An engine command costs about 2.3 s of CPU whatever it does (mostly
// loading @pulumi/pulumi in the program and the provider), so every kind together costs about 13 engine
// commands here instead of 18 x 13 (issue 30).
//
// Kinds must not see each other: every kind's list and snapshot is taken right before the phase
// that checks it and compared with what that kind's own subject did. `E2E_TIMINGS=1` prints every
// CLI command with its duration.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator/index.ts";
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
import { apiClient } from "./api.ts";
import { changedKeys, engineEvents, type EngineEvents, type ResourceScenario, type ScenarioContext, scenarioTimeout } from "./resource-scenario.ts";

const typePrefix = "pulumi-nodejs:dynamic/docs-platform:";

/** One kind in the shared stack: its spec and what the phases learnt about it. */
interface Kind {
  spec: ResourceScenario;
  /** Its config namespace and block in the program, e.g. "site-section". */
  namespace: string;
  type: string;
  urn: string;
  /** The id of the object the stack manages now. */
  id: string;
  /** What `list` answered before the first up. */
  baseline: string[];
}

/** Counts without "same" (and without zero counts). */
function changesOnly(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter(([op, count]) => op !== "same" && count > 0));
}

const kebabCase = (resource: string) => resource.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase();

/** Every kind's program in its own block, reading its own config namespace, so names and keys cannot collide. */
function programFiles(projectName: string, kinds: Kind[]): Record<string, string> {
  const blocks = kinds.map((kind) =>
    [
      `// ${kind.spec.resource}`,
      `{`,
      `const config = new pulumi.Config(${JSON.stringify(kind.namespace)});`,
      `const adopt = config.getObject("adopt");`,
      kind.spec.program.trim(),
      `ids[${JSON.stringify(kind.spec.resource)}] = subject.id;`,
      `}`,
    ].join("\n"),
  );
  return {
    "Pulumi.yaml": `name: ${projectName}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n`,
    "index.mjs": [`import * as pulumi from "@pulumi/pulumi";`, `import * as docs from "pulumi-docs-platform";`, ``, `export const ids = {};`, ``, ...blocks, ``].join("\n"),
  };
}

/** The emulator options every spec asks for, merged; two specs asking for different values of one option is a test bug. */
function emulatorOptions(specs: ResourceScenario[]): EmulatorOptions {
  const merged: Record<string, unknown> = {};
  for (const spec of specs) {
    for (const [key, value] of Object.entries(spec.emulator ?? {})) {
      if (key in merged && merged[key] !== value)
        throw new Error(`${spec.resource}: emulator option ${key}=${String(value)} conflicts with ${String(merged[key])} of another kind in the same stack`);
      merged[key] = value;
    }
  }
  return merged;
}

/**
 * Errors of the per-kind work a phase does before or after its shared engine commands (a drift
 * made through the API, an adoption prepared), kept so that the kind's own test fails with it and
 * the other kinds carry on.
 */
class KindFailures {
  private readonly failures = new Map<string, unknown>();
  async each(kinds: Kind[], work: (kind: Kind) => void | Promise<void>): Promise<void> {
    for (const kind of kinds) {
      if (this.failures.has(kind.spec.resource)) continue;
      try {
        await work(kind);
      } catch (error) {
        this.failures.set(kind.spec.resource, error);
      }
    }
  }
  /** Throws the kind's first error, if any. */
  rethrow(kind: Kind): void {
    if (this.failures.has(kind.spec.resource)) throw this.failures.get(kind.spec.resource);
  }
}

/**
 * Defines the describe block of the standard scenario of every kind in `specs`, all in one stack.
 * They must all get the token the same way (`tokenVia`).
 */
export function describeLifecycleStack(title: string, specs: ResourceScenario[]): void {
  const tokenVia = specs[0]?.tokenVia ?? "env";
  for (const spec of specs) {
    if ((spec.tokenVia ?? "env") !== tokenVia) throw new Error(`${spec.resource}: tokenVia ${spec.tokenVia ?? "env"} differs from ${tokenVia} of the other kinds in "${title}"`);
  }
  const projectName = `e2e-lifecycle-${tokenVia}`;
  const kinds: Kind[] = specs.map((spec) => ({
    spec,
    namespace: kebabCase(spec.resource),
    type: `${typePrefix}${spec.resource}`,
    urn: "",
    id: "",
    baseline: [],
  }));
  const snapshotKinds = kinds.filter((kind) => kind.spec.snapshot !== undefined);

  describe(title, () => {
    let emulator: Emulator;
    let ctx: ScenarioContext;
    let token: string;
    let stack: TestStack;
    /** Setup, config and baseline errors: every later test of the kind fails with them. */
    const setupFailures = new KindFailures();
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
    const apply = async (command: "up" | "refresh" | "destroy"): Promise<EngineEvents> => engineEvents(await run([command, "--yes", "--skip-preview", "--json"]));
    const preview = async (): Promise<PreviewSummary> => JSON.parse((await run(["preview", "--json"])).stdout) as PreviewSummary;
    /** Each kind's values under its own namespace, all in one `config set-all`. */
    const setConfig = async (values: Map<Kind, Record<string, string>>) => {
      const namespaced = Object.fromEntries([...values].flatMap(([kind, kindValues]) => Object.entries(kindValues).map(([key, value]) => [`${kind.namespace}:${key}`, value])));
      if (Object.keys(namespaced).length > 0) await run(configSetAllArgs(namespaced));
    };
    const subjectSteps = (events: EngineEvents, kind: Kind) => events.steps.filter((step) => step.urn === kind.urn);
    const previewStep = (summary: PreviewSummary, kind: Kind): PreviewStep | undefined => summary.steps.find((step) => step.urn === kind.urn);
    /** The preview's JSON lists no step of an unchanged resource, or a "same" one. */
    const expectNoPreviewChange = (summary: PreviewSummary, kind: Kind) => {
      expect(summary.steps.filter((step) => step.urn === kind.urn && step.op !== "same").map((step) => step.op)).toEqual([]);
    };
    const notSame = (summary: PreviewSummary) => summary.steps.filter((step) => step.op !== "same").map((step) => `${step.op} ${step.urn}`);
    const list = async (kind: Kind) => (kind.spec.list ? [...(await kind.spec.list(ctx))].sort() : []);
    const expectListed = async (kind: Kind, ids: string[]) => {
      if (kind.spec.list) expect(await list(kind)).toEqual([...kind.baseline, ...ids].sort());
    };
    const exportState = async () => {
      const result = await run(["stack", "export"]);
      exports.push(result.stdout);
      return JSON.parse(result.stdout) as { deployment: { resources?: Array<Record<string, any>> } };
    };
    /** The decrypted inputs and outputs of every subject: a secret shows as "[secret]" on both sides of the engine's JSON. */
    const decryptedSubjects = async () => {
      const text = (await run(["stack", "export", "--show-secrets"])).stdout;
      const resources = JSON.parse(text).deployment.resources as { urn: string; inputs: Record<string, unknown>; outputs: Record<string, unknown> }[];
      return new Map(resources.map((resource) => [resource.urn, { inputs: resource.inputs, outputs: resource.outputs }]));
    };
    /** A refresh that finds nothing for a kind: no step but "same", and the state's inputs and outputs as they were. */
    const expectRefreshUnchanged = (events: EngineEvents, kind: Kind) => {
      const [refreshed, ...more] = subjectSteps(events, kind);
      expect([refreshed?.op, ...more.map((step) => step.op)]).toEqual(["same"]);
      expect(changedKeys(refreshed?.old?.outputs, refreshed?.new?.outputs)).toEqual([]);
      // Inputs too: a refresh that dropped an input would show it as added in the next diff.
      expect(changedKeys(refreshed?.old?.inputs, refreshed?.new?.inputs)).toEqual([]);
    };
    /** Snapshots of the kinds whose destroy leaves the object, taken right before a destroy. */
    const snapshots = async () => new Map(await Promise.all(snapshotKinds.map(async (kind) => [kind, await kind.spec.snapshot!(ctx)] as const)));
    const forEachKind = (name: (kind: Kind) => string, test: (kind: Kind) => Promise<void> | void, only: Kind[] = kinds) => {
      for (const kind of only) {
        it(
          `${kind.spec.resource}: ${name(kind)}`,
          async () => {
            setupFailures.rethrow(kind);
            await test(kind);
          },
          scenarioTimeout,
        );
      }
    };

    beforeAll(async () => {
      emulator = await startEmulator({ db: ":memory:", ...emulatorOptions(specs) });
      const organization = emulator.fixture.organizations[0];
      token = organization.tokens.admin!;
      ctx = { api: apiClient(emulator.url, token), emulator, organizationId: organization.id };
      // Every kind's setup first, then every baseline: a setup that makes objects another kind
      // lists (a site, a space, a team) is then part of that kind's baseline.
      await setupFailures.each(kinds, async (kind) => kind.spec.setup?.(ctx));
      await setupFailures.each(kinds, async (kind) => {
        kind.baseline = await list(kind);
      });
      const programDir = await writeProgram(projectName, programFiles(projectName, kinds));
      const viaConfig = tokenVia === "config";
      stack = await createStack({
        programDir,
        // Only the environment, or only the (secret) config, carries the API's address and token.
        env: viaConfig ? { DOCS_PLATFORM_API_URL: undefined, DOCS_PLATFORM_TOKEN: undefined } : { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: token },
        timeoutMs: scenarioTimeout,
      });
      if (viaConfig) {
        await run(["config", "set", "docs-platform:apiUrl", "--plaintext"], emulator.url);
        await run(["config", "set", "docs-platform:token", "--secret"], token);
      }
      const initialConfig = new Map<Kind, Record<string, string>>();
      await setupFailures.each(kinds, (kind) => {
        initialConfig.set(kind, kind.spec.config(ctx));
      });
      await setConfig(initialConfig);
      for (const kind of kinds) kind.urn = `urn:pulumi:${stack.name}::${projectName}::${kind.type}::${kind.spec.name}`;
    }, scenarioTimeout);

    afterAll(async () => {
      await stack?.remove().catch(() => undefined);
      await emulator?.close();
    }, scenarioTimeout);

    describe("up", () => {
      let events: EngineEvents;
      beforeAll(async () => {
        events = await apply("up");
      }, scenarioTimeout);

      it("creates every kind's subject and the stack, nothing else", () => {
        expect(changesOnly(events.changes)).toEqual({ create: kinds.length + 1 });
      });

      forEachKind(
        (kind) => (kind.spec.snapshot ? "up takes over the existing object" : "up creates it: one more object in the API"),
        async (kind) => {
          const created = events.steps.filter((step) => step.type === kind.type);
          expect(created.map((step) => [step.op, step.urn])).toEqual([["create", kind.urn]]);
          kind.id = created[0].new!.id!;
          expect(kind.id).toBeTruthy();
          await expectListed(kind, [kind.id]);
          await kind.spec.created(ctx, kind.id);
        },
      );
    });

    describe("preview", () => {
      let summary: PreviewSummary;
      beforeAll(async () => {
        summary = await preview();
      }, scenarioTimeout);

      it("shows no changes", () => {
        expect(notSame(summary)).toEqual([]);
        expect(changesOnly(summary.changeSummary)).toEqual({});
      });

      forEachKind(
        () => "preview then shows no changes",
        (kind) => {
          expectNoPreviewChange(summary, kind);
        },
      );
    });

    describe("refresh", () => {
      let events: EngineEvents;
      beforeAll(async () => {
        events = await apply("refresh");
      }, scenarioTimeout);

      it("shows no changes", () => {
        expect(changesOnly(events.changes)).toEqual({});
      });

      forEachKind(
        () => "refresh then shows no changes",
        (kind) => expectRefreshUnchanged(events, kind),
      );
    });

    describe("one changed input per kind, all at once", () => {
      let summary: PreviewSummary;
      let events: EngineEvents;
      const failures = new KindFailures();
      beforeAll(async () => {
        const changes = new Map<Kind, Record<string, string>>();
        await failures.each(kinds, (kind) => {
          const { config } = kind.spec.change;
          changes.set(kind, typeof config === "function" ? config(ctx) : config);
        });
        await setConfig(changes);
        summary = await preview();
        events = await apply("up");
      }, scenarioTimeout);

      it("preview shows a change of every subject and nothing else; up applies exactly those", () => {
        expect(notSame(summary).sort()).toEqual(kinds.map((kind) => `${kind.spec.change.op} ${kind.urn}`).sort());
        const expected: Record<string, number> = {};
        for (const kind of kinds) expected[kind.spec.change.op] = (expected[kind.spec.change.op] ?? 0) + 1;
        expect(changesOnly(events.changes)).toEqual(expected);
      });

      forEachKind(
        (kind) => `a changed ${kind.spec.change.property} shows in preview as exactly that ${kind.spec.change.op}, and up applies it`,
        async (kind) => {
          failures.rethrow(kind);
          const { change } = kind.spec;
          const step = previewStep(summary, kind);
          expect(step?.op).toBe(change.op);
          expect(changedKeys(step?.oldState?.inputs, step?.newState?.inputs)).toEqual([change.property]);
          if (change.op === "replace") expect(step?.replaceReasons).toEqual([change.property]);

          const steps = subjectSteps(events, kind);
          const previousId = kind.id;
          if (change.op === "update") {
            expect(steps.map((applied) => applied.op)).toEqual(["update"]);
            expect(changedKeys(steps[0].old?.inputs, steps[0].new?.inputs)).toEqual([change.property]);
            expect(steps[0].new?.id).toBe(previousId);
          } else {
            // The engine's order: a natural key that must stay unique is deleted before its replacement.
            expect(steps.map((applied) => applied.op)).toEqual(
              change.deleteBeforeReplace ? ["delete-replaced", "replace", "create-replacement"] : ["create-replacement", "replace", "delete-replaced"],
            );
            kind.id = steps.find((applied) => applied.op === "create-replacement")!.new!.id!;
            expect(kind.id).toBeTruthy();
          }
          await expectListed(kind, [kind.id]);
          await change.applied(ctx, kind.id, previousId);
        },
      );
    });

    describe("drift made through the API for every kind, all at once", () => {
      const failures = new KindFailures();
      let refreshed: EngineEvents;
      let repaired: EngineEvents;
      let summary: PreviewSummary;
      /** Decrypted state before the refresh, after it and after the up, when a kind's drift is a secret. */
      const decrypted: Array<Map<string, { inputs: Record<string, unknown>; outputs: Record<string, unknown> }>> = [];
      const anySecret = kinds.some((kind) => kind.spec.drift.secret);
      beforeAll(async () => {
        await failures.each(kinds, (kind) => kind.spec.drift.make(ctx, kind.id));
        if (anySecret) decrypted.push(await decryptedSubjects());
        refreshed = await apply("refresh");
        if (anySecret) decrypted.push(await decryptedSubjects());
        repaired = await apply("up");
        if (anySecret) decrypted.push(await decryptedSubjects());
        summary = await preview();
      }, scenarioTimeout);

      it("a preview after the repair shows no changes", () => {
        expect(notSame(summary)).toEqual([]);
        expect(changesOnly(summary.changeSummary)).toEqual({});
      });

      forEachKind(
        (kind) => `${kind.spec.drift.property} changed through the API: refresh reports exactly that drift, up repairs it`,
        async (kind) => {
          failures.rethrow(kind);
          const { drift } = kind.spec;
          const decryptedStep = (from: number) => ({ old: decrypted[from].get(kind.urn), new: decrypted[from + 1].get(kind.urn) });
          const refreshSteps = subjectSteps(refreshed, kind);
          expect(refreshSteps.map((step) => step.op)).toEqual(["update"]);
          const seen = drift.secret ? decryptedStep(0) : refreshSteps[0];
          expect(changedKeys(seen.old?.inputs, seen.new?.inputs)).toEqual([drift.property]);
          expect(changedKeys(seen.old?.outputs, seen.new?.outputs)).toEqual([drift.property, ...(drift.outputsAlsoChanged ?? [])].sort());

          const repairSteps = subjectSteps(repaired, kind);
          expect(repairSteps.map((step) => step.op)).toEqual(["update"]);
          const fixed = drift.secret ? decryptedStep(1) : repairSteps[0];
          expect(changedKeys(fixed.old?.inputs, fixed.new?.inputs)).toEqual([drift.property]);
          await drift.repaired(ctx, kind.id);
          expectNoPreviewChange(summary, kind);
        },
      );
    });

    describe("__provider", () => {
      let resources: Array<Record<string, any>>;
      beforeAll(async () => {
        resources = (await exportState()).deployment.resources ?? [];
      }, scenarioTimeout);

      it("every __provider in the state belongs to a subject", () => {
        const providers = resources.filter((resource) => resource.inputs?.__provider !== undefined || resource.outputs?.__provider !== undefined);
        expect(providers.map((resource) => resource.urn).sort()).toEqual(kinds.map((kind) => kind.urn).sort());
      });

      forEachKind(
        () => "every __provider in the state is the small stub that loads the package by name, without the token",
        (kind) => {
          const subject = resources.find((resource) => resource.urn === kind.urn);
          const providers = [subject?.inputs?.__provider, subject?.outputs?.__provider];
          for (const provider of providers) {
            expect(provider).toBe(`exports.handler = () => require("pulumi-docs-platform/dist/runtime/host").handlerFor("${kind.spec.resource}");\n`);
            expect(provider).not.toContain(token);
          }
        },
      );
    });

    describe("destroy", () => {
      let events: EngineEvents;
      let resourcesLeft: unknown[];
      let before: Map<Kind, unknown>;
      let after: Map<Kind, unknown>;
      const listed = new Map<Kind, string[]>();
      beforeAll(async () => {
        before = await snapshots();
        events = await apply("destroy");
        resourcesLeft = (await exportState()).deployment.resources ?? [];
        after = await snapshots();
        await setupFailures.each(kinds, async (kind) => {
          listed.set(kind, await list(kind));
        });
      }, scenarioTimeout);

      it("leaves no resource in the state", () => {
        expect(resourcesLeft).toEqual([]);
      });

      forEachKind(
        (kind) => (kind.spec.snapshot ? "destroy leaves the object as it was" : "destroy leaves nothing in the API"),
        (kind) => {
          expect(subjectSteps(events, kind).map((step) => step.op)).toEqual(["delete"]);
          if (kind.spec.snapshot) expect(after.get(kind)).toEqual(before.get(kind));
          else expect(listed.get(kind)).toEqual(kind.baseline);
        },
      );
    });

    describe("adopt", () => {
      const failures = new KindFailures();
      const existing = new Map<Kind, string>();
      /** Each kind's list once every adoption is prepared, and once up took them over. */
      const listedPrepared = new Map<Kind, string[]>();
      const listedAdopted = new Map<Kind, string[]>();
      let events: EngineEvents;
      beforeAll(async () => {
        const adoptConfig = new Map<Kind, Record<string, string>>();
        await failures.each(kinds, async (kind) => {
          const prepared = await kind.spec.adopt.prepare(ctx);
          existing.set(kind, prepared.id);
          adoptConfig.set(kind, prepared.config);
        });
        await failures.each(kinds, async (kind) => {
          listedPrepared.set(kind, await list(kind));
        });
        await setConfig(adoptConfig);
        events = await apply("up");
        await failures.each(kinds, async (kind) => {
          listedAdopted.set(kind, await list(kind));
        });
      }, scenarioTimeout);

      forEachKind(
        (kind) => (kind.spec.snapshot ? "adopt takes over the object changed beforehand through the API" : "adopt takes over an object created beforehand through the API"),
        async (kind) => {
          failures.rethrow(kind);
          const id = existing.get(kind)!;
          const expected = [...kind.baseline, id].sort();
          if (kind.spec.list) expect(listedPrepared.get(kind)).toEqual(expected);
          const adopted = subjectSteps(events, kind);
          expect(adopted.map((step) => step.op)).toEqual(["create"]);
          expect(adopted[0].new?.id).toBe(id);
          if (kind.spec.list) expect(listedAdopted.get(kind)).toEqual(expected); // taken over, not duplicated
          await kind.spec.adopt.adopted(ctx, id);
        },
      );
    });

    describe("adopted: refresh and preview", () => {
      let events: EngineEvents;
      let summary: PreviewSummary;
      beforeAll(async () => {
        events = await apply("refresh");
        summary = await preview();
        await exportState();
      }, scenarioTimeout);

      it("show no changes", () => {
        expect(changesOnly(events.changes)).toEqual({});
        expect(notSame(summary)).toEqual([]);
        expect(changesOnly(summary.changeSummary)).toEqual({});
      });

      forEachKind(
        () => "refresh and preview after the adoption show no changes",
        (kind) => {
          expectRefreshUnchanged(events, kind);
          expectNoPreviewChange(summary, kind);
        },
      );
    });

    describe("adopted: destroy", () => {
      let before: Map<Kind, unknown>;
      let after: Map<Kind, unknown>;
      const listed = new Map<Kind, string[]>();
      beforeAll(async () => {
        before = await snapshots();
        await apply("destroy");
        after = await snapshots();
        await setupFailures.each(kinds, async (kind) => {
          listed.set(kind, await list(kind));
        });
      }, scenarioTimeout);

      forEachKind(
        (kind) => (kind.spec.snapshot ? "destroy then leaves the adopted object as it was" : "destroy then leaves nothing"),
        (kind) => {
          if (kind.spec.snapshot) expect(after.get(kind)).toEqual(before.get(kind));
          else expect(listed.get(kind)).toEqual(kind.baseline);
        },
      );
    });

    describe("the API token", () => {
      it(`appears nowhere: state, __provider, ${tokenVia === "config" ? "config file, " : ""}CLI output`, async () => {
        expect(results.length).toBeGreaterThan(10);
        expect(exports.length).toBeGreaterThanOrEqual(3);
        for (const text of exports) expect(text).not.toContain(token);
        for (const result of results) {
          expect(result.stdout, result.command).not.toContain(token);
          expect(result.stderr, result.command).not.toContain(token);
        }
        const configText = await fs.readFile(stack.configFile, "utf8");
        expect(configText).not.toContain(token);
        if (tokenVia === "config") expect(configText).toMatch(/docs-platform:token:\s+secure: /);
        expect(path.basename(stack.configFile)).toBe(`Pulumi.${stack.name}.yaml`);
      });

      forEachKind(
        () => "its secret inputs appear in the state only encrypted",
        (kind) => {
          for (const secret of kind.spec.secretValues!) for (const text of exports) expect(text, "a secret input in plain text in the state").not.toContain(secret);
        },
        kinds.filter((kind) => kind.spec.secretValues?.length),
      );
    });
  });
}
