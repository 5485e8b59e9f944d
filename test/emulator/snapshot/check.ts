/**
 * The whole of a snapshot checked before any of it is loaded: a snapshot comes from a file or a
 * request, and a wrong type, a duplicate id or a document nested thousands deep used to surface
 * as whatever broke first while seeding (a null dereference, a SQLite constraint, a stack
 * overflow), after the state had been cleared. Each problem is reported with its place in the
 * file, e.g. `sites[2].sections[0].id: duplicate id "x" (also sites[0].sections[3].id)`.
 *
 * Unknown keys are allowed: the provider's writer is a separate reading of the format and may
 * write more than this emulator reads.
 */
import { ROLES } from "../validate.ts";

/** Deeper than any customization, JSON schema or document a snapshot holds, far from the stack's limit. */
export const MAX_SNAPSHOT_DEPTH = 100;

export class SnapshotProblem extends Error {}

type Path = ReadonlyArray<string | number>;

/** `sites[2].sections[0].id`; a key that is not a plain name is quoted (`customization["a b"]`). */
export function placeOf(path: Path): string {
  let place = "";
  for (const step of path) {
    if (typeof step === "number") place += `[${step}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(step)) place += place === "" ? step : `.${step}`;
    else place += `[${JSON.stringify(step)}]`;
  }
  return place === "" ? "(the top level)" : place;
}

const fail = (path: Path, rule: string): never => {
  throw new SnapshotProblem(`${placeOf(path)}: ${rule}`);
};

/**
 * Refuses nesting deeper than `MAX_SNAPSHOT_DEPTH`, walking with a stack of its own: a recursive
 * walk (JSON.stringify's, when the store writes it) would overflow on the very input it refuses.
 */
function checkDepth(root: unknown): void {
  const pending: Array<{ value: unknown; path: Path }> = [{ value: root, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value !== "object" || value === null) continue;
    if (path.length >= MAX_SNAPSHOT_DEPTH) fail(path, `nested more than ${MAX_SNAPSHOT_DEPTH} levels deep`);
    const entries: Array<[string | number, unknown]> = Array.isArray(value)
      ? value.map((item, i) => [i, item])
      : Object.entries(value);
    for (const [key, item] of entries) pending.push({ value: item, path: [...path, key] });
  }
}

type Check = (value: unknown, path: Path) => void;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const string: Check = (value, path) => {
  if (typeof value !== "string") fail(path, `must be a string, not ${kindOf(value)}`);
};
const id: Check = (value, path) => {
  if (typeof value !== "string" || value === "") fail(path, `must be a non-empty string (an id), not ${kindOf(value)}`);
};
const boolean: Check = (value, path) => {
  if (typeof value !== "boolean") fail(path, `must be a boolean, not ${kindOf(value)}`);
};
const position: Check = (value, path) => {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 1_000_000)
    fail(path, `must be an integer from 0 to 1000000, not ${kindOf(value)}`);
};
const oneOf =
  (values: readonly string[]): Check =>
  (value, path) => {
    if (typeof value !== "string" || !values.includes(value))
      fail(path, `must be one of ${values.join(", ")}, not ${kindOf(value)}`);
  };
const role = oneOf(ROLES);
/** Any JSON object (a customization, a JSON schema, merge rules): its depth is checked once for the whole file. */
const anyObject: Check = (value, path) => {
  if (!isObject(value)) fail(path, `must be an object, not ${kindOf(value)}`);
};
const anyJson: Check = () => {};
const nullable =
  (check: Check): Check =>
  (value, path) => {
    if (value !== null) check(value, path);
  };
const array =
  (item: Check): Check =>
  (value, path) => {
    if (!Array.isArray(value)) fail(path, `must be an array, not ${kindOf(value)}`);
    (value as unknown[]).forEach((element, i) => item(element, [...path, i]));
  };

/** Fields with a `?` may be absent (or undefined); the others must be present. */
const object =
  (fields: Record<string, Check>): Check =>
  (value, path) => {
    if (!isObject(value)) fail(path, `must be an object, not ${kindOf(value)}`);
    const record = value as Record<string, unknown>;
    for (const [name, check] of Object.entries(fields)) {
      const optional = name.endsWith("?");
      const key = optional ? name.slice(0, -1) : name;
      const field = Object.hasOwn(record, key) ? record[key] : undefined;
      if (field === undefined) {
        if (!optional) fail([...path, key], "is required");
        continue;
      }
      check(field, [...path, key]);
    }
  };

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return value.length > 40 ? "a string" : JSON.stringify(value);
  // What is left of a JSON value: a number, a boolean, or undefined (a missing field).
  return `${typeof value} ${JSON.stringify(value) ?? "undefined"}`;
}

const siteShape = object({
  id,
  title: string,
  type: string,
  visibility: string,
  published: boolean,
  "basename?": nullable(string),
  "proxy?": nullable(string),
  adaptiveContent: object({ enabled: boolean }),
  "agentsContext?": oneOf(["included", "excluded"]),
  "defaultSection?": nullable(string),
  // DESIGN.md 8: a site's default level is a role, null or `inherit`.
  "defaultLevel?": nullable(oneOf([...ROLES, "inherit"])),
  customization: anyObject,
  "adaptiveSchema?": nullable(anyObject),
  sectionGroups: array(object({ id, title: string, "icon?": nullable(string), "parent?": nullable(string), position })),
  sections: array(
    object({
      id,
      title: string,
      "description?": nullable(string),
      path: string,
      "condition?": nullable(string),
      "sectionGroup?": nullable(string),
      "icon?": nullable(string),
      position,
      "draft?": boolean,
    }),
  ),
  siteSpaces: array(
    object({
      id,
      section: nullable(string),
      space: string,
      path: string,
      "condition?": nullable(string),
      default: boolean,
      position,
      "customization?": nullable(anyObject),
      "hidden?": boolean,
    }),
  ),
});

const snapshotShape = object({
  createdAt: string,
  organization: object({
    id,
    title: string,
    emailDomains: array(string),
    "hostname?": nullable(string),
    defaultRole: nullable(role),
    "defaultContent?": nullable(object({ type: oneOf(["site"]), site: id })),
    "logo?": nullable(string),
    sso: boolean,
    ai: boolean,
    inviteLinks: boolean,
    mergeRules: anyObject,
  }),
  members: array(
    object({ id, email: string, displayName: string, role: nullable(role), disabled: boolean, sso: boolean }),
  ),
  teams: array(object({ id, title: string, members: array(object({ id, role: string })) })),
  samlProviders: array(
    object({
      id,
      label: string,
      "entityID?": nullable(string),
      "ssoURL?": nullable(string),
      "certificate?": nullable(string),
      defaultTeam: nullable(string),
      defaultRole: nullable(role),
    }),
  ),
  collections: array(
    object({
      id,
      title: string,
      "description?": nullable(string),
      parent: nullable(string),
      defaultLevel: nullable(role),
    }),
  ),
  spaces: array(
    object({
      id,
      title: string,
      emoji: string,
      visibility: string,
      parent: nullable(string),
      editMode: oneOf(["live", "locked"]),
      defaultLevel: nullable(role),
      language: nullable(string),
      mergeRules: anyObject,
    }),
  ),
  sites: array(siteShape),
  openApiSpecs: array(object({ id, slug: string, sourceURL: string, visibility: oneOf(["private", "public"]) })),
  translations: array(
    object({
      id,
      language: string,
      source: object({ "space?": nullable(string), "language?": nullable(string) }),
      "instructions?": anyJson,
    }),
  ),
  "agentInstructions?": anyJson,
  // The member's id (DESIGN.md 8); an earlier version wrote the User object, `{id, ...}`.
  "agentInstructionsUpdatedBy?": (value, path) => (isObject(value) ? object({ id })(value, path) : id(value, path)),
  secrets: array(object({ path: string, placeholder: string })),
});

/**
 * Ids the store keeps in one table per kind (sections and site spaces of every site share one):
 * two objects of a kind with one id cannot both be loaded.
 */
function checkUniqueIds(snapshot: Record<string, unknown>): void {
  const kinds = new Map<string, Map<string, Path>>();
  const claim = (kind: string, value: string, path: Path, what = "id") => {
    const seen = kinds.get(kind) ?? new Map<string, Path>();
    kinds.set(kind, seen);
    const first = seen.get(value);
    if (first) fail(path, `duplicate ${what} ${JSON.stringify(value)} (also ${placeOf(first)})`);
    seen.set(value, path);
  };
  const each = (key: string, kind: string, within: Record<string, unknown> = snapshot, at: Path = []) =>
    (within[key] as Array<{ id: string }>).forEach((item, i) => claim(kind, item.id, [...at, key, i, "id"]));
  each("members", "member");
  each("teams", "team");
  each("samlProviders", "saml");
  each("collections", "collection");
  each("spaces", "space");
  each("sites", "site");
  each("openApiSpecs", "openapi-spec");
  (snapshot.openApiSpecs as Array<{ slug: string }>).forEach((spec, i) =>
    claim("openapi-slug", spec.slug, ["openApiSpecs", i, "slug"], "slug"),
  );
  each("translations", "translation");
  (snapshot.sites as Array<Record<string, unknown>>).forEach((site, i) => {
    each("sectionGroups", "site-section-group", site, ["sites", i]);
    each("sections", "site-section", site, ["sites", i]);
    each("siteSpaces", "site-space", site, ["sites", i]);
  });
  (snapshot.teams as Array<{ members: Array<{ id: string }> }>).forEach((team, i) => {
    const seen = new Set<string>();
    team.members.forEach((member, j) => {
      if (seen.has(member.id))
        fail(["teams", i, "members", j, "id"], `duplicate member ${JSON.stringify(member.id)} in one team`);
      seen.add(member.id);
    });
  });
}

/**
 * Each site's tree holds together: a section group's `parent` and a section's `sectionGroup` name a
 * group of the same site, a site space's `section` a section of it, and no group is its own
 * ancestor. Groups that name each other as parents would leave the site's tree without a root for
 * them, and every walk of it (the section-group list, the structure) would recurse for ever.
 */
function checkSiteTrees(snapshot: Record<string, unknown>): void {
  type Site = {
    sectionGroups: Array<{ id: string; parent?: string | null }>;
    sections: Array<{ id: string; sectionGroup?: string | null }>;
    siteSpaces: Array<{ section: string | null }>;
  };
  (snapshot.sites as Site[]).forEach((site, i) => {
    const at = (...path: Path) => ["sites", i, ...path];
    const parents = new Map(site.sectionGroups.map((group) => [group.id, group.parent ?? undefined]));
    const sections = new Set(site.sections.map((section) => section.id));
    site.sectionGroups.forEach((group, j) => {
      if (group.parent != null && !parents.has(group.parent))
        fail(
          at("sectionGroups", j, "parent"),
          `${JSON.stringify(group.parent)} is not the id of a section group of this site`,
        );
    });
    site.sections.forEach((section, j) => {
      if (section.sectionGroup != null && !parents.has(section.sectionGroup))
        fail(
          at("sections", j, "sectionGroup"),
          `${JSON.stringify(section.sectionGroup)} is not the id of a section group of this site`,
        );
    });
    site.siteSpaces.forEach((item, j) => {
      if (item.section !== null && !sections.has(item.section))
        fail(at("siteSpaces", j, "section"), `${JSON.stringify(item.section)} is not the id of a section of this site`);
    });
    site.sectionGroups.forEach((group, j) => {
      const chain = [group.id];
      for (let ancestor = parents.get(group.id); ancestor !== undefined; ancestor = parents.get(ancestor)) {
        chain.push(ancestor);
        if (ancestor === group.id)
          fail(
            at("sectionGroups", j, "parent"),
            `section groups name each other as parents (${chain.join(" -> ")}): a group cannot be nested in itself`,
          );
        // A chain longer than the groups has met a circle that does not pass through this group: it is reported from a group on it.
        if (chain.length > parents.size + 1) break;
      }
    });
  });
}

/**
 * Checks everything but the envelope (format and version, checked first by format.ts): depth,
 * then shape, then ids, then each site's tree. Throws a SnapshotProblem naming the place.
 */
export function checkSnapshotContent(snapshot: Record<string, unknown>): void {
  checkDepth(snapshot);
  snapshotShape(snapshot, []);
  checkUniqueIds(snapshot);
  checkSiteTrees(snapshot);
  const members = snapshot.members as Array<{ id: string; role: string | null }>;
  if (!members.some((member) => member.role === "admin")) {
    fail(["members"], "no member is an admin, so nobody could use the twin");
  }
  const written = snapshot.agentInstructionsUpdatedBy;
  const updatedBy = isObject(written) ? written.id : written;
  if (updatedBy !== undefined && !members.some((member) => member.id === updatedBy)) {
    fail(["agentInstructionsUpdatedBy"], `${JSON.stringify(updatedBy)} is not the id of a member in members`);
  }
}
