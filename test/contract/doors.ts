/**
 * The provider's two front doors (DESIGN.md 10), in-process and behind one interface, so a test
 * can run the same steps through both: the dynamic door (`dist/runtime/host.js`, what the Node.js
 * dynamic-provider host loads) and the plugin door (`dist/plugin/server.js`, its gRPC handlers
 * called with protobuf requests, as the engine sends them, without a CLI or a socket).
 *
 * Both load the compiled package, as Pulumi runs it (`npm run build` first). Each door holds a
 * core of its own (runtime/core.ts: its configuration, client and claims), as in a deployment,
 * where each door is a process of its own: what one door's resources claim, the other's do not see.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

type Bag = Record<string, any>;

// ---- the plugin door's wire: protobuf requests to the service's handlers --------------------------

type Handler = (call: unknown, callback: (error: Error | null, response?: unknown) => void) => void;
/** The plugin door's provider: a service of its own, holding the core its Configure builds. */
const { pluginService } = require("../../provider/dist/plugin/server.js") as { pluginService: () => Record<string, Handler> };
const service = pluginService();
const { sdk } = require("../../provider/dist/plugin/sdk.js") as { sdk: () => { provider: any; struct: any } };
const { unwrapSecrets } = require("../../provider/dist/plugin/secrets.js") as { unwrapSecrets: (bag: Bag) => { values: Bag; secretKeys: Set<string> } };
/** The SDK's generated protobuf classes (`pulumirpc` requests and responses, google.protobuf.Struct). */
export const { provider: pb, struct } = sdk();

