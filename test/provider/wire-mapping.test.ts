/** The wire mapping derived from a kind's declaration (provider/adapter/wire.ts, issue 38 item 2). */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { wireMapping, valueAt } from "../../provider/adapter/wire.ts";
import { definitionOf, KINDS } from "../../provider/resources/kinds.ts";
import { fromApi as organizationFromApi } from "../../provider/resources/organization-settings.ts";
import { CUSTOMIZATION_FIELDS, declaredFromApi } from "../../provider/resources/site-customization.ts";
import { fromApi as siteFromApi } from "../../provider/resources/site.ts";
import { EMPTY_DOCUMENT } from "../../provider/domain/document.ts";
import type { ApiMember } from "../../provider/api/members.ts";
import { fromApi as organizationMemberFromApi } from "../../provider/resources/organization-member.ts";
import { fromApi as teamFromApi } from "../../provider/resources/team.ts";

const schema = z.strictObject({
  organizationId: z.string().meta({ readFrom: "organization", sendAs: false }),
  title: z.string(),
  level: z.enum(["read", "edit"]).optional(),
  role: z.enum(["read", "edit"]).nullable().optional().meta({ nullWhenAbsent: true, clearedWithNull: true }),
  condition: z.string().nullable().optional(),
  parent: z.string().optional().meta({ updatedApart: true }),
  team: z.string().optional().meta({ readFrom: "team.id", sendAs: "teamId" }),
  region: z.string().optional().meta({ replaces: true, sendAs: "settings.region" }),
  adopt: z.boolean().optional(),
});
const outputs = z.object({ urls: z.object({ app: z.string() }), createdAt: z.string().meta({ readFrom: "meta.created" }) });
const wire = wireMapping(schema, outputs);

describe("wireMapping", () => {
  it("reads every declared input and output at its path, and never adopt", () => {
    const state = wire.fromApi({
      organization: "org_1",
      title: "T",
      level: "read",
      role: "edit",
      parent: "col_1",
      team: { id: "team_1", title: "W" },
      region: "eu",
      urls: { app: "u" },
      meta: { created: "now" },
      extra: 1,
    });
    expect(state).toEqual({
      organizationId: "org_1",
      title: "T",
      level: "read",
      role: "edit",
      parent: "col_1",
      team: "team_1",
      region: "eu",
      urls: { app: "u" },
      createdAt: "now",
    });
    expect("adopt" in state).toBe(false);
  });

  it("reads null as absent where the input refuses null, and keeps it where null is a value", () => {
    const state = wire.fromApi({ organization: "org_1", title: "T", level: null, role: null, parent: null, team: null });
    expect(state.level).toBeUndefined();
    expect(state.parent).toBeUndefined();
    expect(state.team).toBeUndefined();
    expect(state.role).toBeNull();
  });

  it("reads an absent field as null where declared (nullWhenAbsent), and as absent otherwise", () => {
    const state = wire.fromApi({ organization: "org_1", title: "T" });
    expect(state.role).toBeNull();
    expect(state.condition).toBeUndefined();
  });

  it("lays what the request's path names over the object", () => {
    expect(wire.fromApi({ title: "T" }, { organizationId: "org_2" }).organizationId).toBe("org_2");
  });

  it("sends every input a body carries, at its body path, in the schema's order, never adopt", () => {
    const inputs = { organizationId: "org_1", title: "T", team: "team_1", region: "eu", level: undefined, parent: "col_1", adopt: true };
    expect(wire.sentKeys).toEqual(["title", "level", "role", "condition", "parent", "team", "region"]);
    expect(wire.bodyOf(inputs)).toEqual({ title: "T", parent: "col_1", teamId: "team_1", settings: { region: "eu" } });
    expect(Object.keys(wire.bodyOf(inputs, ["team", "title"]))).toEqual(["title", "teamId"]);
  });

  it("patches only what changes in place: no replaced, apart-updated or path input", () => {
    const inputs = { organizationId: "org_2", title: "T2", parent: "col_2", region: "us", role: null };
    expect(wire.patchOf(inputs, ["organizationId", "title", "parent", "region", "role"])).toEqual({ title: "T2", role: null });
    expect(wire.patchOf(inputs, [])).toEqual({});
    // A removed input: left out, or null where it is cleared with null.
    expect(wire.patchOf({ title: "T" }, ["level", "role", "condition"])).toEqual({ role: null });
    // A null input is a value, sent whether or not it is cleared with null.
    expect(wire.patchOf({ role: null, condition: null }, ["role", "condition"])).toEqual({ role: null, condition: null });
  });

  it("valueAt walks a dotted path and stops at a missing step", () => {
    expect(valueAt({ a: { b: 1 } }, "a.b")).toBe(1);
    expect(valueAt({ a: null }, "a.b")).toBeUndefined();
  });
});

