import * as pulumi from "@pulumi/pulumi";
import type { ExclusiveWay } from "../adapter/exclusive-ways";
import { conflictError, type Owner, programRegistry } from "./object-owners";

/**
 * Who manages which object's aspect which way in this program (the kinds' declared
 * `exclusiveWay`), so that an object managed two ways fails the program with a message instead of
 * flapping: a team's membership, `Team` with `members` (authoritative: it removes anyone it does not
 * list) and `TeamMember` (adds one member), so each `up` would undo the other.
 *
 * Runs in the program's own process, from the base class of every resource (stub.ts); the core
 * enforces the same rule for the whole deployment, through both doors, with the same message. Here
 * a conflict is found earlier, two ways:
 * - at once, when a resource names the object by an input that is the `id` Output of a resource
 *   managing it another way (the usual `teamId: team.id`), in previews of new objects too;
 * - when the ids resolve, for an input given any other way (a config value, an id string). Ids of
 *   objects not created yet are unknown during a preview, so that case fails at `up`.
 */
interface WayOwner extends Owner {
  way: string;
}

interface Registry {
  /** The `id` Output of each resource naming the object by its own id, by identity, then by aspect. */
  byIdOutput: WeakMap<object, Map<string, WayOwner>>;
  /** `<aspect> <object id>` -> the resources managing it, in the order they resolved. */
  byObject: Map<string, WayOwner[]>;
}

function registry(): Registry {
  return programRegistry("exclusive-way-owners", () => ({ byIdOutput: new WeakMap(), byObject: new Map() }));
}

/** Records `owner` as managing `object`'s aspect its way; the first resource managing it another way, if any. */
function record(owners: Registry, declared: ExclusiveWay, object: string, owner: WayOwner): WayOwner | undefined {
  const key = `${declared.aspect} ${object}`;
  const managers = owners.byObject.get(key) ?? [];
  owners.byObject.set(key, [...managers, owner]);
  return managers.find((other) => other.way !== owner.way);
}

/**
 * A resource that names the object by its own id (`Team` with `members`): its id is recorded and,
 * when it resolves, checked against the resources managing that object another way; a conflict
 * fails the program. Call it once the resource is constructed.
 */
export function registerOwnIdWay(resource: pulumi.CustomResource, label: string, declared: ExclusiveWay): void {
  const owners = registry();
  const owner: WayOwner = { label, way: declared.way };
  const byAspect = owners.byIdOutput.get(resource.id) ?? new Map<string, WayOwner>();
  byAspect.set(declared.aspect, owner);
  owners.byIdOutput.set(resource.id, byAspect);
  // Not awaited by anything: a throw here is an unhandled rejection, which fails the program with
  // this message.
  resource.id.apply((id) => {
    if (!id) return;
    const other = record(owners, declared, id, owner);
    if (other) throw conflictError(String(declared.conflict(label, other.label, id)), resource);
  });
}

/**
 * A resource that names the object by an input (`TeamMember`'s `teamId`): fails at once (a
 * RunError) when `value` is the id Output of a resource managing the object another way, before
 * anything is registered; otherwise returns `value` recorded and checked when it resolves: pass
 * the result as the input, so a conflict fails the resource's registration (and the program)
 * before it is created. `resource` gives the resource for the error once constructed.
 */
export function claimInputWay<T>(value: pulumi.Input<T>, label: string, declared: ExclusiveWay, resource: () => pulumi.Resource | undefined): pulumi.Output<T> {
  const owners = registry();
  const owner: WayOwner = { label, way: declared.way };
  if (typeof value === "object" && value !== null) {
    const other = owners.byIdOutput.get(value)?.get(declared.aspect);
    if (other && other.way !== declared.way) throw new pulumi.RunError(String(declared.conflict(label, other.label, undefined)));
  }
  return pulumi.output(value).apply((resolved) => {
    if (typeof resolved !== "string" || resolved === "") return resolved;
    const other = record(owners, declared, resolved, owner);
    if (other) throw conflictError(String(declared.conflict(label, other.label, resolved)), resource());
    return resolved;
  }) as pulumi.Output<T>;
}
