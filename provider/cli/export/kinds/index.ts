/**
 * Every resource kind the exporter writes, in the order a reader meets them in the program (the
 * organization, its people, its content, its sites). References reorder where they must: a
 * resource is always written after the ones it names.
 *
 * `TeamMember` comes with `Team` (its `exportedWith`): team.ts chooses, per team, between
 * `Team.members` and one TeamMember per person (when someone has a role such as `owner`), since a
 * Team with `members` and a TeamMember of the same team would undo each other.
 *
 * The order is the registry's (resources/kinds.ts). Adding a kind: write `kinds/<kebab-kind>.ts`
 * exporting a {@link KindExporter} (model it on collection.ts for an organization-level kind,
 * site-section.ts for a site-level one: their inputs come through the plugin's import path,
 * imported.ts, and the file keeps only the kind's own decisions), and import it below. Its objects are then named, ordered, checked against the resource's schema,
 * adopted by id (when the resource takes `adopt`) and written like every other kind's.
 */
import { fileOf, KINDS } from "../../../resources/kinds";
import { agentInstructions } from "./agent-instructions";
import { collection } from "./collection";
import type { KindExporter } from "./kind";
import { openApiSpec } from "./open-api-spec";
import { organizationMember } from "./organization-member";
import { organizationSettings } from "./organization-settings";
import { samlProvider } from "./saml-provider";
import { site } from "./site";
import { siteAdaptiveSchema } from "./site-adaptive-schema";
import { siteCustomization } from "./site-customization";
import { siteSection } from "./site-section";
import { siteSectionGroup } from "./site-section-group";
import { siteSpace } from "./site-space";
import { siteSpaceCustomization } from "./site-space-customization";
import { siteStructure } from "./site-structure";
import { space } from "./space";
import { team } from "./team";
import { teamMember } from "./team-member";
import { translation } from "./translation";

const BY_KIND: Readonly<Record<string, KindExporter>> = Object.fromEntries(
  [
    agentInstructions, collection, openApiSpec, organizationMember, organizationSettings, samlProvider, site, siteAdaptiveSchema, siteCustomization,
    siteSection, siteSectionGroup, siteSpace, siteSpaceCustomization, siteStructure, space, team, teamMember, translation,
  ].map((exporter) => [exporter.kind, exporter]),
);

/** One exporter per kind of the registry (resources/kinds.ts), in its order; a kind without one fails here. */
export const EXPORTERS: readonly KindExporter[] = KINDS.map((definition) => {
  const exporter = BY_KIND[definition.kind];
  if (!exporter) throw new Error(`export: no exporter for the kind ${definition.kind} (add kinds/${fileOf(definition.kind)}.ts)`);
  return exporter;
});

export type { ExportedObject, KindExporter, NameSpec, ReadNotes } from "./kind";
