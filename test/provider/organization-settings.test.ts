import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { definition } from "../../provider/resources/organization-settings.ts";
import { checked, failedProperties, type Harness, PROVIDER, providerOf, rejectionOf, startHarness } from "./support/harness.ts";

let harness: Harness;
let provider: ReturnType<typeof providerOf>;
let org: string;

beforeAll(async () => {
  harness = await startHarness();
  provider = providerOf(definition, harness.requester);
  org = harness.organizationId;
});
afterAll(async () => harness?.close());
beforeEach(() => harness.requester.reset());

async function getOrganization() {
  const response = await harness.api("GET", `/orgs/${org}`);
  expect(response.status).toBe(200);
  return response.body;
}

async function createSettings(inputs: Record<string, unknown>) {
  return provider.create(await checked(provider, { organizationId: org, ...inputs }));
}

describe("OrganizationSettings check", () => {
  const valid = () => ({
    organizationId: "org",
    title: "Acme",
    emailDomains: ["acme.test"],
    hostname: "acme",
    defaultRole: "read",
    defaultContent: { type: "site", site: "site-1" },
    logo: "https://acme.test/logo.png",
    sso: false,
    ai: true,
    inviteLinks: true,
    mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["u1"] }] },
  });

  it.each([
    ["title of 2 characters", { title: "ab" }],
    ["title of 255 characters", { title: "t".repeat(255) }],
    ["hostname of 3 characters", { hostname: "abc" }],
    ["hostname of 32 characters", { hostname: "h".repeat(32) }],
    ["title of 2 emoji (2 characters, 4 UTF-16 units)", { title: "🅰🅱" }],
    ["email domain of 253 characters", { emailDomains: ["d".repeat(253)] }],
    ["an http logo", { logo: "http://acme.test/logo.png" }],
    ["logo of 2048 characters", { logo: `https://acme.test/${"l".repeat(2048 - "https://acme.test/".length)}` }],
    ["null logo, default role and default content", { logo: null, defaultRole: null, defaultContent: null }],
    ["no merge rules", { mergeRules: { type: "none" } }],
    [
      "each of the five rule names",
      {
        mergeRules: {
          type: "rules",
          rules: ["require_specific_reviewers", "require_one_of_specific_reviewers", "allow_bypass", "require_at_least_one_review", "custom"].map((rule) => ({
            rule,
            users: ["u1"],
          })),
        },
      },
    ],
    [
      "the organization id alone",
      {
        title: undefined,
        emailDomains: undefined,
        hostname: undefined,
        defaultRole: undefined,
        defaultContent: undefined,
        logo: undefined,
        sso: undefined,
        ai: undefined,
        inviteLinks: undefined,
        mergeRules: undefined,
      },
    ],
  ])("accepts %s", async (_case, change) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual([]);
  });

  it.each([
    ["organizationId is required", { organizationId: undefined }, ["organizationId"]],
    ["organizationId must not be empty", { organizationId: "" }, ["organizationId"]],
    ["title is at least 2 characters", { title: "a" }, ["title"]],
    ["title is at most 255 characters", { title: "t".repeat(256) }, ["title"]],
    ["hostname is at least 3 characters", { hostname: "ab" }, ["hostname"]],
    ["hostname is at most 32 characters", { hostname: "h".repeat(33) }, ["hostname"]],
    ["emailDomains is an array", { emailDomains: "acme.test" }, ["emailDomains"]],
    ["email domains are not empty", { emailDomains: ["acme.test", ""] }, ["emailDomains.1"]],
    ["defaultRole is a role", { defaultRole: "owner" }, ["defaultRole"]],
    ["defaultContent is a site", { defaultContent: { type: "space", site: "s" } }, ["defaultContent.type"]],
    ["defaultContent names its site", { defaultContent: { type: "site" } }, ["defaultContent.site"]],
    ["logo is a URI", { logo: "logo.png" }, ["logo"]],
    ["logo is an http(s) URL", { logo: "ftp://acme.test/logo.png" }, ["logo"]],
    ["logo has no surrounding whitespace", { logo: " https://acme.test/logo.png" }, ["logo"]],
    ["logo has no trailing newline", { logo: "https://acme.test/logo.png\n" }, ["logo"]],
    ["logo has no NUL", { logo: "https://acme.test/logo.png\u0000" }, ["logo"]],
    ["title of 1 emoji is 1 character", { title: "🅰" }, ["title"]],
    ["email domains are at most 253 characters", { emailDomains: ["d".repeat(254)] }, ["emailDomains.0"]],
    ["defaultContent.site is a path segment", { defaultContent: { type: "site", site: ".." } }, ["defaultContent.site"]],
    ["logo is at most 2048 characters", { logo: `https://acme.test/${"l".repeat(2049 - "https://acme.test/".length)}` }, ["logo"]],
    ["sso is a boolean", { sso: "yes" }, ["sso"]],
    ["ai is a boolean", { ai: 1 }, ["ai"]],
    ["inviteLinks is a boolean", { inviteLinks: null }, ["inviteLinks"]],
    ["mergeRules type is none or rules", { mergeRules: { type: "always" } }, ["mergeRules.type"]],
    ["mergeRules type is not inherit, which is for spaces only (DESIGN.md 8)", { mergeRules: { type: "inherit" } }, ["mergeRules.type"]],
    ["merge rule names are the five production takes", { mergeRules: { type: "rules", rules: [{ rule: "two_reviews" }] } }, ["mergeRules.rules.0.rule"]],
    ["merge rules name their rule", { mergeRules: { type: "rules", rules: [{ users: ["u1"] }] } }, ["mergeRules.rules.0.rule"]],
    ["adopt is not an input: the organization is always adopted", { adopt: true }, ["adopt"]],
    ["unknown properties are rejected", { plan: "free_2024" }, ["plan"]],
  ])("%s", async (_rule, change, expected) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual(expected);
  });

  it("normalizes set-like inputs: email domains and merge-rule reviewers", async () => {
    const result = await provider.check(
      {},
      {
        organizationId: "org",
        emailDomains: ["B.test", "a.test", "b.test"],
        mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["u2", "u1", "u2"] }] },
      },
    );
    expect(result.inputs).toEqual({
      organizationId: "org",
      emailDomains: ["a.test", "b.test"],
      mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["u1", "u2"] }] },
    });
  });

  it("refuses `inherit` with a message naming mergeRules.type and the values it takes (DESIGN.md 8)", async () => {
    const result = await provider.check({}, { __provider: PROVIDER, organizationId: "org", mergeRules: { type: "inherit" } });
    expect(result.failures).toHaveLength(1);
    const [failure] = result.failures!;
    expect(failure.property).toBe("mergeRules.type");
    expect(failure.reason).toMatch(/^mergeRules\.type: must be none or rules/);
    expect(failure.reason).toContain("inherit is for spaces only");
    const named = await provider.check({}, { __provider: PROVIDER, organizationId: "org", mergeRules: { type: "rules", rules: [{ rule: "two_reviews" }] } });
    expect(named.failures?.[0]?.reason).toContain("require_specific_reviewers, require_one_of_specific_reviewers, allow_bypass, require_at_least_one_review, custom");
  });

  it("sends no request when check fails", async () => {
    await provider.check({}, { organizationId: org, title: "a" });
    expect(harness.requester.calls).toEqual([]);
  });
});

