/**
 * The snapshot of one organization's configuration plane (docs/twin.md "The snapshot format"):
 * what `pulumi-docs-platform export --snapshot` writes from a real organization through the API,
 * what the emulator starts from (`--seed`) and writes itself (`--snapshot-on-exit`,
 * `GET /_control/snapshot`). The emulator reads and writes it with this code of its own; the
 * provider's writer is a separate reading of the same page.
 *
 * Never a token or a secret value: a secret is replaced by a placeholder and listed in `secrets`.
 */
import { readFileSync } from "node:fs";
import type { MergeRules } from "../model.ts";
import type { Role } from "../validate.ts";
import { checkSnapshotContent, SnapshotProblem } from "./check.ts";

export const SNAPSHOT_FORMAT = "docs-platform-snapshot";
export const SNAPSHOT_VERSION = 1;

type Json = unknown;

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  createdAt: string;
  organization: {
    id: string;
    title: string;
    emailDomains: string[];
    hostname?: string;
    defaultRole: Role | null;
    defaultContent?: { type: "site"; site: string } | null;
    /** The logo's URL (API.md 2.15 `urls.logo`); absent in older snapshots and when none is set. */
    logo?: string | null;
    sso: boolean;
    ai: boolean;
    inviteLinks: boolean;
    mergeRules: MergeRules;
  };
  members: Array<{
    id: string;
    email: string;
    displayName: string;
    role: Role | null;
    disabled: boolean;
    sso: boolean;
  }>;
  teams: Array<{ id: string; title: string; members: Array<{ id: string; role: string }> }>;
  samlProviders: Array<{
    id: string;
    label: string;
    entityID?: string;
    ssoURL?: string;
    certificate?: string;
    defaultTeam: string | null;
    defaultRole: Role | null;
  }>;
  collections: Array<{
    id: string;
    title: string;
    description?: string;
    parent: string | null;
    defaultLevel: Role | null;
  }>;
  spaces: Array<{
    id: string;
    title: string;
    emoji: string;
    visibility: string;
    parent: string | null;
    editMode: "live" | "locked";
    defaultLevel: Role | null;
    language: string | null;
    mergeRules: MergeRules;
  }>;
  sites: SnapshotSite[];
  openApiSpecs: Array<{ id: string; slug: string; sourceURL: string; visibility: "private" | "public" }>;
  translations: Array<{
    id: string;
    language: string;
    source: { space?: string; language?: string };
    instructions?: Json;
  }>;
  /** A document, or null when none were written (`Json` is `unknown`, which holds null). */
  agentInstructions: Json;
  /**
   * The member who wrote the agent instructions last (DESIGN.md 8 `updatedBy`, the member's id);
   * absent in older snapshots: the admin. An earlier version may have written the User object.
   */
  agentInstructionsUpdatedBy?: string | { id: string };
  /** Where a secret was, and why its value is not here. */
  secrets: Array<{ path: string; placeholder: string }>;
}

export interface SnapshotSite {
  id: string;
  title: string;
  type: string;
  visibility: string;
  published: boolean;
  basename?: string;
  proxy?: string;
  adaptiveContent: { enabled: boolean };
  agentsContext: "included" | "excluded";
  defaultSection?: string;
  /** DESIGN.md 8: a role, null or `inherit`; absent in older snapshots: null. */
  defaultLevel?: Role | "inherit" | null;
  customization: Json;
  /** A JSON schema, or null when none is set. */
  adaptiveSchema: Json;
  /** `position`: the rank among the items (sections and groups) of the same level, from 0. */
  sectionGroups: Array<{ id: string; title: string; icon?: string; parent?: string; position: number }>;
  /** `draft` (DESIGN.md 8): absent in older snapshots, false. */
  sections: Array<{
    id: string;
    title: string;
    description?: string;
    path: string;
    condition?: string;
    sectionGroup?: string;
    icon?: string;
    position: number;
    draft?: boolean;
  }>;
  /** `position`: the rank among the site spaces of the same section (or of the site's root). */
  /** `hidden` (DESIGN.md 8): absent in older snapshots, false. */
  siteSpaces: Array<{
    id: string;
    section: string | null;
    space: string;
    path: string;
    condition?: string;
    default: boolean;
    position: number;
    customization: Json;
    hidden?: boolean;
  }>;
}

export class SnapshotError extends Error {}

/** Checks a parsed snapshot's envelope; a snapshot of another format or version is refused with what to do. */
export function checkSnapshot(value: unknown, source = "the snapshot"): Snapshot {
  const snapshot = value as Partial<Snapshot> | null;
  if (!snapshot || typeof snapshot !== "object" || Array.isArray(snapshot) || snapshot.format !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(
      `${source} is not a docs-platform snapshot (its "format" is not "${SNAPSHOT_FORMAT}"); write one with \`npx pulumi-docs-platform export --snapshot <file>\``,
    );
  }
  if (snapshot.version !== SNAPSHOT_VERSION) {
    const newer = typeof snapshot.version === "number" && snapshot.version > SNAPSHOT_VERSION;
    throw new SnapshotError(
      `${source} has snapshot format version ${JSON.stringify(snapshot.version)}; this emulator reads version ${SNAPSHOT_VERSION}. ` +
        (newer
          ? "Upgrade the emulator (docs-platform-emulator) to one that reads it."
          : "Export it again with this version of pulumi-docs-platform."),
    );
  }
  try {
    checkSnapshotContent(snapshot);
  } catch (error) {
    if (error instanceof SnapshotProblem) throw new SnapshotError(`${source}: ${error.message}`);
    throw error;
  }
  return snapshot as Snapshot;
}

/** Reads and checks a snapshot file. */
export function readSnapshot(path: string): Snapshot {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new SnapshotError(`cannot read the snapshot ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(`the snapshot ${path} is not JSON: ${(error as Error).message}`);
  }
  return checkSnapshot(parsed, `the snapshot ${path}`);
}
