import type { Requirement } from "./auth.ts";
import type { Context } from "./context.ts";

export interface Result {
  status: number;
  body?: unknown;
}

export interface Route {
  method: string;
  /** e.g. `/v1/orgs/{organizationId}/teams/{teamId}`; also the key of the request counts. */
  pattern: string;
  /** Minimum role in the organization the request resolves to (see README "Roles"). */
  role: Requirement;
  handler: (ctx: Context) => Result;
}

/** The first path segment that is not valid percent-encoding (`%`, `%zz`, half a UTF-8 sequence), if any. */
export function malformedSegment(path: string): string | undefined {
  return path.split("/").find((part) => decodeSegment(part) === undefined);
}

/** A path segment decoded, or `undefined` when it is not valid percent-encoding. */
export function decodeSegment(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

interface Compiled {
  route: Route;
  segments: string[];
}

/** Segment-by-segment matching: patterns are few and short, so a linear scan per length is enough. */
export class Router {
  readonly routes: Route[] = [];
  readonly #byLength = new Map<number, Compiled[]>();

  add(routes: Route[]): void {
    for (const route of routes) {
      this.routes.push(route);
      const segments = route.pattern.split("/").slice(1);
      const list = this.#byLength.get(segments.length) ?? [];
      list.push({ route, segments });
      this.#byLength.set(segments.length, list);
    }
  }

  match(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    const parts = path.split("/").slice(1);
    const candidates = this.#byLength.get(parts.length);
    if (!candidates) return undefined;
    // Literal segments win over parameters (`/versions/latest` before `/versions/{versionId}`).
    let best: { route: Route; params: Record<string, string>; literals: number } | undefined;
    for (const { route, segments } of candidates) {
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      let literals = 0;
      let ok = true;
      for (let i = 0; i < segments.length; i++) {
        const segment = segments[i];
        const part = parts[i];
        if (segment.startsWith("{")) {
          const decoded = decodeSegment(part);
          if (part === "" || decoded === undefined) {
            ok = false;
            break;
          }
          params[segment.slice(1, -1)] = decoded;
        } else if (segment === part) {
          literals++;
        } else {
          ok = false;
          break;
        }
      }
      if (ok && (!best || literals > best.literals)) best = { route, params, literals };
    }
    return best && { route: best.route, params: best.params };
  }

  /** Whether any method serves this path (to tell 404 from 405). */
  pathExists(path: string): boolean {
    return ["GET", "POST", "PUT", "PATCH", "DELETE"].some((method) => this.match(method, path));
  }
}

export const ok = (body: unknown): Result => ({ status: 200, body });
export const created = (body: unknown): Result => ({ status: 201, body });
export const noContent = (): Result => ({ status: 204 });
/** DESIGN.md 8: a delete answers 205 when the object existed and was deleted, 204 when it did not exist. */
export const deleted = (existed: boolean): Result => ({ status: existed ? 205 : 204 });
