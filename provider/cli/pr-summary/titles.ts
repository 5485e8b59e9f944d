/**
 * Titles of the objects a preview's inputs name by id when no resource of the preview is that
 * object (a space, a team or a section group made outside the program): read from the
 * organization, so the summary says `Guides` where an input holds `spc-123`. Only when the
 * command is given access (pr-summary's --api-url and token); any id the API does not answer
 * for stays an id. Read-only GETs, one per object (section groups: one list per site).
 */
import { collectionPath } from "../../api/collections";
import { sectionGroupsPath } from "../../api/section-groups";
import { spacePath } from "../../api/spaces";
import { teamPath } from "../../api/teams";
import type { ApiClient } from "../../client";
import type { Preview, ResourceName } from "./preview";

/** How an input holding an id names its object: the kind, and where the API reads it from the resource's inputs. */
interface Reference {
  kind: string;
  read(api: ApiClient, id: string, inputs: Record<string, unknown>): Promise<string | undefined>;
}

const titleOf = (object: { title?: unknown } | undefined) => (typeof object?.title === "string" ? object.title : undefined);
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

const SECTION_GROUP: Reference = {
  kind: "SiteSectionGroup",
  async read(api, id, inputs) {
    const organizationId = text(inputs.organizationId);
    const siteId = text(inputs.siteId);
    if (!organizationId || !siteId) return undefined;
    for await (const group of api.paginate<{ id: string; title?: unknown }>(sectionGroupsPath(organizationId, siteId))) if (group.id === id) return titleOf(group);
    return undefined;
  },
};

/** The inputs of this package's kinds that hold another object's id. */
const REFERENCES: Record<string, Reference> = {
  siteSectionGroupId: SECTION_GROUP,
  parentSectionGroupId: SECTION_GROUP,
  spaceId: { kind: "Space", read: async (api, id) => titleOf(await api.request("GET", spacePath(id))) },
  teamId: {
    kind: "Team",
    read: async (api, id, inputs) => (text(inputs.organizationId) ? titleOf(await api.request("GET", teamPath(text(inputs.organizationId)!, id))) : undefined),
  },
  parent: { kind: "Collection", read: async (api, id) => titleOf(await api.request("GET", collectionPath(id))) },
};

/**
 * The preview's names, with the objects outside the program its changes' inputs name by id: each
 * read once; a failed read (404, 403, the network) leaves the id as it is.
 */
export async function withOutsideTitles(preview: Preview, api: ApiClient): Promise<Preview> {
  const names = new Map<string, ResourceName>(preview.names);
  const wanted = new Map<string, { reference: Reference; inputs: Record<string, unknown> }>();
  for (const change of preview.changes) {
    for (const inputs of [change.before, change.after]) {
      for (const [key, reference] of Object.entries(REFERENCES)) {
        const id = text(inputs[key]);
        if (id && !names.has(id) && !wanted.has(id)) wanted.set(id, { reference, inputs });
      }
    }
  }
  await Promise.all(
    [...wanted].map(async ([id, { reference, inputs }]) => {
      const title = await reference.read(api, id, inputs).catch(() => undefined);
      // Outside the program it has no resource name: the id stands for one.
      if (title !== undefined) names.set(id, { kind: reference.kind, name: id, title });
    }),
  );
  return { ...preview, names };
}