describe("OrganizationSettings lifecycle", () => {
  it("create adopts the organization: its id is the organization id and only differing settings are sent", async () => {
    const before = await getOrganization();
    const created = await createSettings({ title: before.title, hostname: "acme-docs", ai: true });
    expect(created.id).toBe(org);
    expect(harness.requester.writes()).toEqual([{ method: "PATCH", path: `/orgs/${org}`, body: { hostname: "acme-docs", ai: true } }]);
    expect(created.outs).toMatchObject({ organizationId: org, title: before.title, hostname: "acme-docs", ai: true, type: "business", plan: "free_2024" });
    const outs = created.outs;
    expect(outs.createdAt).toBe(before.createdAt);
    expect(outs.urls).toMatchObject({ location: expect.any(String), app: expect.any(String) });
    // Settings the program does not declare are not tracked, so server defaults are never drift.
    expect(outs).not.toHaveProperty("sso");
    expect(Object.values(outs)).not.toContain(undefined);
    expect(await getOrganization()).toMatchObject({ hostname: "acme-docs", ai: true });

    const read = await provider.read(created.id, { ...outs, __provider: PROVIDER });
    expect(read).toEqual({ id: org, props: outs, inputs: { organizationId: org, title: before.title, hostname: "acme-docs", ai: true } });
  });

  it("create sends nothing when the organization already matches", async () => {
    const current = await getOrganization();
    await createSettings({ title: current.title, inviteLinks: current.inviteLinks });
    expect(harness.requester.writes()).toEqual([]);
  });

  it("create fails clearly for an organization that does not exist", async () => {
    const failure = await rejectionOf(provider.create(await checked(provider, { organizationId: "org-missing", title: "Nope" })));
    expect(failure.message).toMatch(/organization org-missing does not exist/);
    expect(harness.requester.writes()).toEqual([]);
  });

  it("diff: organizationId replaces; every setting updates in place", async () => {
    const olds = { __provider: PROVIDER, organizationId: org, title: "Acme", emailDomains: ["acme.test"], defaultRole: "read", plan: "free_2024", createdAt: "then" };
    const news = { __provider: "new", organizationId: org, title: "Acme", emailDomains: ["acme.test"], defaultRole: "read" };
    expect(await provider.diff(org, olds, news)).toMatchObject({ changes: false, replaces: [] });
    expect(await provider.diff(org, olds, { ...news, organizationId: "org-globex" })).toMatchObject({ changes: true, replaces: ["organizationId"] });
    const changes = {
      title: "Acme 2",
      emailDomains: ["acme.test", "acme.io"],
      hostname: "acme",
      defaultRole: null,
      defaultContent: { type: "site", site: "s" },
      logo: "https://acme.test/logo.png",
      sso: true,
      ai: true,
      inviteLinks: false,
      mergeRules: { type: "none" },
    };
    for (const [key, value] of Object.entries(changes)) {
      expect(await provider.diff(org, olds, { ...news, [key]: value }), key).toMatchObject({ changes: true, replaces: [] });
    }
  });

  it("updates settings in place, sending only the changed ones; nullable settings clear with null", async () => {
    const created = await createSettings({ emailDomains: ["acme.test"], defaultRole: "read", logo: "https://acme.test/logo.png", inviteLinks: true });
    expect((await getOrganization()).urls.logo).toBe("https://acme.test/logo.png");
    harness.requester.reset();
    const news = await checked(provider, { organizationId: org, emailDomains: ["acme.test", "ACME.io"], defaultRole: null, logo: null, inviteLinks: true });
    const updated = await provider.update(org, { ...created.outs, __provider: PROVIDER }, news);
    expect(harness.requester.writes()).toEqual([{ method: "PATCH", path: `/orgs/${org}`, body: { emailDomains: ["acme.io", "acme.test"], defaultRole: null, logo: null } }]);
    expect(updated.outs).toMatchObject({ emailDomains: ["acme.io", "acme.test"], defaultRole: null, logo: null, inviteLinks: true });
    const server = await getOrganization();
    expect(server.emailDomains.sort()).toEqual(["acme.io", "acme.test"]);
    expect(server.defaultRole ?? null).toBeNull();
    expect(server.urls.logo).toBeUndefined();
  });

  it("sets default content to a site of the organization and merge rules", async () => {
    const site = (await harness.api("POST", `/orgs/${org}/sites`, { title: "Docs" })).body;
    const { admin, editor } = harness.users;
    const created = await createSettings({
      defaultContent: { type: "site", site: site.id },
      mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [editor, admin] }] },
    });
    const server = await getOrganization();
    expect(server.defaultContent).toEqual({ type: "site", site: site.id });
    expect(server.mergeRules).toEqual({ type: "rules", rules: [{ rule: "require_specific_reviewers", users: [admin, editor].sort() }] });
    const read = await provider.read(org, { ...created.outs, __provider: PROVIDER });
    expect(read.props).toEqual(created.outs);
  });

  it("removing a setting from the program stops managing it: nothing is sent and the value stays", async () => {
    const created = await createSettings({ hostname: "kept-host", ai: false });
    harness.requester.reset();
    const updated = await provider.update(org, { ...created.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, ai: false }));
    expect(harness.requester.writes()).toEqual([]);
    expect(updated.outs).not.toHaveProperty("hostname");
    expect((await getOrganization()).hostname).toBe("kept-host");
  });

  it("a state holding `inherit` (written by an earlier version) checks, diffs, reads and updates without an error", async () => {
    const created = await createSettings({ ai: true });
    // The organization has no rules (an earlier test of this file set some).
    expect((await harness.api("PATCH", `/orgs/${org}`, { mergeRules: { type: "none" } })).status).toBe(200);
    // What an earlier version wrote into the state: an organization's merge rules `inherit`.
    const olds = { ...created.outs, __provider: PROVIDER, mergeRules: { type: "inherit" } };
    const declaredBefore = { __provider: PROVIDER, organizationId: org, ai: true, mergeRules: { type: "inherit" } };
    // The program no longer declares them: check passes with the old state beside it, and diff shows the change.
    const without = await provider.check(declaredBefore, { __provider: PROVIDER, organizationId: org, ai: true });
    expect(without.failures ?? []).toEqual([]);
    expect(await provider.diff(org, olds, without.inputs!)).toMatchObject({ changes: true, replaces: [] });
    // The program says none: the diff is the merge rules alone, and the update is one PATCH of
    // them (no GET first: a PATCH of absolute values the organization already holds changes nothing).
    const none = await provider.check(declaredBefore, { __provider: PROVIDER, organizationId: org, ai: true, mergeRules: { type: "none" } });
    expect(none.failures ?? []).toEqual([]);
    expect(await provider.diff(org, olds, none.inputs!)).toMatchObject({ changes: true, replaces: [] });
    harness.requester.reset();
    const updated = await provider.update(org, olds, none.inputs!);
    expect(harness.requester.calls).toEqual([{ method: "PATCH", path: `/orgs/${org}`, body: { mergeRules: { type: "none" } } }]);
    expect(updated.outs).toMatchObject({ ai: true, mergeRules: { type: "none" } });
    // A refresh of the old state reads what the organization has.
    const read = await provider.read(org, olds);
    expect(read.props).toMatchObject({ mergeRules: { type: "none" } });
  });

  it("read sees drift made through the API, and the next update repairs only that", async () => {
    const created = await createSettings({ title: "Acme managed", sso: false, emailDomains: ["acme.test"] });
    expect((await harness.api("PATCH", `/orgs/${org}`, { title: "Acme by hand", sso: true, emailDomains: ["Acme.test", "other.test"] })).status).toBe(200);
    const read = await provider.read(org, { ...created.outs, __provider: PROVIDER });
    expect(read.props).toMatchObject({ title: "Acme by hand", sso: true, emailDomains: ["acme.test", "other.test"] });
    expect(read.inputs).toEqual({ organizationId: org, title: "Acme by hand", sso: true, emailDomains: ["acme.test", "other.test"] });
    harness.requester.reset();
    const repaired = await provider.update(org, read.props, await checked(provider, { organizationId: org, title: "Acme managed", sso: false, emailDomains: ["acme.test"] }));
    expect(harness.requester.writes()).toEqual([{ method: "PATCH", path: `/orgs/${org}`, body: { title: "Acme managed", sso: false, emailDomains: ["acme.test"] } }]);
    expect(repaired.outs).toMatchObject({ title: "Acme managed", sso: false });
  });

  it("a taken hostname fails the update with the API's conflict", async () => {
    const globex = harness.emulator.fixture.organizations[1];
    const taken = await fetch(`${harness.emulator.url}/orgs/${globex.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${globex.admin.token}`, "content-type": "application/json" },
      body: JSON.stringify({ hostname: "globex" }),
    });
    expect(taken.status).toBe(200);
    const created = await createSettings({ hostname: "acme-unique" });
    const failure = await rejectionOf(provider.update(org, { ...created.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, hostname: "globex" })));
    expect(failure.status).toBe(409);
    expect((await getOrganization()).hostname).toBe("acme-unique");
  });

  it("delete leaves the organization and its settings as they are; deleting again is harmless", async () => {
    const created = await createSettings({ title: "Acme kept", inviteLinks: false });
    const before = await getOrganization();
    harness.requester.reset();
    await provider.delete(org, { ...created.outs, __provider: PROVIDER });
    await provider.delete(org, { ...created.outs, __provider: PROVIDER });
    expect(harness.requester.calls).toEqual([]);
    expect(await getOrganization()).toEqual(before);
  });

  it("read of an organization that is not visible returns an empty id", async () => {
    expect(await provider.read("org-missing", { organizationId: "org-missing" })).toEqual({ id: "", props: {} });
  });
});
