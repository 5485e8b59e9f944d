import { z } from "zod";
import { resourceId } from "./check";

/**
 * The `adopt` input: take over an object that already exists instead of creating a duplicate.
 * - `{ id: "..." }`: adopt that object; it must exist.
 * - `true`: adopt the one object with the resource's natural key (a team's title, a SAML
 *   provider's label, ...) if there is one, create it if there is none, and fail if several match.
 * Either way the object is then reconciled to the declared inputs. `adopt` matters only at
 * creation: changing or removing it later changes nothing.
 */
export const adoptInput = z.union([z.boolean(), z.strictObject({ id: resourceId() })]);

export type Adopt = z.infer<typeof adoptInput>;
