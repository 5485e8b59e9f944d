import { randomBytes } from "node:crypto";
import type { Stored } from "./storage.ts";
import type { Role } from "./validate.ts";

/** Stored shapes. Routes render them into API objects for a given caller. */

export interface UserDoc extends Stored {
  displayName: string;
  email: string;
  photoURL?: string;
}

export interface TokenDoc extends Stored {
  user: string;
}

export interface OrgDoc extends Stored {
  title: string;
  createdAt: string;
  emailDomains: string[];
  hostname?: string;
  type: string;
  useCase?: string;
  defaultRole: Role | null;
  defaultContent?: { type: "site"; site: string } | null;
  logo?: string | null;
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  plan: string;
  mergeRules: MergeRules;
}

/** A space's merge rules; an organization's are never `inherit` (DESIGN.md 8). */
export interface MergeRules {
  type: "inherit" | "none" | "rules";
  rules?: Array<{ rule: string; users?: string[] }>;
}

export interface MemberDoc extends Stored {
  organization: string;
  user: string;
  role: Role | null;
  joinedAt: string;
  lastSeenAt?: string;
  sso: boolean;
  disabled: boolean;
}

export interface TeamDoc extends Stored {
  organization: string;
  title: string;
  createdAt: string;
  members: Array<{ user: string; role: string }>;
}

export interface InviteDoc extends Stored {
  organization: string;
}

export interface SamlDoc extends Stored {
  organization: string;
  label: string;
  ssoURL?: string;
  entityID?: string;
  certificate?: string;
  defaultTeam?: string | null;
  defaultRole?: Role | null;
  createdAt: string;
}

export interface AgentInstructionsDoc extends Stored {
  instructions: unknown;
  updatedAt: string;
  updatedBy: string;
}

export interface SpaceDoc extends Stored {
  organization: string;
  title: string;
  emoji: string;
  visibility: string;
  parent: string | null;
  pos: number;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  editMode: "live" | "locked";
  mergeRules: MergeRules;
  language?: string | null;
  defaultLevel: Role | null;
  revision: string;
  shareKey: string;
}

export interface CollectionDoc extends Stored {
  organization: string;
  title: string;
  description?: string;
  parent: string | null;
  pos: number;
  defaultLevel: Role | null;
  createdAt: string;
}

export interface SiteDoc extends Stored {
  organization: string;
  title: string;
  type: string;
  visibility: string;
  published: boolean;
  basename?: string;
  hostname?: string;
  proxy?: string;
  adaptiveContent: { enabled: boolean };
  agentsContext: "included" | "excluded";
  createdAt: string;
  shareKey: string;
  defaultSection?: string;
  /** DESIGN.md 8: the default level of access to the site's content (a role, null or `inherit`); absent (stores of older runs) means null. */
  defaultLevel?: Role | "inherit" | null;
}

export interface SectionDoc extends Stored {
  site: string;
  title: string;
  description?: string;
  path: string;
  condition?: string;
  sectionGroup?: string;
  icon?: string;
  pos: number;
  /** DESIGN.md 8: a section in draft; absent (stores of older runs) means false. */
  draft?: boolean;
}

export interface SectionGroupDoc extends Stored {
  site: string;
  title: string;
  icon?: string;
  parent?: string;
  pos: number;
}

export interface SiteSpaceDoc extends Stored {
  site: string;
  /** null when the site space sits at the site's root (a site without sections). */
  section: string | null;
  space: string;
  path: string;
  condition?: string;
  isDefault: boolean;
  pos: number;
  /** DESIGN.md 8: hidden from the site's navigation; absent (stores of older runs) means false. */
  hidden?: boolean;
}

export interface AdaptiveSchemaDoc extends Stored {
  jsonSchema: Record<string, unknown>;
  updatedAt: string;
}

export interface SpecDoc extends Stored {
  organization: string;
  slug: string;
  sourceURL: string;
  visibility: "private" | "public";
  createdAt: string;
  updatedAt: string;
  lastVersion: string;
  /** When processing of the latest version began (emulator clock, epoch ms). */
  processStartedAt: number;
  /** How long that processing takes; fixed when it starts so later setting changes don't alter it. */
  processingMs: number;
}

export interface SpecVersionDoc extends Stored {
  spec: string;
  url: string;
  createdAt: string;
}

export interface TranslationDoc extends Stored {
  organization: string;
  language: string;
  source: { space?: string; language?: string };
  instructions?: unknown;
  createdAt: string;
  updatedAt: string;
  runs: number;
}

/** Random, URL-safe ids in the style of the platform's (lowercase letters and digits). */
export function newId(length = 20): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(length);
  let id = "";
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "untitled";
}
