/**
 * The shape of one kind's exporter (one file per kind beside this one, kinds/<file>.ts exporting
 * the exporter named after the kind; index.ts lists them, generated from the registry by `npm run kinds`).
 */
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import type { OrganizationReader } from "../reader";
import type { Inputs, ObjectKey } from "../values";
import type { ImportedObject } from "./imported";

/**
 * How an exported object's resource name is chosen (then deduplicated within its kind):
 * - `title`: a slug of the title (a team's title, a SAML provider's label, a site space's path),
 *   or `fallback` when the slug is empty (a title of emoji only);
 * - `object`: the name of another exported object plus a suffix (`<site>-customization`).
 */
export type NameSpec = { title: string; fallback: string } | { object: ObjectKey; suffix: string };

export interface ExportedObject {
  kind: string;
  /** The object's id in the API: what `adopt: { id }` names and what references point at. */
  id: string;
  name: NameSpec;
  /** The resource's inputs, without `organizationId` (the stack's `docs-platform:organizationId`) and `adopt`. */
  inputs: Inputs;
  /** Objects that must exist before this one although no input names them (a site's default section comes first). */
  dependsOn?: ObjectKey[];
}

/**
 * What a kind's `read` is given besides the organization: where to report what it could not export
 * faithfully, and the plugin's import path.
 */
export interface ReadNotes {
  warn(message: string): void;
  /**
   * The object `importId` names (its kind's import id form) as the plugin's `pulumi import`
   * reads it (adapter/resource.ts importObject): its inputs and its state, each list and object it
   * reads shared with the reader and every other import of the export (read once). Throws when
   * the object is gone.
   */
  imported(definition: ResourceDefinition<{ adopt?: Adopt }>, importId: string): Promise<ImportedObject>;
}

export interface KindExporter {
  /** The resource kind, e.g. `Team`. */
  readonly kind: string;
  /**
   * The kind whose exporter decides which objects of this one there are (`Team` for `TeamMember`:
   * a team's membership is its Team's `members` or TeamMember objects, never both). Such a kind is
   * exported whenever that one is, and `--only` refuses it without that one.
   */
  readonly exportedWith?: {
    kind: string;
    /** Why, for the message refusing `--only` without it. */
    reason: string;
  };
  /**
   * The resource's definition: its input schema checks every exported object (a program the
   * provider would refuse is reported, not written silently), and its `adopt` input says whether
   * objects of the kind are adopted by id.
   */
  readonly definition: ResourceDefinition<{ adopt?: Adopt }>;
  /** Every object of the kind in the organization, in the API's order. */
  read(org: OrganizationReader, notes: ReadNotes): Promise<ExportedObject[]>;
}
