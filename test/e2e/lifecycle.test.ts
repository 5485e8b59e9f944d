// Every resource kind's standard scenario through the real Pulumi CLI (support/resource-scenario.ts),
// all kinds in one stack against one emulator (support/lifecycle-stack.ts): about 13 engine
// commands instead of 13 per kind. Each kind's spec is in scenarios/<kind>.ts; the kind-specific
// tests outside the scenario stay in <kind>.test.ts.
//
// Team gets the API's address and token from the stack config (the token a secret), proving that
// path with nothing in the environment; the config reaches every resource of a stack, so it has a
// stack of its own. The other kinds take them from the environment.
import { describeLifecycleStack } from "./support/lifecycle-stack.ts";
import { scenario as collection } from "./scenarios/collection.ts";
import { scenario as samlProvider } from "./scenarios/saml-provider.ts";
import { scenario as site } from "./scenarios/site.ts";

describeLifecycleStack("the standard scenario of every kind in one stack, the token in the environment", [collection, samlProvider, site]);
