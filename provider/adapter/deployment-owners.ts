/**
 * One owner per object, for the whole deployment: a fact of a kind's declaration
 * (`ResourceDefinition.soleOwner`), enforced by the shared core when a resource is checked, so
 * both doors enforce it. A Pulumi YAML or Python program with two `OrganizationSettings` for one
 * organization fails its preview naming both, as a TypeScript program using the dynamic package
 * does (whose classes find most such conflicts earlier, in the program: object-owners.ts).
 *
 * One provider process serves one deployment, so the owners live as long as the process. A
 * resource is known by its URN: checked again (the preview of `up`, then its update), it is still
 * the one owner.
 */
import { type Said, said, term } from "./door-words";

/** The object a sole owner claims, from its resolved key parts. */
export interface ClaimedObject {
  /** Unique among the objects of the claim's kind, e.g. the organization id. */
  key: string;
  /** How the error says the object, e.g. `the agent instructions of organization org_acme`. */
  description: string;
}

/** What a kind declares about the objects its resources own alone. */
export interface SoleOwnership {
  /** The object the inputs name, or undefined when they name none (the check rejects such inputs anyway). */
  object(inputs: Readonly<Record<string, unknown>>): ClaimedObject | undefined;
  /**
   * The inputs that name the object, the first the one the dynamic package's guard holds back until
   * it is checked (object-owners.ts); `object` reads them.
   */
  readonly keyInputs: readonly [string, ...string[]];
  /** How a conflict says the object when the program passes the same Output to both (object-owners.ts). */
  sameOutput: string;
  /** Why two owners conflict and what to do: the end of the message. */
  why: string | Said;
}

/** `docs-platform:index:Team::writers` or `...$pulumi-nodejs:dynamic/docs-platform:Team::writers` -> `Team "writers"`. */
export function labelOf(kind: string, urn: string): Said {
  const name = urn.split("::").slice(3).join("::") || urn;
  return said`${term.kind(kind)} "${name}"`;
}

/** The message both doors give, word for word what the dynamic package's classes say. */
export function soleOwnerConflict(label: string | Said, firstLabel: string | Said, description: string, why: string | Said): Said {
  return said`${label} and ${firstLabel} both manage ${description}: ${why}`;
}

export class DeploymentOwners {
  readonly #owners = new Map<string, string>();

  /**
   * Records the resource `urn` as the owner of `object` of `kind`; the URN of the resource that
   * already owns it, when another one does.
   */
  claim(kind: string, object: ClaimedObject, urn: string): string | undefined {
    const key = `${kind} ${object.key}`;
    const first = this.#owners.get(key);
    if (first !== undefined && first !== urn) return first;
    this.#owners.set(key, urn);
    return undefined;
  }
}
