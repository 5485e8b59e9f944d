/**
 * The runtime entry the serialized stub loads by package name inside the Pulumi provider host
 * (`require("pulumi-docs-platform/dist/runtime/host")`). It owns the process-wide state: the
 * configuration read by `configure` and the one HTTP client every resource shares, so the
 * concurrency limit and keep-alive connections are per provider process, not per resource.
 */
// First: on an older Node.js, one line naming the versions (node-version.ts).
import "./node-version";
import type * as pulumi from "@pulumi/pulumi";
import { ApiClient } from "../client";
import type { ApiRequester, ResourceContext } from "./api";
import { type ProviderConfig, readProviderConfig } from "./config";
import { type ResourceDefinition, toProvider } from "./resource";
import type { PropertyBag } from "./stub";
import type { Adopt } from "./adopt";
import { CreateJournal, journalDirectory } from "./create-journal";
import { DeploymentClaims } from "./deployment-claims";
import { SharedLists } from "./shared-lists";
import { logToEngine, urnOf } from "./engine-log";
import { previewChecks } from "./preview-checks";
import { IDENTITY_KEY } from "./args";

type Provider = ReturnType<typeof toProvider>;

let config: ProviderConfig | undefined;
let client: ApiClient | undefined;
let journal: CreateJournal | undefined;
/** The lists a refresh shares between the resources of a parent, and the requester that forgets them on every write. */
let lists: SharedLists | undefined;
let api: ApiRequester | undefined;
/** One provider host process serves one deployment: its claims live as long as the process. */
const claims = new DeploymentClaims();
const providers = new Map<string, Provider>();

/**
 * Called by the provider host once per serialized stub (so once per resource kind). Every call sees
 * the same stack config; the first one creates the client.
 */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  const next = readProviderConfig(req.config, process.env);
  if (config && client && JSON.stringify(next) === JSON.stringify(config)) return;
  await client?.close();
  config = next;
  client = new ApiClient({
    baseUrl: next.apiUrl,
    token: next.token,
    maxRetries: next.maxRetries,
    requestTimeoutMs: next.requestTimeoutMs,
    maxConcurrentRequests: next.maxConcurrentRequests,
    requestsPerSecond: next.requestsPerSecond,
    rateLimitShare: next.rateLimitShare,
  });
  lists = new SharedLists(client);
  api = lists.observe(client);
}

function context(): ResourceContext {
  if (!client || !api || !lists) {
    // Pulumi always calls configure first; reaching this means the stub was used outside a provider host.
    throw new Error("pulumi-docs-platform: the provider was used before it was configured");
  }
  journal ??= new CreateJournal(journalDirectory());
  return { api, journal, claims, lists };
}

/** `OpenApiSpec` -> `open-api-spec`: the file that holds the kind's definition. */
export function moduleNameOf(kind: string): string {
  if (!/^[A-Z][A-Za-z]*$/.test(kind)) throw new Error(`pulumi-docs-platform: unknown resource kind ${JSON.stringify(kind)}`);
  return kind.replace(/(?<!^)([A-Z])/g, "-$1").toLowerCase();
}

/** The definition of one resource kind, loaded on first use. */
function definitionFor(kind: string): ResourceDefinition<{ adopt?: Adopt }> {
  const loaded: { definition?: ResourceDefinition<{ adopt?: Adopt }> } = require(`../resources/${moduleNameOf(kind)}`);
  if (!loaded.definition || loaded.definition.kind !== kind) {
    throw new Error(`pulumi-docs-platform: no resource kind ${kind} in this version of the package`);
  }
  return loaded.definition;
}

/** The provider implementation of one resource kind, loaded on first use. */
export function providerFor(kind: string): Provider {
  let provider = providers.get(kind);
  if (!provider) {
    provider = toProvider(definitionFor(kind), context);
    providers.set(kind, provider);
  }
  return provider;
}

type Handler = Provider & { configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> };
const handlers = new Map<string, Handler>();

/**
 * What the `__provider` text of a resource of `kind` hands the provider host (stub.ts): the
 * kind's provider, plus `configure`. The host configures it once per text, so once per kind.
 */
export function handlerFor(kind: string): Handler {
  let handler = handlers.get(kind);
  if (!handler) {
    const provider = providerFor(kind);
    const definition = definitionFor(kind);
    handler = {
      ...provider,
      async check(olds, news) {
        const checked = await provider.check(olds, news);
        // A create (no previous inputs) that passed validation: what `up` would find, said now.
        if (!checked.failures?.length && Object.keys(olds ?? {}).length === 0 && client) {
          const urn = urnOf(news[IDENTITY_KEY], kind);
          const messages: Promise<boolean>[] = [];
          const { lists: _lists, ...ctx } = context();
          const failures = await previewChecks(definition, ctx, checked.inputs as { adopt?: Adopt }, (severity, message) => messages.push(logToEngine(severity, urn, message)));
          await Promise.all(messages);
          if (failures.length > 0) return forTheEngine({ inputs: news, failures });
        }
        return forTheEngine(checked);
      },
      configure,
    };
    handlers.set(kind, handler);
  }
  return handler;
}

export type { PropertyBag };

/**
 * Check failures as the engine prints them: "property <key> value {<its value>} has a problem:
 * <reason>". The engine looks the property up among the top-level inputs, so a nested path
 * (`source.url`) would show as `value {<nil>}`: the failure names its top-level input, and the
 * reason, which starts with the whole path, says where inside it.
 */
function forTheEngine<T extends { failures?: { property: string; reason: string }[] }>(result: T): T {
  if (!result.failures?.length) return result;
  return { ...result, failures: result.failures.map((failure) => ({ ...failure, property: failure.property.split(".")[0] ?? failure.property })) };
}
