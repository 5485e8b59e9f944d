/**
 * Shared set-up of the OrganizationSettings, Team, SamlProvider and Collection suites: one
 * in-memory emulator per test file, the provider adapter over the real client, a recording
 * requester to see which API calls a provider method made, and raw `fetch` access to the API to
 * make drift and to check what a provider call really did.
 */
import { expect } from "vitest";
import { ApiClient } from "../../../provider/client/index.ts";
import type { ApiRequester, HttpMethod, PathSegments, QueryParameters } from "../../../provider/runtime/api.ts";
import type { Adopt } from "../../../provider/runtime/adopt.ts";
import { type ResourceDefinition, toProvider } from "../../../provider/runtime/resource.ts";
import { type Emulator, startEmulator } from "../../emulator/index.ts";

export const PROVIDER = "serialized-stub";

export interface Call {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

/** An ApiRequester that records each call and can fail chosen ones before they are sent. */
export class RecordingRequester implements ApiRequester {
  readonly calls: Call[] = [];
  failWhen: ((call: Call) => Error | undefined) | undefined;
  readonly inner: ApiRequester;

  constructor(inner: ApiRequester) {
    this.inner = inner;
  }

  async request<T>(method: HttpMethod, path: PathSegments, options?: { query?: QueryParameters; body?: unknown }): Promise<T> {
    const call: Call = { method, path: `/${path.join("/")}`, ...(options?.body !== undefined ? { body: options.body } : {}) };
    this.calls.push(call);
    const failure = this.failWhen?.(call);
    if (failure) throw failure;
    return this.inner.request<T>(method, path, options);
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
  token: string;
  users: { admin: string; editor: string; reader: string };
  requester: RecordingRequester;
  /** Raw API access with the admin token: `{status, body}`; body undefined when empty. */
  api(method: HttpMethod, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const emulator = await startEmulator({ db: ":memory:" });
  const [organization, other] = emulator.fixture.organizations;
  if (!organization || !other) throw new Error("the demo fixture should hold two organizations");
  const token = organization.admin.token;
  const client = new ApiClient({ baseUrl: emulator.url, token, maxRetries: 0 });
  const requester = new RecordingRequester(client);
  const userOf = (member: { userId: string } | undefined, role: string): string => {
    if (!member) throw new Error(`the demo fixture's first organization should have a ${role}`);
    return member.userId;
  };
  return {
    emulator,
    organizationId: organization.id,
    otherOrganizationId: other.id,
    token,
    users: { admin: organization.admin.userId, editor: userOf(organization.editor, "editor"), reader: userOf(organization.reader, "reader") },
    requester,
    async api(method, path, body) {
      const response = await fetch(`${emulator.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
    },
    async close() {
      await client.close();
      await emulator.close();
    },
  };
}

/** The adapter over a definition, calling the API through the harness's recording requester. */
export function providerOf<I extends { adopt?: Adopt }>(harness: Harness, definition: ResourceDefinition<I>) {
  return toProvider(definition, () => ({ api: harness.requester }));
}

type Provider = ReturnType<typeof providerOf>;

/** Runs check as the engine does before create/update and returns the normalized inputs. */
export async function checked(provider: Provider, inputs: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await provider.check({}, { __provider: PROVIDER, ...inputs });
  expect(result.failures ?? []).toEqual([]);
  return { ...result.inputs, __provider: PROVIDER };
}

/** The failing property paths of a check, sorted. */
export async function failingProperties(provider: Provider, inputs: Record<string, unknown>): Promise<string[]> {
  const result = await provider.check({}, { __provider: PROVIDER, ...inputs });
  return (result.failures ?? []).map((failure) => failure.property).sort();
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  return promise.then(
    () => expect.unreachable("the call should have failed"),
    (error: unknown) => error as Error & Record<string, unknown>,
  );
}