describe("every kind's declaration", () => {
  it("names only paths a body can carry", () => {
    for (const definition of KINDS) {
      const mapping = wireMapping(definition.schema, definition.outputs);
      expect(mapping.sentKeys, definition.kind).not.toContain("adopt");
    }
    expect(definitionOf("Collection")).toBeDefined();
  });
});

describe("OrganizationSettings on the wire mapping", () => {
  it("reads the organization object: its id, the logo from urls.logo, unset nullables as null, the domains as a set", () => {
    const state = organizationFromApi({
      id: "org_1",
      title: "Acme",
      emailDomains: ["B.test", "a.test", "b.test"],
      sso: true,
      mergeRules: { type: "inherit" },
      urls: { app: "https://app.test/o", logo: "https://acme.test/logo.png" },
      type: "business",
      plan: "free_2024",
      createdAt: "2026-01-01T00:00:00Z",
    });
    expect(state).toMatchObject({
      organizationId: "org_1",
      title: "Acme",
      emailDomains: ["a.test", "b.test"],
      sso: true,
      defaultRole: null,
      defaultContent: null,
      logo: "https://acme.test/logo.png",
      // An organization never inherits (DESIGN.md 8): an old `inherit` reads as none.
      mergeRules: { type: "none" },
      type: "business",
      plan: "free_2024",
    });
    expect(state.hostname).toBeUndefined();
  });

  it("sends each setting under its own name, never the organization id", () => {
    const wire = wireMapping(definitionOf("OrganizationSettings")!.schema, definitionOf("OrganizationSettings")!.outputs);
    expect(wire.sentKeys).not.toContain("organizationId");
    expect(wire.bodyOf({ organizationId: "org_1", logo: null, defaultRole: "read", title: undefined })).toEqual({ defaultRole: "read", logo: null });
  });
});

describe("the customization kinds on the wire mapping", () => {
  it("send every Customization field under its own name, never the address in the request's path", () => {
    for (const kind of ["SiteCustomization", "SiteSpaceCustomization"]) {
      const wire = wireMapping(definitionOf(kind)!.schema);
      expect(wire.sentKeys, kind).toEqual([...CUSTOMIZATION_FIELDS]);
      expect(wire.bodyOf({ organizationId: "org_1", siteId: "site_1", siteSpaceId: "ss_1", title: "T" }), kind).toEqual({ title: "T" });
    }
  });

  it("read the declared leaves only, a declared leaf the object lacks as null, the address from the path", () => {
    const wire = wireMapping(definitionOf("SiteCustomization")!.schema);
    const server = { title: "Docs", styling: { corners: "rounded", depth: "subtle", primaryColor: { light: "#111111", dark: "#222222" } }, favicon: {}, pdf: { enabled: true } };
    const declared = { styling: { corners: "straight", primaryColor: { dark: "#333333" } }, favicon: { icon: null } };
    expect(declaredFromApi(wire, server, { organizationId: "org_1", siteId: "site_1" }, declared)).toEqual({
      organizationId: "org_1",
      siteId: "site_1",
      styling: { corners: "rounded", primaryColor: { dark: "#222222" } },
      favicon: { icon: null },
    });
  });
});

describe("SiteStructure on the wire mapping", () => {
  it("sends no input in a body: the address is in the path, the lists go as sorts", () => {
    expect(wireMapping(definitionOf("SiteStructure")!.schema).sentKeys).toEqual([]);
  });
});

describe("getSite on the wire mapping", () => {
  it("is the state a Site resource holds for the site, with its id", () => {
    const site = {
      id: "site_1",
      title: "Portal",
      type: "basic",
      visibility: "public",
      published: true,
      basename: "docs",
      urls: { app: "https://app.test/s", published: "https://acme.test/docs" },
      siteSpaces: 2,
    };
    expect(siteFromApi("org_1", site)).toMatchObject({ organizationId: "org_1", title: "Portal", type: "basic", visibility: "public", published: true, basename: "docs" });
  });
});

