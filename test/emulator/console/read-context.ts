import { Context } from "../context.ts";
import type { UserDoc } from "../model.ts";
import type { Route } from "../router.ts";
import type { EmulatorState } from "../state.ts";

/**
 * The console reads state through the same helpers the API routes use (site order, customization
 * layering, OpenAPI processing state), so it shows what the API would answer. Those helpers take a
 * request's Context; the console's is one for a caller who belongs to no organization. Nothing the
 * console shows depends on the caller's permissions, and this caller has no token.
 */
const NOBODY: UserDoc = { id: "(console)", seq: 0, displayName: "console", email: "" };

const CONSOLE_ROUTE: Route = {
  method: "GET",
  pattern: "/",
  role: "authenticated",
  handler: () => ({ status: 405 }),
};

export function readContext(state: EmulatorState): Context {
  return new Context({
    route: CONSOLE_ROUTE,
    params: {},
    query: new URLSearchParams(),
    body: undefined,
    user: NOBODY,
    origin: state.origin,
    store: state.store,
    clock: state.clock,
    settings: state.settings,
  });
}
