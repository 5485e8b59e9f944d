/**
 * Discovery for the gRPC doors: every object of one kind in an organization, found by the walk
 * `export` makes (walker/walk.ts, over the kinds' exporters and the reader), each with the
 * import id it was imported by and what that import read (adapter/resource.ts importObject): the
 * plugin's `List` answers the import ids (plugin/list.ts), the Terraform door's `list` blocks the
 * identities and, when asked, the imported states (terraform/discovery.ts). So a door lists what
 * an import of the same object gives, and what export would write for it.
 *
 * Objects come in export's order (each kind's natural-key order, walker/natural-key.ts) with
 * export's resource names (`guides`, `docs-customization`): unique within their kind, the same in
 * every organization whose objects are alike. The objects that contain them or name them (a
 * section's site, a customization's site) are walked too, for those keys and names, and not
 * listed.
 *
 * A list may be narrowed to one site (`siteId`) for a kind that lives in sites: the walk then
 * reads only that site's parts.
 */
import type { ApiRequester } from "../api/requester";
import type { ApiSite } from "../api/sites";
import { SharedLists } from "../api/shared-lists";
import { EXPORTERS, type ExportedObject, type KindExporter } from "../walker/kinds";
import { naturalOrder, resourceNames } from "../walker/natural-key";
import { OrganizationReader } from "../walker/reader";
import { keyOf, walk } from "../walker/values";
import { walkKinds, type WalkedImport } from "../walker/walk";
import { definitionFor } from "../runtime/core";

export interface DiscoveredObject {
  kind: string;
  /** The import id it was imported by (the kind's import id form): what `pulumi import` and `tofu import` take. */
  importId: string;
  organizationId: string;
  /** Its resource name in an exported program: unique within the kind in the organization. */
  name: string;
  /** What its import read: its id, outputs, inputs and the read itself. */
  imported: WalkedImport;
}

export interface DiscoveryFilter {
  /** Only the parts of this site (a kind that lives in sites). */
  siteId?: string;
}

/** Whether a kind's objects live in sites (its inputs name one): those a list may narrow to one site. */
export function livesInSites(kind: string): boolean {
  return "siteId" in definitionFor(kind).schema.shape;
}

/** One value a list of a kind takes (the plugin's `listInputs`, a Terraform `list` block's `config`). */
export interface ListInput {
  key: keyof DiscoveryFilter | "organizationId";
  /** In the plugin's words (`docs-platform:organizationId`); the Terraform door says it in its own. */
  description: string;
}

/** What a list of `kind` takes: the organization, and one site for a kind that lives in sites. All optional. */
export function listInputsOf(kind: string): ListInput[] {
  return [
    {
      key: "organizationId",
      description: "The organization whose objects to list. Defaults to the provider's `docs-platform:organizationId`.",
    },
    ...(livesInSites(kind)
      ? [{ key: "siteId" as const, description: "Only the objects of this site. Default: every site's." }]
      : []),
  ];
}

/** The kinds that can be listed: every kind of the registry, each with its exporter. */
export function discoverableKinds(): string[] {
  return EXPORTERS.map((exporter) => exporter.kind);
}

/** A reader of one site of the organization: the sites list holds that site only. */
class OneSiteReader extends OrganizationReader {
  readonly #siteId: string;
  constructor(api: ApiRequester, organizationId: string, siteId: string) {
    super(api, organizationId);
    this.#siteId = siteId;
  }
  override async sites(): Promise<ApiSite[]> {
    return (await super.sites()).filter((site) => site.id === this.#siteId);
  }
}

/** The kinds `objects` are contained in or named after (a section's site, a customization's site), among the exporters. */
function containerKinds(objects: readonly ExportedObject[]): Set<string> {
  const kinds = new Set<string>();
  for (const object of objects) {
    if ("object" in object.name) kinds.add(object.name.object.kind);
    for (const [, value] of object.inputs) {
      if (!value) continue;
      for (const inner of walk(value)) if (inner.type === "ref") kinds.add(inner.target.kind);
    }
  }
  return kinds;
}

/**
 * Every object of `kind` in `organizationId` (narrowed by `filter`), in export's order, each
 * with its import. Throws the API's error when a list is refused, and for a kind that is none.
 */
export async function discover(
  api: ApiRequester,
  organizationId: string,
  kind: string,
  filter: DiscoveryFilter = {},
): Promise<DiscoveredObject[]> {
  const exporterOf = (name: string): KindExporter | undefined => EXPORTERS.find((exporter) => exporter.kind === name);
  const exporter = exporterOf(kind);
  if (!exporter)
    throw new Error(
      `docs-platform: ${JSON.stringify(kind)} is no resource kind; the kinds are ${discoverableKinds().join(", ")}`,
    );
  if (filter.siteId !== undefined && !livesInSites(kind))
    throw new Error(`${kind}: its objects do not live in sites, so a list of them takes no siteId`);
  // One walk's requester: each list and object read once, by the exporters and the imports alike.
  const lists = new SharedLists(api, { keepFailures: true });
  const reading = lists.readingOnce(api);
  const reader =
    filter.siteId !== undefined
      ? new OneSiteReader(reading, organizationId, filter.siteId)
      : new OrganizationReader(reading, organizationId);
  const options = { api: reading, lists };
  const listed = await walkKinds(reader, [exporter], options);

  // The containers, for natural keys and names as export gives them (not listed).
  const walked = new Set([kind]);
  const containers: ExportedObject[] = [];
  let pending = containerKinds(listed.found);
  for (;;) {
    const next = [...pending].filter((name) => !walked.has(name) && exporterOf(name) !== undefined);
    if (next.length === 0) break;
    for (const name of next) walked.add(name);
    const more = await walkKinds(
      reader,
      next.map((name) => exporterOf(name)!),
      options,
    );
    containers.push(...more.found);
    pending = containerKinds(more.found);
  }

  const all = [...containers, ...listed.found];
  const names = resourceNames(all);
  const ordered = naturalOrder(all).filter((object) => object.kind === kind);
  return ordered.map((object) => {
    const imported = listed.imports.get(keyOf(object))!;
    return { kind, importId: imported.importId, organizationId, name: names.get(keyOf(object))!, imported };
  });
}
