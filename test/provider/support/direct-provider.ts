/**
 * Harness of the provider suites that call a resource's provider methods directly against an
 * in-memory emulator: one emulator per test file, an API client with the admin token, and a raw
 * `fetch` helper to set up and check objects through the API, independently of the provider.
 */
import { ApiClient } from "../../../provider/client/index.ts";
import type { ApiRequester, ResourceContext } from "../../../provider/runtime/api.ts";
import type { Adopt } from "../../../provider/runtime/adopt.ts";
import { type ResourceDefinition, toProvider } from "../../../provider/runtime/resource.ts";
import { startEmulator, type Emulator } from "../../emulator/index.ts";

export interface Harness {
  emulator: Emulator;
  organizationId: string;
  spaceIds: string[];
  client: ApiClient;
  /** A raw API call: status and parsed body (undefined when empty). */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Creates a space through the API (the emulator's POST /orgs/{org}/spaces). */
  createSpace(title: string): Promise<string>;
  close(): Promise<void>;
}

export async function startHarness(options: { openapiProcessingMs?: number } = {}): Promise<Harness> {
  const emulator = await startEmulator({ db: ":memory:", ...options });
  const organization = emulator.fixture.organizations[0]!;
  const token = organization.tokens.admin!;
  const client = new ApiClient({ baseUrl: emulator.url, token, maxRetries: 0 });
  const api: Harness["api"] = async (method, path, body) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
  };
  return {
    emulator,
    organizationId: organization.id,
    spaceIds: organization.spaceIds,
    client,
    api,
    async createSpace(title) {
      const created = await api("POST", `/orgs/${organization.id}/spaces`, { title });
      if (created.status !== 201) throw new Error(`creating space ${title}: ${created.status} ${JSON.stringify(created.body)}`);
      return created.body.id as string;
    },
    async close() {
      await client.close();
      await emulator.close();
    },
  };
}

/** Outputs as the tests read them. */
export type Outs = Record<string, any>;

/**
 * The provider of `definition` over `api` (the harness's client unless a test wraps it), with
 * results typed for assertions: `outs` and `props` always present.
 */
export function providerOf<I extends { adopt?: Adopt }>(definition: ResourceDefinition<I>, api: () => ApiRequester) {
  const provider = toProvider(definition, (): ResourceContext => ({ api: api() }));
  return {
    check: (olds: Outs, news: Outs) => provider.check(olds, news),
    diff: (id: string, olds: Outs, news: Outs) => provider.diff(id, olds, news),
    async create(inputs: Outs): Promise<{ id: string; outs: Outs }> {
      const result = await provider.create(inputs);
      return { id: result.id, outs: (result.outs ?? {}) as Outs };
    },
    async read(id: string, props: Outs): Promise<{ id: string; props: Outs; inputs: Outs | undefined }> {
      const result = await provider.read(id, props);
      return { id: result.id ?? "", props: (result.props ?? {}) as Outs, inputs: result.inputs as Outs | undefined };
    },
    async update(id: string, olds: Outs, news: Outs): Promise<{ outs: Outs }> {
      const result = await provider.update(id, olds, news);
      return { outs: (result.outs ?? {}) as Outs };
    },
    delete: (id: string, props: Outs) => provider.delete(id, props),
  };
}

/** Total requests the emulator has answered (its control surface). */
export async function requestCount(h: Harness): Promise<number> {
  const response = await fetch(`${h.emulator.controlUrl}/requests`);
  return ((await response.json()) as { total: number }).total;
}

/**
 * An ApiRequester that fails the calls `fail` selects with `error`, passing the rest through:
 * how a suite makes one step of a multi-step create fail.
 */
export function failing(inner: ApiRequester, fail: (method: string, path: readonly string[]) => boolean, error: () => Error): ApiRequester {
  return {
    request(method, path, options) {
      if (fail(method, path)) return Promise.reject(error());
      return inner.request(method, path, options);
    },
    paginate(path, query) {
      return inner.paginate(path, query);
    },
  };
}

/** Property paths of a check's failures, sorted. */
export function failedProperties(result: { failures?: { property: string }[] }): string[] {
  return (result.failures ?? []).map((failure) => failure.property).sort();
}

/** Rejection of a promise that must fail, for assertions on its fields. */
export async function rejectionOf(promise: Promise<unknown>): Promise<any> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
}
