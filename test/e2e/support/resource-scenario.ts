// The standard end-to-end scenario of a resource kind, driven through the real Pulumi CLI over a
// real Pulumi program, against an in-memory emulator:
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
// A kind's spec only describes what differs: the program, the config, the one changed input, the
// drift, the adoption and how to list its objects (test/e2e/scenarios/<kind>.ts). lifecycle-stack.ts
// runs every kind's scenario at once, in one stack (test/e2e/lifecycle.test.ts).
import type { Emulator } from "../../emulator/index.ts";
import type { PulumiResult } from "../../pulumi-cli/run-pulumi.ts";
import type { Api } from "./api.ts";

export const scenarioTimeout = 5 * 60_000;

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
   * The program's statements. In scope: `pulumi`, `docs` (the package), `config` (a pulumi.Config
   * of the kind's own namespace, e.g. "site-section", where its `config` values are set) and `adopt`
   * (`config.getObject("adopt")`, undefined until the adopt phase). It must declare the resource
   * under test as `const subject = new docs.<resource>("<name>", { ..., adopt })`. The statements
   * run in a block beside the other kinds': no `export`, and no other docs resource.
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
