/**
 * Harness of the provider suites that call a resource's provider methods directly against an
 * in-memory emulator: one emulator per test file, an API client with the admin token, a recording
 * requester to see which API calls a provider method made (and to fail chosen ones), and raw
 * `fetch` access to the API to set up objects, make drift and check what a provider call really
 * did, independently of the provider.
 */
import { expect } from "vitest";
import { ApiClient } from "../../../provider/client/index.ts";
import type { ApiRequester, HttpMethod, PathSegments, QueryParameters } from "../../../provider/api/requester.ts";
import type { Adopt } from "../../../provider/adapter/adopt.ts";
import { type ResourceDefinition, toProvider } from "../../../provider/adapter/resource.ts";
import { type Emulator, startEmulator } from "../../emulator/index.ts";
import { rawRequest, requestCounts } from "../../contract/emulator-setup.ts";

/** The `__provider` value the suites pass, as the engine passes the serialized provider. */
export const PROVIDER = "serialized-stub";

export interface Call {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

/** Which calls a RecordingRequester fails before they are sent, and with what error. */
export type FailWhen = (call: Call) => Error | undefined;

/**
 * An ApiRequester that records each call and fails the calls `failWhen` selects before they are
 * sent, passing the rest through: how a suite sees what a provider method did, or makes one step
 * of a multi-step create fail.
 */
export class RecordingRequester implements ApiRequester {
  readonly calls: Call[] = [];
  failWhen: FailWhen | undefined;
  readonly inner: ApiRequester;

  constructor(inner: ApiRequester, failWhen?: FailWhen) {
    this.inner = inner;
    this.failWhen = failWhen;
  }

  async request<T>(method: HttpMethod, path: PathSegments, options?: { query?: QueryParameters; body?: unknown }): Promise<T> {
    const call: Call = { method, path: `/${path.join("/")}`, ...(options?.body !== undefined ? { body: options.body } : {}) };
    this.calls.push(call);
    const failure = this.failWhen?.(call);
    if (failure) throw failure;
    return this.inner.request<T>(method, path, options);
  }

  get retryPolicy(): ApiRequester["retryPolicy"] {
    return this.inner.retryPolicy;
  }

  paginate<T>(path: PathSegments, query?: QueryParameters): AsyncIterableIterator<T> {
    this.calls.push({ method: "GET", path: `/${path.join("/")}` });
    return this.inner.paginate<T>(path, query);
  }

  writes(): Call[] {
    return this.calls.filter((call) => call.method !== "GET");
  }

  reset(): void {
    this.calls.length = 0;
    this.failWhen = undefined;
  }
}

export interface Harness {
  emulator: Emulator;
  organizationId: string;
  otherOrganizationId: string;
  spaceIds: string[];
  token: string;
  users: { admin: string; editor: string; reader: string };
  client: ApiClient;
  /** Records the calls made through it; suites reset it before each test. */
  requester: RecordingRequester;
  /** Raw API access with the admin token: `{status, body}`; body undefined when empty. */
  api(method: HttpMethod, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Creates a space through the API (the emulator's POST /orgs/{org}/spaces). */
  createSpace(title: string): Promise<string>;
  /** Creates a site through the API (POST /orgs/{org}/sites). */
  createSite(title: string): Promise<string>;
  /** Total requests the emulator has answered (its control surface). */
  requestCount(): Promise<number>;
  close(): Promise<void>;
}

export async function startHarness(options: { openapiProcessingMs?: number } = {}): Promise<Harness> {
  const emulator = await startEmulator({ db: ":memory:", ...options });
  const [organization, other] = emulator.fixture.organizations;
  if (!organization || !other) throw new Error("the demo fixture should hold two organizations");
  const token = organization.admin.token;
  const client = new ApiClient({ baseUrl: emulator.url, token, maxRetries: 0 });
  const userOf = (member: { userId: string } | undefined, role: string): string => {
    if (!member) throw new Error(`the demo fixture's first organization should have a ${role}`);
    return member.userId;
  };
  const api: Harness["api"] = (method, path, body) => rawRequest(emulator.url, token, method, path, body);
  const create = async (what: string, title: string): Promise<string> => {
    const created = await api("POST", `/orgs/${organization.id}/${what}s`, { title });
    if (created.status !== 201) throw new Error(`creating ${what} ${title}: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id as string;
  };
  return {
    emulator,
    organizationId: organization.id,
    otherOrganizationId: other.id,
    spaceIds: organization.spaceIds,
    token,
    users: { admin: organization.admin.userId, editor: userOf(organization.editor, "editor"), reader: userOf(organization.reader, "reader") },
    client,
    requester: new RecordingRequester(client),
    api,
    createSpace: (title) => create("space", title),
    createSite: (title) => create("site", title),
    requestCount: async () => (await requestCounts(emulator)).total,
    async close() {
      await client.close();
      await emulator.close();
    },
  };
}

/** Outputs as the tests read them. */
export type Outs = Record<string, any>;

/**
 * The provider of `definition`, calling the API through `api` (the harness's client or
 * requester, or a failing RecordingRequester), with its results typed for assertions. The
 * results are the provider's own, unchanged: only their types are narrowed.
 */
export function providerOf<I extends { adopt?: Adopt }>(definition: ResourceDefinition<I>, api: ApiRequester) {
  const provider = toProvider(definition, () => ({ api }));
  return {
    check: (olds: Outs, news: Outs) => provider.check(olds, news),
    diff: (id: string, olds: Outs, news: Outs) => provider.diff(id, olds, news),
    create: async (inputs: Outs) => (await provider.create(inputs)) as { id: string; outs: Outs },
    read: async (id: string, props: Outs) => (await provider.read(id, props)) as { id: string; props: Outs; inputs?: Outs },
    update: async (id: string, olds: Outs, news: Outs) => (await provider.update(id, olds, news)) as { outs: Outs },
    delete: (id: string, props: Outs) => provider.delete(id, props),
  };
}

export type Provider = ReturnType<typeof providerOf>;

/** Runs check as the engine does before create/update and returns the normalized inputs. */
export async function checked(provider: Provider, inputs: Outs): Promise<Outs> {
  const result = await provider.check({}, { __provider: PROVIDER, ...inputs });
  expect(result.failures ?? []).toEqual([]);
  return { ...result.inputs, __provider: PROVIDER };
}

/** The failing property paths of a check of `inputs` (run as the engine does), sorted. */
export async function failedProperties(provider: Provider, inputs: Outs): Promise<string[]> {
  const result = await provider.check({}, { __provider: PROVIDER, ...inputs });
  return (result.failures ?? []).map((failure) => failure.property).sort();
}

/** The error a promise rejects with, for assertions on its fields (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & Record<string, any>> {
  return promise.then(
    () => expect.unreachable("the call should have failed"),
    (error: unknown) => error as Error & Record<string, any>,
  );
}
