/**
 * What the contract files (and the provider suites' harness) set up the same way: an in-memory
 * emulator, raw access to its API with a token of its fixture, its request counter, and the
 * settings both doors are configured with.
 */
import { type Emulator, type EmulatorOptions, startEmulator } from "../emulator/index.ts";
// Types only: the provider suites' harness loads this module, and doors.ts loads the compiled package.
import type { Door, ProviderSettings } from "./doors.ts";
import type { RawApi } from "./examples.ts";

/** One raw request to the API with `token`: `{status, body}`, body undefined when empty. */
export async function rawRequest(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
}

/** What the emulator's control surface counts: every request since the last reset, in total and by route (`GET /orgs/{org}`). */
export interface RequestCounts {
  total: number;
  counts: Record<string, number>;
}

/** The requests the emulator answered since the last {@link resetRequests}. */
export async function requestCounts(emulator: Emulator): Promise<RequestCounts> {
  return (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as RequestCounts;
}

/** Starts the emulator's request count again from zero. */
export async function resetRequests(emulator: Emulator): Promise<void> {
  await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
}

export interface ContractSetup {
  emulator: Emulator;
  /** The fixture's first organization, through its admin's token (another user's through `tokenOf`). */
  api: RawApi;
  /** The settings both doors were configured with. */
  settings: ProviderSettings;
}

/**
 * An in-memory emulator and `doors` configured for its first organization's admin. One core
 * serves both doors: the same settings, so neither replaces the other's client.
 */
export async function startContractSetup(doors: readonly Door[], options: EmulatorOptions = {}): Promise<ContractSetup> {
  const emulator = await startEmulator({ db: ":memory:", ...options });
  const organization = emulator.fixture.organizations[0];
  const adminToken = organization.admin.token;
  const api: RawApi = {
    organizationId: organization.id,
    spaceIds: organization.spaceIds,
    tokenOf: (userId) => emulator.fixture.users.find((user) => user.id === userId)!.token,
    request: (method, path, body, token = adminToken) => rawRequest(emulator.url, token, method, path, body),
  };
  const settings: ProviderSettings = { apiUrl: emulator.url, token: adminToken, organizationId: organization.id };
  for (const door of doors) await door.configure(settings);
  return { emulator, api, settings };
}