/** The members', teams', translations' and agent instructions' kinds, and the lookups getMember, getMembers and getTeam. */
describe("members, teams, translations and agent instructions from their declarations", () => {
  const mappingOf = (kind: string) => {
    const definition = definitionOf(kind)!;
    return wireMapping(definition.schema, definition.outputs);
  };
  const member: ApiMember = {
    id: "usr_ada",
    role: "edit",
    user: { id: "usr_ada", email: "ada@acme.test", displayName: "Ada" },
    disabled: false,
    joinedAt: "then",
    sso: true,
    teams: 2,
  };

  it("OrganizationMember: only the role is sent; the user id, email and outputs read at their paths; a guest reads null", () => {
    const wire = mappingOf("OrganizationMember");
    expect(wire.sentKeys).toEqual(["role"]);
    expect(organizationMemberFromApi("org_1", member, { email: "ADA@acme.test", removeOnDestroy: true })).toEqual({
      organizationId: "org_1",
      userId: "usr_ada",
      email: "ADA@acme.test",
      role: "edit",
      removeOnDestroy: true,
      joinedAt: "then",
      disabled: false,
      sso: true,
    });
    // A guest: the API answers a null role, or leaves it out.
    const { role: _role, ...guest } = member;
    expect(wire.fromApi(guest).role).toBeNull();
    expect(organizationMemberFromApi("org_1", { ...member, role: null })).toMatchObject({ email: "ada@acme.test", role: null, removeOnDestroy: false });
    expect(wire.bodyOf({ organizationId: "org_1", userId: "usr_ada", role: null, removeOnDestroy: true })).toEqual({ role: null });
    expect(wire.patchOf({ organizationId: "org_1", userId: "usr_ada", role: "read", removeOnDestroy: true }, ["removeOnDestroy"])).toEqual({});
  });

  it("TeamMember: the role is sent; the user, email and role read inside the team's member list item", () => {
    const wire = mappingOf("TeamMember");
    expect(wire.sentKeys).toEqual(["role"]);
    expect(wire.fromApi({ organization: member, team: { role: "owner" }, permissions: { view: true } }, { organizationId: "org_1", teamId: "team_1" })).toEqual({
      organizationId: "org_1",
      teamId: "team_1",
      userId: "usr_ada",
      email: "ada@acme.test",
      role: "owner",
    });
    expect(wire.patchOf({ organizationId: "org_1", teamId: "team_2", userId: "usr_bo", role: "member" }, ["teamId", "userId", "role"])).toEqual({ role: "member" });
  });

  it("Translation: the create sends language, source and instructions; the in-place update only the instructions; runTrigger never", () => {
    const wire = mappingOf("Translation");
    expect(wire.sentKeys).toEqual(["language", "source", "instructions"]);
    const inputs = { organizationId: "org_1", language: "fr", source: { space: "sp_1", language: "en" }, instructions: EMPTY_DOCUMENT, runTrigger: "v1" };
    expect(wire.bodyOf(inputs)).toEqual({ language: "fr", source: { space: "sp_1", language: "en" }, instructions: EMPTY_DOCUMENT });
    expect(wire.patchOf(inputs, ["language", "source", "instructions", "runTrigger"])).toEqual({ instructions: EMPTY_DOCUMENT });
    expect(Object.keys(wire.fromApi({ id: "tr_1", language: "fr", status: "pending", stats: { runs: 0 } }))).toEqual([
      "organizationId",
      "language",
      "source",
      "instructions",
      "runTrigger",
      "status",
      "result",
      "stats",
      "urls",
      "createdAt",
      "updatedAt",
    ]);
  });

  it("AgentInstructions: only the document is sent; clearOnDestroy never", () => {
    const wire = mappingOf("AgentInstructions");
    expect(wire.sentKeys).toEqual(["instructions"]);
    expect(wire.patchOf({ organizationId: "org_1", instructions: EMPTY_DOCUMENT, clearOnDestroy: true }, ["clearOnDestroy"])).toEqual({});
  });

  it("Team and getTeam: the team object's member count never reads as the members list", () => {
    const team = { id: "team_1", title: "Writers", members: 3, spaces: 1, createdAt: "then" };
    expect(teamFromApi(team, "org_1")).toEqual({ organizationId: "org_1", title: "Writers", members: undefined, spaces: 1, createdAt: "then" });
    expect(teamFromApi(team, "org_1", ["usr_ada"]).members).toEqual(["usr_ada"]);
  });
});
