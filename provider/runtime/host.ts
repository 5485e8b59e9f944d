/**
 * The dynamic door: the runtime entry the serialized stub loads by package name inside the Pulumi
 * provider host (`require("pulumi-docs-platform/dist/runtime/host")`). Everything it serves comes
 * from core.ts, which the plugin door (plugin/) shares; this file only speaks the dynamic
 * provider's interface: `configure` with the stack config, and one handler per kind.
 */
// First: on an older Node.js, one line naming the versions (node-version.ts).
import "./node-version";
import type * as pulumi from "@pulumi/pulumi";
import { ConfigurationError, readProviderConfig } from "../config/provider-config";
import { checkWithPreview, configureCore, createInDeployment, diffInDeployment, type KindProvider, providerFor, updateInDeployment } from "./core";
import type { PropertyBag } from "../adapter/property-bag";
import { urnOf } from "./engine-log";
import { IDENTITY_KEY } from "../adapter/property-bag";

export { providerFor } from "./core";

/**
 * Called by the provider host once per serialized stub (so once per resource kind). Every call sees
 * the same stack config; the first one creates the client.
 */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  try {
    await configureCore(readProviderConfig(req.config, process.env));
    refused = undefined;
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    refused = error;
  }
}

/**
 * The configuration's refusal (a malformed key, the rehearsal guard), answered by every call
 * instead of thrown from `configure`: the provider host prints what a method throws as
 * `${error}: ${error.stack}`, under the stack's own row, beside the resource's error, and an
 * error of `configure` there was 42 lines for one sentence. A check answers with a failure, which
 * the engine prints once, as the resource's problem; every other call throws the message alone.
 */
let refused: ConfigurationError | undefined;

function refusal(message: string): Error {
  const error = new Error(message);
  // The provider host prints `${error}: ${error.stack}`: one line.
  error.stack = "";
  return error;
}

/** The kind's provider, answering every call with the configuration's refusal while there is one. */
function refusing(provider: Omit<Handler, "configure">): Omit<Handler, "configure"> {
  const refuse = <T>(call: () => Promise<T>): Promise<T> => (refused ? Promise.reject(refusal(refused.message)) : call());
  return {
    ...provider,
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
 * kind's provider, plus `configure`. The host configures it once per text, so once per kind.
 */
export function handlerFor(kind: string): Handler {
  let handler = handlers.get(kind);
  if (!handler) {
    handler = {
      ...refusing({
        ...providerFor(kind),
        check: (olds, news) => checkWithPreview(kind, olds, news, urnOf(news[IDENTITY_KEY], kind)),
        diff: (id, olds, news) => diffInDeployment(kind, id, olds, news, urnOf(news[IDENTITY_KEY], kind)),
        create: (inputs) => createInDeployment(kind, inputs, urnOf(inputs[IDENTITY_KEY], kind)),
        update: (id, olds, news) => updateInDeployment(kind, id, olds, news, urnOf(news[IDENTITY_KEY], kind)),
      }),
      configure,
    };
    handlers.set(kind, handler);
  }
  return handler;
}

export type { PropertyBag };
