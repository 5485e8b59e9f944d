/**
 * The file shape the runtime host relies on (DESIGN.md 7) for OrganizationSettings, Team,
 * SamlProvider and Collection: `require("../resources/<kebab-kind>").definition`, input keys equal
 * to the schema's keys, and `Args` types that take Outputs anywhere a program would pass one.
 */
import * as pulumi from "@pulumi/pulumi";
import { createRequire } from "node:module";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as collection from "../../provider/resources/collection.ts";
import { inputKeysOf } from "../../provider/adapter/resource.ts";
import type { CollectionArgs } from "../../provider/dynamic/resources/collection.ts";
import type { OrganizationMemberArgs } from "../../provider/dynamic/resources/organization-member.ts";
import type { OrganizationSettingsArgs } from "../../provider/dynamic/resources/organization-settings.ts";
import type { SamlProviderArgs } from "../../provider/dynamic/resources/saml-provider.ts";
import type { TeamArgs } from "../../provider/dynamic/resources/team.ts";
import type { TeamMemberArgs } from "../../provider/dynamic/resources/team-member.ts";
import * as organizationMember from "../../provider/resources/organization-member.ts";
import * as organizationSettings from "../../provider/resources/organization-settings.ts";
import * as samlProvider from "../../provider/resources/saml-provider.ts";
import * as team from "../../provider/resources/team.ts";
import * as teamMember from "../../provider/resources/team-member.ts";

const modules = {
  OrganizationSettings: organizationSettings,
  OrganizationMember: organizationMember,
  Team: team,
  TeamMember: teamMember,
  SamlProvider: samlProvider,
  Collection: collection,
};

const kebab = (kind: string) => kind.replace(/(?<!^)([A-Z])/g, "-$1").toLowerCase();

describe("organization resources: file shape", () => {
  it.each(Object.entries(modules))("%s: the compiled file at the conventional path exports its definition", (kind, module) => {
    expect(module.definition.kind).toBe(kind);
    // The host loads the compiled CommonJS file by the kind's kebab-case name.
    const require = createRequire(import.meta.url);
    const compiled = require(`../../provider/dist/resources/${kebab(kind)}.js`) as { definition: { kind: string } };
    expect(compiled.definition.kind).toBe(kind);
  });

  it.each(Object.entries(modules))("%s: inputKeys are the schema's keys but adopt; replaceKeys are input keys", (kind, module) => {
    const schemaKeys = Object.keys(module.schema.shape).filter((key) => key !== "adopt");
    expect([...inputKeysOf(module.definition)].sort()).toEqual(schemaKeys.sort());
    // A collection changes organization by a transfer in place (API.md 4.11); the others are replaced.
    if (kind === "Collection") expect(module.definition.replaceKeys).toEqual([]);
    else expect(module.definition.replaceKeys).toContain("organizationId");
    for (const key of module.definition.replaceKeys) expect(inputKeysOf(module.definition)).toContain(key);
  });

  it("adopt by natural key exists where a natural key does (Team, TeamMember, SamlProvider, Collection), not on OrganizationSettings or OrganizationMember", () => {
    expect(typeof team.definition.findByNaturalKey).toBe("function");
    expect(typeof samlProvider.definition.findByNaturalKey).toBe("function");
    expect(typeof collection.definition.findByNaturalKey).toBe("function");
    expect(typeof organizationSettings.definition.findByNaturalKey).toBe("undefined");
    expect(Object.keys(organizationSettings.schema.shape)).not.toContain("adopt");
    // A member is always taken over: no adopt input; a team membership has a natural key (team + user).
    expect(typeof organizationMember.definition.findByNaturalKey).toBe("undefined");
    expect(Object.keys(organizationMember.schema.shape)).not.toContain("adopt");
    expect(typeof teamMember.definition.findByNaturalKey).toBe("function");
  });

  it("Args accept Outputs of other resources wherever a program passes them", () => {
    const id = pulumi.output("id");
    expectTypeOf({ organizationId: id, title: "Writers", members: [id, "user"], adopt: true }).toExtend<TeamArgs>();
    expectTypeOf({ organizationId: id, email: id, role: null, removeOnDestroy: true }).toExtend<OrganizationMemberArgs>();
    expectTypeOf({ teamId: id, userId: id, role: "owner" as const, adopt: { id } }).toExtend<TeamMemberArgs>();
    expectTypeOf({ organizationId: id, label: "Okta", ssoURL: id, defaultTeam: id, defaultRole: null }).toExtend<SamlProviderArgs>();
    expectTypeOf({ organizationId: id, title: "Guides", parent: id, defaultLevel: "read" as const, adopt: { id } }).toExtend<CollectionArgs>();
    expectTypeOf({
      organizationId: id,
      defaultContent: { type: "site" as const, site: id },
      mergeRules: { type: "rules" as const, rules: [{ rule: "require_specific_reviewers" as const, users: [id] }] },
      logo: null,
    }).toExtend<OrganizationSettingsArgs>();
  });
});
