import type { z } from "zod";
import { unknownPaths } from "./unknowns";

export interface CheckFailure {
  property: string;
  reason: string;
}

export type CheckOutcome<T> = { ok: true; inputs: T } | { ok: false; failures: CheckFailure[] };

function startsWith(path: readonly PropertyKey[], prefix: readonly PropertyKey[]): boolean {
  return prefix.length <= path.length && prefix.every((key, index) => String(path[index]) === String(key));
}

/**
 * Validates inputs against a strict zod schema and maps every issue to a failure naming the
 * property path (`proxy`, `members.2`, `sso.enabled`) and the rule. Values that are still unknown
 * during a preview pass: they are checked again when known.
 */
export function validate<T>(schema: z.ZodType<T>, inputs: Record<string, unknown>): CheckOutcome<T> {
  const result = schema.safeParse(inputs);
  if (result.success) return { ok: true, inputs: result.data };
  const unknown = unknownPaths(inputs);
  const failures: CheckFailure[] = [];
  for (const issue of result.error.issues) {
    if (unknown.some((prefix) => startsWith(issue.path, prefix))) continue;
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        failures.push({
          property: [...issue.path, key].map(String).join("."),
          reason: `unknown property "${key}"; check the spelling against the resource's documented inputs`,
        });
      }
      continue;
    }
    const property = issue.path.map(String).join(".");
    failures.push({ property, reason: property ? `${property}: ${issue.message}` : issue.message });
  }
  return { ok: false, failures };
}
