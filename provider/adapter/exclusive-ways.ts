/**
 * One way of managing an aspect of an object, for the whole deployment: a fact of the kinds'
 * declarations (`ResourceDefinition.exclusiveWay`), enforced by the shared core, so both doors
 * enforce it. A team's membership is the case: `Team` with `members` manages it authoritatively,
 * `TeamMember` adds to it, so a Pulumi YAML program with both on one team fails, with the message
 * the dynamic package's program guard gives (dynamic/exclusive-way-owners.ts).
 *
 * Unlike a sole owner (deployment-owners.ts), a resource may name the object by its own id (a
 * Team's membership is the Team's id's), which the core learns only at diff, create or update;
 * so the core records each resource's way whenever it learns the object, and the second way
 * recorded for an object fails: a check failure, or an error of the diff or update (a preview
 * fails either way, before any write).
 *
 * One provider process serves one deployment, so the records live as long as the process. A
 * resource is known by its URN: recorded again (the preview of `up`, then its update), it is not
 * a second way.
 */

import type { Said } from "./door-words";

/** What a kind declares about an aspect of objects it manages one way while other kinds manage it another. */
export interface ExclusiveWay {
  /** The aspect, the same text in each kind managing it, e.g. `team membership`. */
  readonly aspect: string;
  /** How this kind manages it, e.g. `authoritative`; two different ways on one object conflict. */
  readonly way: string;
  /**
   * The object whose aspect the resource with these inputs and (once known) this id manages, or
   * undefined when it manages none or the object is not known yet (ids still unknown in a preview).
   */
  object(inputs: Readonly<Record<string, unknown>>, id: string | undefined): string | undefined;
  /**
   * How a program's resource names the object, for the dynamic package's guard at construction
   * (dynamic/exclusive-way-owners.ts): by an input holding the object's id (`TeamMember`'s
   * `teamId`), or by its own id when `ownIdWhen` holds of its arguments (a `Team` with `members`).
   */
  readonly inProgram: { readonly input: string } | { readonly ownIdWhen: (args: Readonly<Record<string, unknown>>) => boolean };
  /**
   * The message naming both resources (`label` is this kind's, e.g. `Team "writers"`) and the
   * object; undefined when the program passes the other resource's id Output itself, before it resolves.
   */
  conflict(label: string | Said, otherLabel: string | Said, object: string | undefined): Said;
}

/** A resource recorded as managing an object's aspect one way. */
export interface Manager {
  kind: string;
  urn: string;
}

export class DeploymentWays {
  /** `<aspect> <object>` -> way -> the resources managing it that way, by URN. */
  readonly #byObject = new Map<string, Map<string, Map<string, Manager>>>();

  /**
   * Records `manager` as managing `object`'s `aspect` the `way` it declares; a resource managing
   * it another way, when there is one (then nothing is recorded).
   */
  record(declared: Pick<ExclusiveWay, "aspect" | "way">, object: string, manager: Manager): Manager | undefined {
    const key = `${declared.aspect} ${object}`;
    let ways = this.#byObject.get(key);
    if (!ways) this.#byObject.set(key, (ways = new Map<string, Map<string, Manager>>()));
    for (const [way, managers] of ways) {
      if (way === declared.way) continue;
      const other = [...managers.values()].find((candidate) => candidate.urn !== manager.urn);
      if (other) return other;
    }
    let managers = ways.get(declared.way);
    if (!managers) ways.set(declared.way, (managers = new Map<string, Manager>()));
    managers.set(manager.urn, manager);
    return undefined;
  }
}
