/**
 * The walk over an organization, kind by kind, that `export` writes a program from (cli/export/export.ts)
 * and the doors list objects from (door-layer/discovery.ts: the plugin's `List`, the Terraform
 * door's `list` blocks): each kind's exporter (kinds/) reads its objects through the reader and
 * imports each one as `pulumi import` does (adapter/resource.ts importObject), every list and
 * object read once for the whole walk. What each import read is kept beside the objects, by the
 * import id it was read with, so a door answers each object with what its import returns.
 */
import { isPermissionDeniedError } from "../client";
import type { ApiRequester } from "../api/requester";
import type { SharedLists } from "../api/shared-lists";
import { referencesOf } from "../adapter/fields";
import { importObject } from "../adapter/resource";
import type { ExportedObject, KindExporter, ReadNotes } from "./kinds";
import type { OrganizationReader } from "./reader";
import { keyOf } from "./values";

/** One object as its import read it, and the import id it was read with. */
export interface WalkedImport {
  kind: string;
  importId: string;
  /** The object's id (what ExportedObject.id holds), its outputs, its inputs and the read itself (importObject's answer). */
  id: string;
  props: Record<string, unknown>;
  inputs: Record<string, unknown>;
  state: Record<string, unknown>;
}

export interface Walk {
  /** Every object found, kind by kind, in each kind's exporter's order. */
  found: ExportedObject[];
  /** Objects found, per kind, in the walk's order. */
  counts: { kind: string; objects: number }[];
  /** Kinds the API refused to list (403), and its reason (only with `skipRefused`). */
  skipped: { kind: string; reason: string }[];
  /** What could not be read faithfully (the exporters' notes). */
  warnings: string[];
  /** The import of each object found, by `keyOf(object)`. */
  imports: ReadonlyMap<string, WalkedImport>;
}

export interface WalkOptions {
  /** The requester of the walk (`lists.readingOnce(...)`), whose lists the imports share too. */
  api: ApiRequester;
  lists: SharedLists;
  /** One line per kind walked (objects read, time), for stderr. */
  progress?: (line: string) => void;
  /** A kind the API refuses to list (403) is skipped and reported (export); otherwise its error is thrown. */
  skipRefused?: boolean;
}

/** Walks `kinds` of `reader`'s organization, in the order given. */
export async function walkKinds(
  reader: OrganizationReader,
  kinds: readonly KindExporter[],
  options: WalkOptions,
): Promise<Walk> {
  const progress = options.progress ?? (() => {});
  const found: ExportedObject[] = [];
  const counts: Walk["counts"] = [];
  const skipped: Walk["skipped"] = [];
  const warnings: string[] = [];
  const imports = new Map<string, WalkedImport>();
  const notes: ReadNotes = {
    warn: (message) => warnings.push(message),
    imported: async (definition, importId) => {
      const imported = await importObject(
        definition,
        { api: options.api, lists: options.lists },
        importId,
        reader.organizationId,
      );
      imports.set(keyOf({ kind: definition.kind, id: imported.id }), { kind: definition.kind, importId, ...imported });
      return {
        inputs: imported.inputs,
        state: imported.state,
        refersTo: referencesOf(definition.schema),
        declared: Object.keys(definition.schema.shape),
      };
    },
  };
  for (const kind of kinds) {
    const started = Date.now();
    try {
      const read = await kind.read(reader, notes);
      found.push(...read);
      counts.push({ kind: kind.kind, objects: read.length });
      progress(`${kind.kind}: ${read.length} ${read.length === 1 ? "object" : "objects"} (${Date.now() - started} ms)`);
    } catch (error) {
      if (!options.skipRefused || !isPermissionDeniedError(error)) throw error;
      skipped.push({ kind: kind.kind, reason: error.message });
      progress(`${kind.kind}: skipped, the API refused to list it (403): ${error.message}`);
    }
  }
  for (const object of found) {
    if (!imports.has(keyOf(object)))
      throw new Error(
        `export: the ${object.kind} exporter found ${object.id} without importing it; this is a bug of the exporter`,
      );
  }
  return { found, counts, skipped, warnings, imports };
}
