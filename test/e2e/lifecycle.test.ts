// Every resource kind's standard scenario through the real Pulumi CLI (support/resource-scenario.ts),
// many kinds in one stack against one emulator (support/lifecycle-stack.ts): about 13 engine
// commands a stack instead of 13 per kind. Each kind's spec is in scenarios/<kind>.ts; the
// kind-specific tests outside the scenario stay in <kind>.test.ts.
//
// Team gets the API's address and token from the stack config (the token a secret), proving that
// path with nothing in the environment. That config reaches every resource of a stack, so Team has
// a second stack of its own (its own emulator); every other kind takes them from the environment.
import { describe, expect, it } from "vitest";
import { fileOf, KINDS } from "../../provider/resources/kinds.ts";
import type { ResourceScenario } from "./support/resource-scenario.ts";
import { describeLifecycleStack } from "./support/lifecycle-stack.ts";

// Each kind's scenario, scenarios/<file>.ts, found by the kind's name in the registry's order: a
// kind added without one fails this file, naming the file to write.
const scenarios: ResourceScenario[] = await Promise.all(
  KINDS.map(async ({ kind }) => {
    const file = `./scenarios/${fileOf(kind)}.ts`;
    const module = (await import(file).catch((error: unknown) => {
      throw new Error(`test/e2e/lifecycle.test.ts: ${kind} has no scenario (write test/e2e/${file.slice(2)}): ${String(error)}`);
    })) as { scenario: ResourceScenario };
    return module.scenario;
  }),
);
const team = scenarios.find((scenario) => scenario.resource === "Team")!;
const inEnvironmentStack = scenarios.filter((scenario) => scenario !== team);

describe("the lifecycle scenarios", () => {
  it("cover every kind of the registry, each once", () => {
    expect([...inEnvironmentStack, team].map((spec) => spec.resource).sort()).toEqual(KINDS.map((definition) => definition.kind).sort());
  });
});

describeLifecycleStack(`the standard scenario of ${inEnvironmentStack.length} kinds in one stack, the token in the environment`, inEnvironmentStack);

describeLifecycleStack("Team's standard scenario, the token in the stack config", [team]);
