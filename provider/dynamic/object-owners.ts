import * as pulumi from "@pulumi/pulumi";
import { type ClaimedObject, type SoleOwnership, soleOwnerConflict } from "../adapter/deployment-owners";

export type { ClaimedObject };

/**
 * One owner per object: program-process registries that fail a program declaring two resources
 * that would manage the same API object (each `up` would overwrite the other's writes), with a
 * message naming both, instead of letting them flap.
 *
 * Runs in the program's own process. Registries are kept under `Symbol.for` keys of the global
 * object, so two copies of the package loaded in one program share them.
 *
 * The team membership rule (exclusive-way-owners.ts) builds on the shared pieces here; the
 * singleton objects (one organization's agent instructions or settings, one member's role, one
 * site's customization) use {@link claimSoleOwner}.
 */
export interface Owner {
  /** How the error names the resource, e.g. `Team "writers"`. */
  label: string;
}

/** The program-wide registry called `name`, made by `create` on first use. */
export function programRegistry<R>(name: string, create: () => R): R {
  const key = Symbol.for(`pulumi-docs-platform.${name}`);
  const global = globalThis as { [key: symbol]: R | undefined };
  return (global[key] ??= create());
}

/**
 * The error a conflict found when an input resolves fails the program with. Found after the
 * program's code has run, it is reported from its `stack`, which here is just the message: a trace
 * into this file would only distract from the program line to change.
 */
export function conflictError(message: string, resource: pulumi.Resource | undefined): pulumi.ResourceError {
  const error = new pulumi.ResourceError(message, resource, true);
  error.stack = message;
  return error;
}

/** Adds `owner` to the owners of `key` in `map`. */
export function addOwner(map: Map<string, Owner[]>, key: string, owner: Owner): void {
  map.set(key, [...(map.get(key) ?? []), owner]);
}

export interface SoleClaim {
  /** The resource kind; objects are compared within a kind. */
  kind: string;
  /** How the error names the resource, e.g. `AgentInstructions "tone"`. */
  label: string;
  /** The resource, once constructed, for the error of a conflict found when the parts resolve. */
  resource: () => pulumi.Resource | undefined;
  /** The inputs that name the object, by name, e.g. `{ organizationId }` or `{ organizationId, userId, email }`. */
  keyParts: Record<string, pulumi.Input<unknown>>;
  /** The kind's declared ownership (its definition's `soleOwner`): the object the parts name, and the words of a conflict. */
  ownership: SoleOwnership;
}

interface SoleOwners {
  /** The single key part when it is an Output, by identity and kind: found at once, in previews of new objects too. */
  byOutput: WeakMap<object, Map<string, Owner>>;
  /** `<kind> <key>` of each resolved object. */
  byKey: Map<string, Owner>;
}

function soleOwners(): SoleOwners {
  return programRegistry("sole-owners", () => ({ byOutput: new WeakMap(), byKey: new Map() }));
}

function soleConflictMessage(claim: SoleClaim, first: Owner, object: string): string {
  return String(soleOwnerConflict(claim.label, first.label, object, claim.ownership.why));
}

/** Records `owner` as the sole owner of `object`; the owner before it, when another. */
function claimKey(owners: SoleOwners, kind: string, object: ClaimedObject, owner: Owner): Owner | undefined {
  const key = `${kind} ${object.key}`;
  const first = owners.byKey.get(key);
  if (first && first !== owner) return first;
  owners.byKey.set(key, owner);
  return undefined;
}

/**
 * `input` (one of the resource's inputs) wrapped so that the resource labelled `claim.label` is the
 * sole owner of the object its key parts name: pass the result as that input, so a second resource
 * claiming the same object fails its registration (and the program) before it writes anything.
 *
 * A conflict is found at once (a RunError thrown here) when the key parts are plain values (ids
 * and emails written in the program or read from config, the stack's organization) or when the
 * one key part is the same Output object in both (the usual `siteId: site.id`). Otherwise it is
 * found when the parts resolve, and the wrapped input rejects: parts unknown in a preview (ids of
 * objects not created yet) are checked at `up`.
 */
export function claimSoleOwner<T>(input: pulumi.Input<T>, claim: SoleClaim): pulumi.Output<T> {
  const owners = soleOwners();
  const owner: Owner = { label: claim.label };
  const names = Object.keys(claim.keyParts);
  const parts = Object.values(claim.keyParts);
  const objectOf = (values: unknown[]) => claim.ownership.object(Object.fromEntries(names.map((name, index) => [name, values[index]])));
  const isPlain = (part: unknown) => typeof part !== "object" || part === null;
  if (parts.every(isPlain)) {
    const object = objectOf(parts);
    const first = object && claimKey(owners, claim.kind, object, owner);
    if (first && object) throw new pulumi.RunError(soleConflictMessage(claim, first, object.description));
    return pulumi.output(input) as pulumi.Output<T>;
  }
  const [only] = parts;
  if (parts.length === 1 && typeof only === "object" && only !== null) {
    const byKind = owners.byOutput.get(only) ?? new Map<string, Owner>();
    const first = byKind.get(claim.kind);
    if (first) throw new pulumi.RunError(soleConflictMessage(claim, first, claim.ownership.sameOutput));
    byKind.set(claim.kind, owner);
    owners.byOutput.set(only, byKind);
  }
  return pulumi.all([pulumi.output(input), pulumi.all(parts)]).apply(([value, resolved]) => {
    const object = objectOf(resolved);
    const first = object && claimKey(owners, claim.kind, object, owner);
    if (first && object) throw conflictError(soleConflictMessage(claim, first, object.description), claim.resource());
    return value as T;
  });
}
