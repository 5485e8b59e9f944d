/**
 * Previews that tell the truth about creates: reads, never a write, made when a resource is
 * checked (in `pulumi preview` and again in `pulumi up`), so what `up` would find is said before
 * anything is applied.
 *
 * - `adopt: { id }` naming an object that does not exist (or that the token cannot see) fails the
 *   check, naming the resource and the id: `up` would create the other resources and then fail.
 *   So does one of another organization than the resource's (adapter/adopt.ts readAdoptable): an
 *   adoption never crosses organizations.
 * - `adopt: true` says which object it takes over, or that it creates one; several matches fail.
 * - A create without `adopt` whose natural key is taken: where the API allows duplicates (a team,
 *   collection, space or site title, a SAML label) a warning names the existing object and how to
 *   adopt it; where the API refuses one (an OpenAPI slug) the check fails.
 *
 * - The organization itself ({@link organizationFailures}, for each create): a token
 *   the API refuses (401), a user who cannot see the organization (403) or an organization that
 *   does not exist (404) fails the preview, where `up` would create what it can and then fail.
 *
 * Cost: one GET per organization, one per `adopt: { id }` (and, when it is not found, one list of
 * the token's organizations and a GET in each), and one list per parent for the natural
 * keys, shared by every resource this provider host checks (a snapshot: a duplicate made later in
 * the same `up` is not looked for again). Resources whose inputs are not all known yet are not
 * looked up. Any other failure of these reads (the API unreachable, a 5xx) fails nothing: the
 * operation that needs the API says what went wrong when it runs.
 */
import { isAuthenticationError, isNotFoundError, isPermissionDeniedError } from "../client";
import type { ApiRequester, PathSegments, QueryParameters } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import { type Adopt, crossOrganizationAdoption, readAdoptable } from "../adapter/adopt";
import { type CheckFailure, inputFailure } from "../adapter/check";
import { type Said, said, term } from "../adapter/door-words";
import type { ResourceDefinition } from "../adapter/resource";
import { containsUnknown } from "../adapter/unknowns";
import { getOrganizationOrThrow } from "../api/organizations";

/** What a check says beside its failures: messages for the engine, filed under the resource. */
export type Report = (severity: "info" | "warning", message: string | Said) => void;

const snapshots = new WeakMap<ApiRequester, ApiRequester>();

/**
 * A requester whose lists are read once and kept for the provider host's life: natural keys are
 * looked up among what existed when the command started.
 */
function snapshotOf(api: ApiRequester): ApiRequester {
  let snapshot = snapshots.get(api);
  if (!snapshot) {
    const lists = new Map<string, Promise<unknown[]>>();
    snapshot = {
      request: (method, path, options) => api.request(method, path, options),
      paginate<T>(path: PathSegments, query?: QueryParameters): AsyncIterableIterator<T> {
        const key = JSON.stringify([path, query ?? {}]);
        let list = lists.get(key);
        if (!list) {
          list = (async () => {
            const items: unknown[] = [];
            for await (const item of api.paginate<unknown>(path, query)) items.push(item);
            return items;
          })();
          lists.set(key, list);
          list.catch(() => lists.delete(key));
        }
        const pending = list;
        return (async function* () {
          yield* (await pending) as T[];
        })();
      },
    };
    snapshots.set(api, snapshot);
  }
  return snapshot;
}

const NOUNS: Record<string, string> = { OpenApiSpec: "OpenAPI spec", SamlProvider: "SAML provider" };

/** `team`, `OpenAPI spec`: how a message names an object of the kind. */
function nounOf(kind: string): string {
  return NOUNS[kind] ?? kind.replace(/(?<!^)([A-Z])/g, " $1").toLowerCase();
}

/** `a team`, `an OpenAPI spec`. */
function aNounOf(kind: string): string {
  const noun = nounOf(kind);
  return `${/^[aeiouAEIOU]/.test(noun) ? "an" : "a"} ${noun}`;
}