/** Pulumi's wire marker of a secret value (`4dabf181...`: the signature key of a secret). */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** Pulumi's wire form of a secret value. */
export const secret = (value: unknown) => ({ [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270", value });

/** Calls one handler of the plugin's gRPC service as grpc-js would: the answer, or the error it fails with. */
export function call<T>(method: string, request: unknown, on: Record<string, Handler> = service): Promise<T> {
  return new Promise((resolve, reject) => on[method]({ request }, (error, response) => (error ? reject(error) : resolve(response as T))));
}

/** A property bag as a google.protobuf.Struct. */
export const bag = (value: Record<string, unknown>) => struct.Struct.fromJavaScript(value);

/** The URN the engine gives a resource of `kind` named `name` (the plugin door reads the kind from it too). */
export const urnOf = (kind: string, name: string) => `urn:pulumi:test::contract::docs-platform:index:${kind}::${name}`;

/** The engine's Configure, with the provider's inputs as arguments. */
export async function configurePlugin(values: Record<string, unknown>): Promise<void> {
  const request = new pb.ConfigureRequest();
  request.setArgs(bag(values));
  await call("configure", request);
}

/** The engine's CheckConfig of an explicit provider's inputs: the failures it answers. */
export async function checkConfig(news: Record<string, unknown>): Promise<{ property: string; reason: string }[]> {
  const request = new pb.CheckRequest();
  request.setUrn("urn:pulumi:test::contract::pulumi:providers:docs-platform::explicit");
  request.setOlds(bag({}));
  request.setNews(bag(news));
  const response = await call<any>("checkConfig", request);
  return failuresOf(response);
}

function failuresOf(response: any): { property: string; reason: string }[] {
  return response.getFailuresList().map((failure: any) => ({ property: failure.getProperty(), reason: failure.getReason() }));
}

/** A protobuf request of `kind` for the resource `name`: its URN and type set, as the engine sends them. */
function resourceRequest(Request: new () => any, kind: string, name: string): any {
  const request = new Request();
  request.setUrn(urnOf(kind, name));
  request.setType(`docs-platform:index:${kind}`);
  return request;
}

/** The engine's Check of a resource's inputs (`olds`: the previous inputs, empty for a create). */
export async function checkResource(kind: string, name: string, news: Bag, olds: Bag = {}): Promise<CheckAnswer> {
  const request = resourceRequest(pb.CheckRequest, kind, name);
  request.setOlds(bag(olds));
  request.setNews(bag(news));
  const response = await call<any>("check", request);
  return { inputs: plain(response.getInputs()), failures: failuresOf(response) };
}

/** `pulumi import <type> <name> <importId>`: the engine's Read with only an id, no properties. */
export async function importRead(kind: string, importId: string, name = "imported"): Promise<ReadAnswer> {
  const request = resourceRequest(pb.ReadRequest, kind, name);
  request.setId(importId);
  request.setProperties(bag({}));
  return readAnswer(await call<any>("read", request));
}

/** A Struct's values with the secret markers taken off (what the program sees, not how it is stored). */
function plain(value: { toJavaScript(): unknown } | undefined): Bag {
  return unwrapSecrets((value?.toJavaScript() as Bag | undefined) ?? {}).values;
}

function readAnswer(response: any): ReadAnswer {
  const inputs = response.getInputs();
  return { id: response.getId(), props: plain(response.getProperties()), ...(inputs ? { inputs: plain(inputs) } : {}) };
}

// ---- one interface over both doors --------------------------------------------------------------

export interface CheckAnswer {
  inputs: Bag;
  failures: { property: string; reason: string }[];
}

export interface ReadAnswer {
  id: string;
  props: Bag;
  inputs?: Bag;
}

export interface ProviderSettings {
  apiUrl: string;
  token: string;
  organizationId: string;
}

/** The calls the engine makes on a resource, as one door answers them (secrets unwrapped). */
export interface Door {
  readonly name: "dynamic" | "plugin";
  configure(settings: ProviderSettings): Promise<void>;
  check(kind: string, news: Bag, olds?: Bag): Promise<CheckAnswer>;
  diff(kind: string, id: string, olds: Bag, news: Bag): Promise<{ changes: boolean; replaces: string[] }>;
  create(kind: string, inputs: Bag): Promise<{ id: string; outs: Bag }>;
  read(kind: string, id: string, props: Bag): Promise<ReadAnswer>;
  update(kind: string, id: string, olds: Bag, news: Bag): Promise<{ outs: Bag }>;
  delete(kind: string, id: string, props: Bag): Promise<void>;
  /**
   * `pulumi import` by an import id, in a fresh provider process (nothing read before answers it);
   * absent where the engine cannot import (dynamic resources: pulumi/pulumi#16175).
   */
  readonly importRead?: (kind: string, importId: string) => Promise<ReadAnswer>;
  /**
   * The same door for the resource `name` of each kind: the plugin door's URN names it, the
   * dynamic door sends its identity as the package's classes do (dynamic/args.ts), so the core
   * knows it by a URN in both and the deployment's rules (one owner, one way) apply.
   */
  named(name: string): Door;
}

type DynamicHandler = {
  check(olds: Bag, news: Bag): Promise<{ inputs: Bag; failures?: { property: string; reason: string }[] }>;
  diff(id: string, olds: Bag, news: Bag): Promise<{ changes?: boolean; replaces?: string[] }>;
  create(inputs: Bag): Promise<{ id: string; outs?: Bag }>;
  read(id: string, props: Bag): Promise<{ id?: string; props?: Bag; inputs?: Bag }>;
  update(id: string, olds: Bag, news: Bag): Promise<{ outs?: Bag }>;
  delete(id: string, props: Bag): Promise<void>;
};
const host = require("../../provider/dist/runtime/host.js") as {
  configure(req: { config: { get(key: string): string | undefined } }): Promise<void>;
  handlerFor(kind: string): DynamicHandler;
};

/** The `__provider` input the engine passes the dynamic door: the serialized stub (its text does not matter here). */
const SERIALIZED_STUB = "serialized-stub";

/**
 * The dynamic door: `configure` with the stack config, then the kind's handler (what the
 * serialized stub calls). Inputs carry `__provider` as the engine's do; answers are returned
 * without it. A resource has no URN here unless `named` (the program-side class sends its
 * identity; these calls send none), so the deployment's rules are otherwise the plugin door's alone.
 */
export const dynamicDoor: Door = dynamicDoorFor(undefined);

/** The dynamic door; `name` given, each input bag carries the identity of the resource `name` of its kind. */
function dynamicDoorFor(name: string | undefined): Door {
  const identified = (kind: string, values: Bag): Bag => (name === undefined ? values : { ...values, __identity: `contract/test/${kind}/${name}` });
  return {
    name: "dynamic",
    named: (other) => dynamicDoorFor(other),
    async configure({ apiUrl, token }) {
      const values: Record<string, string> = { apiUrl, token };
      await host.configure({ config: { get: (key) => values[key.replace(/^docs-platform:/, "")] } });
    },
    async check(kind, news, olds = {}) {
      const checked = await host.handlerFor(kind).check(olds, identified(kind, { ...news, __provider: SERIALIZED_STUB }));
      return { inputs: withoutStub(checked.inputs), failures: checked.failures ?? [] };
    },
    async diff(kind, id, olds, news) {
      const decided = await host.handlerFor(kind).diff(id, { ...olds, __provider: SERIALIZED_STUB }, identified(kind, { ...news, __provider: SERIALIZED_STUB }));
      return { changes: decided.changes === true, replaces: decided.replaces ?? [] };
    },
    async create(kind, inputs) {
      const created = await host.handlerFor(kind).create(identified(kind, { ...inputs, __provider: SERIALIZED_STUB }));
      return { id: created.id, outs: withoutStub(created.outs ?? {}) };
    },
    async read(kind, id, props) {
      const found = await host.handlerFor(kind).read(id, { ...props, __provider: SERIALIZED_STUB });
      return { id: found.id ?? "", props: withoutStub(found.props ?? {}), ...(found.inputs ? { inputs: withoutStub(found.inputs) } : {}) };
    },
    async update(kind, id, olds, news) {
      const updated = await host.handlerFor(kind).update(id, { ...olds, __provider: SERIALIZED_STUB }, identified(kind, { ...news, __provider: SERIALIZED_STUB }));
      return { outs: withoutStub(updated.outs ?? {}) };
    },
    async delete(kind, id, props) {
      await host.handlerFor(kind).delete(id, { ...props, __provider: SERIALIZED_STUB });
    },
  };
}

function withoutStub(values: Bag): Bag {
  const { __provider: _stub, ...rest } = values;
  return rest;
}

/** Every resource of the plugin door is one name per kind: the engine's checks of one resource share its URN. */
const RESOURCE_NAME = "contract";

/** The plugin door: the gRPC handlers with protobuf requests, as the engine drives a resource provider plugin. */
export const pluginDoor: Door = pluginDoorFor(RESOURCE_NAME);

/** The settings the plugin door was last configured with (for the fresh core of an import). */
let pluginSettings: ProviderSettings | undefined;

/**
 * `pulumi import` as the CLI runs it: a new plugin process, configured with the door's settings,
 * so nothing an earlier call read (the lists a refresh shares, the deployment's claims) answers its
 * Read, and nothing it reads is left to the door's own provider (its later delete still belongs to
 * the deployment that made the object).
 */
async function importInFreshProcess(kind: string, importId: string, name: string): Promise<ReadAnswer> {
  if (!pluginSettings) throw new Error("the plugin door is not configured: call its configure first");
  const fresh = pluginService();
  const configure = new pb.ConfigureRequest();
  configure.setArgs(bag({ ...pluginSettings }));
  await call("configure", configure, fresh);
  const request = resourceRequest(pb.ReadRequest, kind, name);
  request.setId(importId);
  request.setProperties(bag({}));
  return readAnswer(await call<any>("read", request, fresh));
}

function pluginDoorFor(resourceName: string): Door {
  return {
    name: "plugin",
    named: (other) => pluginDoorFor(other),
    async configure(settings) {
      pluginSettings = settings;
      await configurePlugin({ ...settings });
    },
    check: (kind, news, olds = {}) => checkResource(kind, resourceName, news, olds),
    async diff(kind, id, olds, news) {
      const request = resourceRequest(pb.DiffRequest, kind, resourceName);
      request.setId(id);
      request.setOlds(bag(olds));
      request.setNews(bag(news));
      const response = await call<any>("diff", request);
      return { changes: response.getChanges() === pb.DiffResponse.DiffChanges.DIFF_SOME, replaces: response.getReplacesList() };
    },
    async create(kind, inputs) {
      const request = resourceRequest(pb.CreateRequest, kind, resourceName);
      request.setProperties(bag(inputs));
      const response = await call<any>("create", request);
      return { id: response.getId(), outs: plain(response.getProperties()) };
    },
    async read(kind, id, props) {
      const request = resourceRequest(pb.ReadRequest, kind, resourceName);
      request.setId(id);
      request.setProperties(bag(props));
      return readAnswer(await call<any>("read", request));
    },
    async update(kind, id, olds, news) {
      const request = resourceRequest(pb.UpdateRequest, kind, resourceName);
      request.setId(id);
      request.setOlds(bag(olds));
      request.setNews(bag(news));
      const response = await call<any>("update", request);
      return { outs: plain(response.getProperties()) };
    },
    async delete(kind, id, props) {
      const request = resourceRequest(pb.DeleteRequest, kind, resourceName);
      request.setId(id);
      request.setProperties(bag(props));
      await call("delete", request);
    },
    async importRead(kind, importId) {
      return importInFreshProcess(kind, importId, resourceName);
    },
  };
}

export const DOORS: readonly Door[] = [dynamicDoor, pluginDoor];
