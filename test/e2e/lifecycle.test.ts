// Every resource kind's standard scenario through the real Pulumi CLI (support/resource-scenario.ts),
// many kinds in one stack against one emulator (support/lifecycle-stack.ts): about 13 engine
// commands a stack instead of 13 per kind. Each kind's spec is in scenarios/<kind>.ts; the
// kind-specific tests outside the scenario stay in <kind>.test.ts.
//
// Team gets the API's address and token from the stack config (the token a secret), proving that
// path with nothing in the environment. That config reaches every resource of a stack, so Team has
// a second stack of its own (its own emulator); every other kind takes them from the environment.
import { scenario as agentInstructions } from "./scenarios/agent-instructions.ts";
import { scenario as collection } from "./scenarios/collection.ts";
import { scenario as openApiSpec } from "./scenarios/open-api-spec.ts";
import { scenario as organizationMember } from "./scenarios/organization-member.ts";
import { scenario as organizationSettings } from "./scenarios/organization-settings.ts";
import { scenario as samlProvider } from "./scenarios/saml-provider.ts";
import { scenario as siteAdaptiveSchema } from "./scenarios/site-adaptive-schema.ts";
import { scenario as siteCustomization } from "./scenarios/site-customization.ts";
import { scenario as siteSectionGroup } from "./scenarios/site-section-group.ts";
import { scenario as siteSection } from "./scenarios/site-section.ts";
import { scenario as siteSpaceCustomization } from "./scenarios/site-space-customization.ts";
import { scenario as siteSpace } from "./scenarios/site-space.ts";
import { scenario as siteStructure } from "./scenarios/site-structure.ts";
import { scenario as site } from "./scenarios/site.ts";
import { scenario as space } from "./scenarios/space.ts";
import { scenario as teamMember } from "./scenarios/team-member.ts";
import { scenario as team } from "./scenarios/team.ts";
import { scenario as translation } from "./scenarios/translation.ts";
import { describe, expect, it } from "vitest";
import { KINDS } from "../../provider/resources/kinds.ts";
import { describeLifecycleStack } from "./support/lifecycle-stack.ts";

const inEnvironmentStack = [
  organizationSettings,
  organizationMember,
  teamMember,
  samlProvider,
  collection,
  space,
  translation,
  agentInstructions,
  site,
  siteSectionGroup,
  siteSection,
  siteSpace,
  siteStructure,
  siteCustomization,
  siteSpaceCustomization,
  siteAdaptiveSchema,
  openApiSpec,
];

describe("the lifecycle scenarios", () => {
  it("cover every kind of the registry, each once", () => {
    expect([...inEnvironmentStack, team].map((spec) => spec.resource).sort()).toEqual(KINDS.map((definition) => definition.kind).sort());
  });
});

describeLifecycleStack("the standard scenario of 17 kinds in one stack, the token in the environment", inEnvironmentStack);

describeLifecycleStack("Team's standard scenario, the token in the stack config", [team]);