/** The check's reads for a create; failures for the check, the rest through `report`. */
export async function previewChecks<I extends { adopt?: Adopt }>(definition: ResourceDefinition<I>, ctx: ResourceContext, inputs: I, report: Report): Promise<CheckFailure[]> {
  // Ids and titles still unknown (outputs of resources not made yet): nothing to look up now.
  if (containsUnknown(inputs)) return [];
  const how = inputs.adopt;
  try {
    if (how !== undefined && how !== false && how !== true) {
      const { state, elsewhere } = await readAdoptable(definition, ctx, how.id, inputs);
      if (elsewhere !== undefined) {
        return [{ property: "adopt", reason: crossOrganizationAdoption(definition.kind, how.id, String((inputs as { organizationId?: unknown }).organizationId), elsewhere) }];
      }
      if (!state) {
        return [
          {
            property: "adopt",
            reason: `adopt: ${definition.kind} ${how.id} does not exist (or is not visible to this token): there is nothing to take over. Fix the id, or leave adopt out to create one.`,
          },
        ];
      }
      report("info", `adopt: takes over the existing ${nounOf(definition.kind)} ${how.id}`);
      return [];
    }
    if (!definition.findByNaturalKey || !definition.naturalKey) return [];
    if (how !== true && definition.duplicates === undefined) return [];
    const matches = await definition.findByNaturalKey({ ...ctx, api: snapshotOf(ctx.api) }, inputs);
    const ids = matches.map((match) => match.id);
    if (how === true) {
      if (matches.length > 1) {
        return [
          {
            property: "adopt",
            reason: `adopt: ${matches.length} ${definition.kind} objects match by ${definition.naturalKey} (${ids.join(", ")}); adopt one by id with adopt: { id: "<id>" }`,
          },
        ];
      }
      report(
        "info",
        ids.length === 1
          ? `adopt: true takes over the existing ${nounOf(definition.kind)} ${ids[0]} (same ${definition.naturalKey})`
          : `adopt: true finds no ${nounOf(definition.kind)} with the same ${definition.naturalKey}: \`up\` creates one`,
      );
      return [];
    }
    if (matches.length === 0) return [];
    if (definition.duplicates === "refused") {
      const key = definition.naturalKeyInput ?? "adopt";
      return [
        inputFailure(
          key,
          said`${aNounOf(definition.kind)} with the same ${definition.naturalKey} already exists (${ids.join(", ")}), and the API refuses a second one: ${term.apply("`up`")} would fail. If no other resource of this ${term.program()} manages it, take it over ${term.takeOver("with adopt: true", ids.length === 1 ? ids[0] : undefined)}; if one does, give this one another ${term.field(key)} (two resources must not manage one object).`,
        ),
      ];
    }
    report(
      "warning",
      said`${aNounOf(definition.kind)} with the same ${definition.naturalKey} already exists (${ids.join(", ")}): ${term.apply("`up`")} creates another one beside it. To manage the existing one instead, ${term.takeOver(`set adopt: { id: "${ids[0]}" } (or adopt: true)`, ids[0])}, unless another resource of this ${term.program()} already manages it.`,
    );
    return [];
  } catch (error) {
    // A refused token fails the preview (organizationFailures usually says it first); anything
    // else (the API unreachable, a 5xx) is said by the create itself, when it runs.
    const refused = accessFailure(error, "the API refused a read this check makes");
    return refused ? [refused] : [];
  }
}

/** A 401 or 403 as a check failure; undefined for any other error. */
function accessFailure(error: unknown, what: string | Said): CheckFailure | undefined {
  if (isAuthenticationError(error)) {
    return inputFailure(
      "",
      said`${what}: the API token was refused (401). Set a valid one ${term.setSetting("token", "with `pulumi config set --secret docs-platform:token`")} (or DOCS_PLATFORM_TOKEN).`,
    );
  }
  if (isPermissionDeniedError(error)) {
    return inputFailure("", said`${what}: the token's user is not allowed to (403). Use a token of a member with the role this ${term.program()} needs.`);
  }
  return undefined;
}

const organizationChecks = new WeakMap<ApiRequester, Map<string, Promise<CheckFailure[]>>>();

/**
 * Whether the organization a resource names can be reached with this token: one GET of it per
 * provider host, whatever the number of resources. Fails on 401, 403 and 404; any other outcome
 * (a 5xx, the network) fails nothing here.
 */
export function organizationFailures(api: ApiRequester, organizationId: string): Promise<CheckFailure[]> {
  const checks = organizationChecks.get(api) ?? new Map<string, Promise<CheckFailure[]>>();
  organizationChecks.set(api, checks);
  let check = checks.get(organizationId);
  if (!check) {
    check = getOrganizationOrThrow(api, organizationId).then(
      () => [],
      (error: unknown) => {
        if (isNotFoundError(error)) {
          return [
            inputFailure(
              "",
              said`${term.field("organizationId")}: no organization ${JSON.stringify(organizationId)} (or the token's user is not a member of it), so nothing of this ${term.program()} can be made there. Check the resource's ${term.field("organizationId")}, or ${term.setting("organizationId", "the stack's docs-platform:organizationId")}.`,
            ),
          ];
        }
        const refused = accessFailure(error, said`${term.field("organizationId")}: reading organization ${JSON.stringify(organizationId)}`);
        if (refused) return [refused];
        // Not kept: the next check asks again (a 503 now says nothing about the organization).
        checks.delete(organizationId);
        return [];
      },
    );
    checks.set(organizationId, check);
  }
  return check;
}
