/**
 * Titles of the objects a preview's inputs name by id when no resource of the preview is that
 * object (a space, a team or a section group made outside the program): read from the
 * organization, so the summary says `Guides` where an input holds `spc-123`. Only when the
 * command is given access (pr-summary's --api-url and token); any id the API does not answer
 * for stays an id. Read-only GETs through the noun modules of api/, one per object.
 */
import { getCollection } from "../../api/collections";
import type { ApiRequester } from "../../api/requester";
import { getSectionGroup } from "../../api/section-groups";
import { getSpace } from "../../api/spaces";
import { getTeam } from "../../api/teams";
import type { Preview, ResourceName } from "./preview";

/** How an input holding an id names its object: the kind, and how the API reads its title given the resource's inputs. */
interface Reference {
  kind: string;
  read(api: ApiRequester, id: string, inputs: Record<string, unknown>): Promise<{ title?: unknown } | undefined>;
}

const titleOf = (object: { title?: unknown } | undefined) => (typeof object?.title === "string" ? object.title : undefined);
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

const SECTION_GROUP: Reference = {
  kind: "SiteSectionGroup",
  read: async (api, id, inputs) => (text(inputs.organizationId) && text(inputs.siteId) ? getSectionGroup(api, text(inputs.organizationId)!, text(inputs.siteId)!, id) : undefined),
};

/** The inputs of this package's kinds that hold another object's id. */
const REFERENCES: Record<string, Reference> = {
  siteSectionGroupId: SECTION_GROUP,
  parentSectionGroupId: SECTION_GROUP,
  spaceId: { kind: "Space", read: (api, id) => getSpace(api, id) },
  teamId: { kind: "Team", read: async (api, id, inputs) => (text(inputs.organizationId) ? getTeam(api, text(inputs.organizationId)!, id) : undefined) },
  parent: { kind: "Collection", read: (api, id) => getCollection(api, id) },
};

/**
 * The preview's names, with the objects outside the program its changes' inputs name by id: each
 * read once; a failed read (404, 403, the network) leaves the id as it is.
 */
export async function withOutsideTitles(preview: Preview, api: ApiRequester): Promise<Preview> {
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
      const title = titleOf(await reference.read(api, id, inputs).catch(() => undefined));
      // Outside the program it has no resource name: the id stands for one.
      if (title !== undefined) names.set(id, { kind: reference.kind, name: id, title });
    }),
  );
  return { ...preview, names };
}
