/**
 * The dynamic door: the runtime entry the serialized stub loads by package name inside the Pulumi
 * provider host (`require("pulumi-docs-platform/dist/runtime/host")`). It holds the core
 * (core.ts) the host's configuration builds, and serves everything from it; this file only speaks
 * the dynamic provider's interface: `configure` with the stack config, and one handler per kind.
 */
// First: on an older Node.js, one line naming the versions (node-version.ts).
import "./node-version";
import type * as pulumi from "@pulumi/pulumi";
import { ConfigurationError, readProviderConfig } from "../config/provider-config";
import { type Core, createCore, type KindProvider, reconfigured } from "./core";
import type { PropertyBag } from "../adapter/property-bag";
import { urnOf } from "./engine-log";
import { IDENTITY_KEY } from "../adapter/property-bag";
import { oneLineError } from "../adapter/operation-errors";

/**
 * The core this door serves from: one per provider host process, which serves one deployment.
 * Until the host configures it, a core that only validates.
 */
let core: Core = createCore(undefined);

/**
 * The configuration's refusal (a malformed key, the rehearsal guard), answered by every call
 * instead of thrown from `configure`: the provider host prints what a method throws as
 * `${error}: ${error.stack}`, under the stack's own row, beside the resource's error, and an
 * error of `configure` there was 42 lines for one sentence. A check answers with a failure, which
 * the engine prints once, as the resource's problem; every other call throws the message alone.
 */
let refused: ConfigurationError | undefined;

/**
 * Called by the provider host once per serialized stub (so once per resource kind). Every call sees
 * the same stack config; the first one builds the core, the others keep it.
 */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  try {
    core = await reconfigured(core, readProviderConfig(req.config, process.env));
    refused = undefined;
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    refused = error;
  }
}

/**
 * The kind's own provider, without the deployment's rules, on the core configured when each call
 * is made: what the serialized stubs of 0.1.0 call after `configure` (dynamic/stub.ts).
 */
export function providerFor(kind: string): KindProvider {
  return {
    check: (olds, news) => core.kindProvider(kind).check(olds, news),
    diff: (id, olds, news) => core.kindProvider(kind).diff(id, olds, news),
    create: (inputs) => core.kindProvider(kind).create(inputs),
    read: (id, props) => core.kindProvider(kind).read(id, props),
    update: (id, olds, news) => core.kindProvider(kind).update(id, olds, news),
    delete: (id, props) => core.kindProvider(kind).delete(id, props),
  };
}

/** The kind's provider, answering every call with the configuration's refusal while there is one. */
function refusing(provider: KindProvider): KindProvider {
  const refuse = <T>(call: () => Promise<T>): Promise<T> => (refused ? Promise.reject(oneLineError(refused.message)) : call());
  return {
    check: (olds, news) => (refused ? Promise.resolve({ inputs: news, failures: [{ property: "", reason: refused.message }] }) : provider.check(olds, news)),
    diff: (id, olds, news) => refuse(() => provider.diff(id, olds, news)),
    create: (inputs) => refuse(() => provider.create(inputs)),
    update: (id, olds, news) => refuse(() => provider.update(id, olds, news)),
    read: (id, props) => refuse(() => provider.read(id, props)),
    delete: (id, props) => refuse(() => provider.delete(id, props)),
  };
}

type Handler = KindProvider & { configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> };
const handlers = new Map<string, Handler>();

/**
 * What the `__provider` text of a resource of `kind` hands the provider host (stub.ts): the
 * kind's calls on the door's core, plus `configure`. The host configures it once per text, so
 * once per kind. The resource's URN is its identity, which the package's classes send.
 */
export function handlerFor(kind: string): Handler {
  let handler = handlers.get(kind);
  if (!handler) {
    handler = {
      ...refusing({
        check: (olds, news) => core.check(kind, olds, news, urnOf(news[IDENTITY_KEY], kind)),
        diff: (id, olds, news) => core.diff(kind, id, olds, news, urnOf(news[IDENTITY_KEY], kind)),
        create: (inputs) => core.create(kind, inputs, urnOf(inputs[IDENTITY_KEY], kind)),
        read: (id, props) => core.read(kind, id, props),
        update: (id, olds, news) => core.update(kind, id, olds, news, urnOf(news[IDENTITY_KEY], kind)),
        delete: (id, props) => core.delete(kind, id, props),
      }),
      configure,
    };
    handlers.set(kind, handler);
  }
  return handler;
}

export type { PropertyBag };
