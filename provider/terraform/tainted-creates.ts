/**
 * A create that failed partway (recovery/partial-create.ts: the object exists, a later step of its
 * create did not take) is finished by the next `tofu apply`, under the same id, instead of being
 * replaced by a new object.
 *
 * What OpenTofu does (v1.12.6, internal/tofu): an apply of a create that answers an error with a
 * state marks the object tainted (`maybeTainted`), and a plan forces the replacement of a tainted
 * object whatever the provider plans: it asks for a plan with a null prior and no private state
 * (`plan`: `priorValTainted`), and makes the change a `DeleteThenCreate` (`CreateThenDelete` with
 * `create_before_destroy`). The apply then splits the change in two calls, each given the create
 * plan's private bytes (`plans.ResourceInstanceChange.Simplify`): a delete of the tainted object
 * (prior: its state, planned: null) and a create (prior: null). What the provider sees at each step:
 * - the apply of the partial create: the object's state goes back with the error, and its private
 *   state says it is a partial create (`partial`);
 * - the plan's refresh reads the tainted object with that private state: this process remembers it
 *   under its kind and name ({@link TaintedCreates.seen}); the plan of the same resource's create,
 *   right after in the same process (null prior, empty private), finds it by the same kind and name
 *   (the natural key's value, or a digest of the inputs: operations.ts `newResourceName`) and, when
 *   no replace-on-change input differs from the object's, plans to finish it: its private state
 *   names the object (`finish`) and the create journal key the create will have;
 * - the apply's delete of the tainted object, given a private state whose `finish` is its id, keeps
 *   the object (nothing is sent) and records it in the create journal under that key, so a run
 *   killed before the create half still takes it over (create-once.ts);
 * - the apply's create with `finish` reads the object and updates it to the configuration, as the
 *   Pulumi doors' engine finishes a partial create (through update): the same id, nothing made twice.
 *
 * A tainted object that is not a partial create of this provider (`tofu taint` by hand), a plan
 * without refresh (`-refresh=false`), a changed replace-on-change input or two tainted objects of one
 * kind under one name: the replacement OpenTofu plans (delete, then create a new object).
 */

/** What the private state of a resource holds (operations.ts encodes it as JSON; tens of bytes). */
export interface PrivateState {
  /** The name the resource got at its first plan (the deployment rules know it by it). */
  name: string;
  /** The apply of its create failed partway: the object exists but not all of it took. */
  partial?: true;
  /** A create's plan: finish this existing (tainted) object rather than make a new one. */
  finish?: string;
  /** With `finish`: the create journal key the create will have, when the plan knew every input. */
  journalKey?: string;
  /** An object an import brought from another organization than the provider's: that organization (operations.ts refuses its plans). */
  importedFrom?: string;
  /**
   * A replacement's create plan: the claim its create will take (`ResourceDefinition.claimOf`, a
   * member's). OpenTofu gives these bytes to the replacement's delete half too, which runs first
   * (no `create_before_destroy`): it claims it, and so leaves the member the create takes over.
   */
  takesOver?: string;
}

export interface TaintedObject {
  id: string;
  /** Its state as the refresh read it (the core's camelCase object, the id included). */
  state: Record<string, unknown>;
}

/**
 * The partial creates this process's refreshes read, by kind and name, until a plan of the same
 * kind and name takes one: each is taken once, and a name two of them share is taken by none.
 */
export class TaintedCreates {
  readonly #byName = new Map<string, TaintedObject | "ambiguous">();

  seen(kind: string, name: string, object: TaintedObject): void {
    const key = `${kind}\n${name}`;
    const earlier = this.#byName.get(key);
    this.#byName.set(key, earlier === undefined || (earlier !== "ambiguous" && earlier.id === object.id) ? object : "ambiguous");
  }

  /** The tainted partial create of `kind` named `name` a refresh of this process read, if exactly one. */
  take(kind: string, name: string): TaintedObject | undefined {
    const key = `${kind}\n${name}`;
    const object = this.#byName.get(key);
    if (object === undefined || object === "ambiguous") return undefined;
    this.#byName.set(key, "ambiguous");
    return object;
  }
}
