import { authorize, memberKey, type Requirement } from "./auth.ts";
import type { Clock } from "./clock.ts";
import type { MemberDoc, OrgDoc, UserDoc } from "./model.ts";
import type { Route } from "./router.ts";
import type { Store } from "./storage.ts";
import type { Role } from "./validate.ts";

/** Behaviour knobs that tests may change at run time through the control surface. */
export interface Settings {
  /** Time from an OpenAPI create or replace until processing ends (see README). */
  openapiProcessingMs: number;
}

/** Everything a route handler needs for one request. */
export class Context {
  readonly route: Route;
  readonly params: Record<string, string>;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly user: UserDoc;
  /** `http://127.0.0.1:<port>`: every `urls` value is built from it. */
  readonly origin: string;
  readonly store: Store;
  readonly clock: Clock;
  readonly settings: Settings;
  /** One instant per request, so every timestamp a request writes agrees. */
  readonly nowMs: number;
  readonly #roles = new Map<string, Role | null>();

  constructor(init: {
    route: Route;
    params: Record<string, string>;
    query: URLSearchParams;
    body: unknown;
    user: UserDoc;
    origin: string;
    store: Store;
    clock: Clock;
    settings: Settings;
  }) {
    this.route = init.route;
    this.params = init.params;
    this.query = init.query;
    this.body = init.body;
    this.user = init.user;
    this.origin = init.origin;
    this.store = init.store;
    this.clock = init.clock;
    this.settings = init.settings;
    this.nowMs = init.clock.now();
  }

  /** Checks the caller against the route's role (or `needed`) in `organization`; returns the org. */
  authorize(organization: string, needed: Requirement = this.route.role): OrgDoc {
    const { org, role } = authorize(this.store, this.user, organization, needed);
    this.#roles.set(organization, role);
    return org;
  }

  /** The caller's role in an organization, for computing `permissions`; null for non-members. */
  roleIn(organization: string): Role | null {
    if (!this.#roles.has(organization)) {
      const member = this.store.get<MemberDoc>("member", memberKey(organization, this.user.id));
      this.#roles.set(organization, member && !member.disabled ? member.role : null);
    }
    return this.#roles.get(organization)!;
  }

  param(name: string): string {
    return this.params[name];
  }

  now(): string {
    return new Date(this.nowMs).toISOString();
  }
}
