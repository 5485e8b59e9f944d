import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { definition } from "../../provider/resources/organization-member.ts";
import type { ApiRequester } from "../../provider/api/requester.ts";
import { DeploymentClaims } from "../../provider/recovery/deployment-claims.ts";
import { toProvider } from "../../provider/adapter/resource.ts";
import { UNKNOWN } from "../../provider/adapter/unknowns.ts";
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

const emailOf = (userId: string) => harness.emulator.fixture.users.find((user) => user.id === userId)!.email;
const OUTSIDER = "usr-outsider";

async function roleOf(userId: string): Promise<unknown> {
  const response = await harness.api("GET", `/orgs/${org}/members/${userId}`);
  expect(response.status).toBe(200);
  return response.body.role;
}

/** The outsider (an allowed email domain) joins the organization by themselves, with a role. */
async function outsiderJoins(role: string): Promise<void> {
  const outsider = harness.emulator.fixture.users.find((user) => user.id === OUTSIDER)!;
  const joined = await fetch(`${harness.emulator.url}/orgs/${org}/join`, { method: "POST", headers: { authorization: `Bearer ${outsider.token}` } });
  expect(joined.status).toBe(204);
  expect((await harness.api("PATCH", `/orgs/${org}/members/${OUTSIDER}`, { role })).status).toBe(200);
}

async function take(inputs: Record<string, unknown>) {
  return provider.create(await checked(provider, { organizationId: org, ...inputs }));
}

describe("OrganizationMember check", () => {
  const valid = () => ({ organizationId: "org", userId: "u1", role: "edit" });

  it("accepts a member named by user id or by email; removeOnDestroy defaults to false", async () => {
    expect((await provider.check({}, valid())).inputs).toEqual({ organizationId: "org", userId: "u1", role: "edit", removeOnDestroy: false });
    const byEmail = await provider.check({}, { organizationId: "org", email: "Ada@Example.test", role: null, removeOnDestroy: true });
    expect(byEmail.failures ?? []).toEqual([]);
    expect(byEmail.inputs).toEqual({ organizationId: "org", email: "Ada@Example.test", role: null, removeOnDestroy: true });
  });

  it.each([
    ["organizationId is required", { organizationId: undefined }, ["organizationId"]],
    ["organizationId must not be empty", { organizationId: "" }, ["organizationId"]],
    ["organizationId is a path segment", { organizationId: ".." }, ["organizationId"]],
    ["the member is named: neither userId nor email", { userId: undefined }, ["userId"]],
    ["the member is named once: not both userId and email", { email: "ada@example.test" }, ["email"]],
    ["userId must not be empty", { userId: "" }, ["userId"]],
    ["userId is a path segment", { userId: "." }, ["userId"]],
    ["userId must be a string", { userId: 7 }, ["userId"]],
    ["email must hold an @", { userId: undefined, email: "ada.example.test" }, ["email"]],
    ["email must not hold spaces", { userId: undefined, email: "ada @example.test" }, ["email"]],
    ["email must hold one @", { userId: undefined, email: "ada@@example.test" }, ["email"]],
    ["email is at most 254 characters", { userId: undefined, email: `${"a".repeat(242)}@example.test` }, ["email"]],
    ["role is required", { role: undefined }, ["role"]],
    ["role is a role of API.md 2.12", { role: "owner" }, ["role"]],
    ["role is not a team role", { role: "member" }, ["role"]],
    ["removeOnDestroy is a boolean", { removeOnDestroy: "yes" }, ["removeOnDestroy"]],
    ["there is no adopt input: the member is always taken over", { adopt: true }, ["adopt"]],
    ["unknown properties are rejected", { colour: "red" }, ["colour"]],
  ])("%s", async (_rule, change, expected) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual(expected);
  });

  it("accepts every role of API.md 2.12, null for a guest, and an email of exactly 254 characters", async () => {
    for (const role of ["admin", "create", "review", "edit", "comment", "read", null]) {
      expect(await failedProperties(provider, { ...valid(), role })).toEqual([]);
    }
    expect(await failedProperties(provider, { organizationId: "org", email: `${"a".repeat(241)}@example.test`, role: "read" })).toEqual([]);
  });

  it("the reasons name the field and the rule", async () => {
    const reasons = async (inputs: Record<string, unknown>) => ((await provider.check({}, inputs)).failures ?? []).map((failure) => failure.reason);
    expect(await reasons({ organizationId: "org", role: "read" })).toEqual(["userId: name the member with exactly one of userId or email; neither is given"]);
    expect(await reasons({ ...valid(), email: "a@b.test" })).toEqual(["email: name the member with exactly one of userId or email, not both"]);
    expect(await reasons({ organizationId: "org", email: "ada", role: "read" })).toEqual(["email: must be an email address such as ada@example.com (one @, no spaces)"]);
    expect((await reasons({ ...valid(), role: "owner" }))[0]).toMatch(/^role: .*"admin"/);
  });

  it("reports every failure at once: a missing member reference beside another bad input", async () => {
    expect(await failedProperties(provider, { organizationId: "", role: "owner" })).toEqual(["organizationId", "role", "userId"]);
    expect(await failedProperties(provider, { organizationId: "org", userId: "", email: "ada", role: "read" })).toEqual(["email", "email", "userId"]);
  });

  it("a member reference still unknown during a preview passes", async () => {
    expect(await failedProperties(provider, { organizationId: "org", userId: UNKNOWN, role: "read" })).toEqual([]);
    expect(await failedProperties(provider, { organizationId: "org", email: UNKNOWN, role: "read" })).toEqual([]);
  });

  it("sends no request when check fails", async () => {
    await provider.check({}, { organizationId: org, role: "read" });
    expect(harness.requester.calls).toEqual([]);
  });
});

describe("OrganizationMember lifecycle", () => {
  it("takes over a member by user id and PATCHes the role; read returns the same outputs and the inputs", async () => {
    const { reader } = harness.users;
    const taken = await take({ userId: reader, role: "comment" });
    expect(taken.id).toBe(reader);
    expect(harness.requester.writes()).toEqual([{ method: "PATCH", path: `/orgs/${org}/members/${reader}`, body: { role: "comment" } }]);
    expect(taken.outs).toMatchObject({ organizationId: org, userId: reader, role: "comment", removeOnDestroy: false, disabled: false, sso: false });
    expect(typeof taken.outs.joinedAt).toBe("string");
    expect(taken.outs).not.toHaveProperty("email");
    expect(await roleOf(reader)).toBe("comment");

    const read = await provider.read(taken.id, { ...taken.outs, __provider: PROVIDER });
    expect(read).toEqual({ id: reader, props: taken.outs, inputs: { organizationId: org, userId: reader, role: "comment", removeOnDestroy: false } });
    await harness.api("PATCH", `/orgs/${org}/members/${reader}`, { role: "read" });
  });

  it("sends nothing when the member already has the role", async () => {
    const { editor } = harness.users;
    const taken = await take({ userId: editor, role: "edit" });
    expect(harness.requester.writes()).toEqual([]);
    expect(taken.outs.role).toBe("edit");
  });

  it("takes over a member by email in any case, keeps the email as written, and refresh shows no drift", async () => {
    const { editor } = harness.users;
    const written = emailOf(editor).toUpperCase();
    const inputs = await checked(provider, { organizationId: org, email: written, role: "review" });
    const taken = await provider.create(inputs);
    expect(taken.id).toBe(editor);
    expect(taken.outs).toMatchObject({ email: written, role: "review" });
    expect(taken.outs).not.toHaveProperty("userId");
    const read = await provider.read(taken.id, { ...taken.outs, __provider: PROVIDER });
    expect(read.props).toEqual(taken.outs);
    expect(read.inputs).toEqual({ organizationId: org, email: written, role: "review", removeOnDestroy: false });
    expect(await provider.diff(taken.id, { ...read.props, __provider: PROVIDER }, inputs)).toMatchObject({ changes: false });
    await harness.api("PATCH", `/orgs/${org}/members/${editor}`, { role: "edit" });
  });

  it("finds a member by email on any page of the member list", async () => {
    // One member per page: the list is read to its end.
    const onePerPage: ApiRequester = {
      request: (method, path, options) => harness.client.request(method, path, options),
      paginate: (path, query) => harness.client.paginate(path, { ...query, limit: 1 }),
    };
    const paged = providerOf(definition, onePerPage);
    for (const userId of Object.values(harness.users)) {
      const role = await roleOf(userId);
      const taken = await paged.create(await checked(paged, { organizationId: org, email: emailOf(userId), role }));
      expect(taken.id).toBe(userId);
    }
  });

  it("fails clearly, before any write, when nobody or several members have the email, or the user is no member", async () => {
    const nobody = await rejectionOf(take({ email: "nobody@acme.test", role: "read" }));
    expect(nobody.message).toMatch(/no member of organization org-acme has the email "nobody@acme.test"/);
    expect(nobody.message).toMatch(/cannot add them/);
    // The outsider is a user with an email of the organization's domain, but not a member.
    const outsider = await rejectionOf(take({ userId: OUTSIDER, role: "read" }));
    expect(outsider.message).toMatch(/user usr-outsider is not a member of organization org-acme/);
    expect(harness.requester.writes()).toEqual([]);

    // Two members with one email (case aside): the API could list that; the provider refuses to guess.
    const twice: ApiRequester = {
      request: (method, path, options) => harness.client.request(method, path, options),
      // eslint-disable-next-line @typescript-eslint/require-await -- paginate's contract is an async iterator; these items are in memory.
      async *paginate<T>() {
        yield { id: "usr-1", role: "read", user: { email: "twin@acme.test" } } as T;
        yield { id: "usr-2", role: "read", user: { email: "TWIN@acme.test" } } as T;
      },
    };
    const ambiguous = providerOf(definition, twice);
    const several = await rejectionOf(ambiguous.create(await checked(ambiguous, { organizationId: org, email: "twin@acme.test", role: "read" })));
    expect(several.message).toMatch(/2 members of organization org-acme have the email "twin@acme.test" \(usr-1, usr-2\); name the member by userId instead/);
  });

  it("diff: organizationId, userId and email replace; role and removeOnDestroy update in place; outputs do not count", async () => {
    const olds = { __provider: PROVIDER, organizationId: org, userId: "u1", role: "read", removeOnDestroy: false, joinedAt: "then", sso: false, disabled: false };
    const same = { __provider: "new", organizationId: org, userId: "u1", role: "read", removeOnDestroy: false };
    expect(await provider.diff("u1", olds, same)).toMatchObject({ changes: false, replaces: [] });
    expect(await provider.diff("u1", olds, { ...same, organizationId: "other" })).toMatchObject({ changes: true, replaces: ["organizationId"] });
    expect(await provider.diff("u1", olds, { ...same, userId: "u2" })).toMatchObject({ changes: true, replaces: ["userId"] });
    expect(await provider.diff("u1", olds, { ...same, userId: undefined, email: "u1@acme.test" })).toMatchObject({ changes: true, replaces: ["userId", "email"] });
    expect(await provider.diff("u1", olds, { ...same, role: "edit" })).toMatchObject({ changes: true, replaces: [] });
    expect(await provider.diff("u1", olds, { ...same, role: null })).toMatchObject({ changes: true, replaces: [] });
    expect(await provider.diff("u1", olds, { ...same, removeOnDestroy: true })).toMatchObject({ changes: true, replaces: [] });
  });

  it("changes the role in place, guest included; removeOnDestroy alone sends nothing", async () => {
    const { reader } = harness.users;
    const taken = await take({ userId: reader, role: "read" });
    harness.requester.reset();
    const guest = await provider.update(reader, { ...taken.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, userId: reader, role: null }));
    expect(harness.requester.writes()).toEqual([{ method: "PATCH", path: `/orgs/${org}/members/${reader}`, body: { role: null } }]);
    expect(guest.outs.role).toBeNull();
    expect(await roleOf(reader)).toBeNull();
    // A guest reads back as null: no drift.
    const read = await provider.read(reader, { ...guest.outs, __provider: PROVIDER });
    expect(read.props).toEqual(guest.outs);

    harness.requester.reset();
    const flagged = await provider.update(
      reader,
      { ...guest.outs, __provider: PROVIDER },
      await checked(provider, { organizationId: org, userId: reader, role: null, removeOnDestroy: true }),
    );
    expect(harness.requester.writes()).toEqual([]);
    expect(flagged.outs).toMatchObject({ role: null, removeOnDestroy: true });
    await harness.api("PATCH", `/orgs/${org}/members/${reader}`, { role: "read" });
  });

  it("read shows role drift only, and the next update repairs it", async () => {
    const { editor } = harness.users;
    const inputs = await checked(provider, { organizationId: org, email: emailOf(editor), role: "edit" });
    const taken = await provider.create(inputs);
    await harness.api("PATCH", `/orgs/${org}/members/${editor}`, { role: "admin" });
    const read = await provider.read(editor, { ...taken.outs, __provider: PROVIDER });
    expect(Object.keys(read.props).filter((key) => JSON.stringify(read.props[key]) !== JSON.stringify(taken.outs[key]))).toEqual(["role"]);
    expect(read.inputs).toMatchObject({ role: "admin" });
    expect(await provider.diff(editor, { ...read.props, __provider: PROVIDER }, inputs)).toMatchObject({ changes: true, replaces: [] });
    const repaired = await provider.update(editor, { ...read.props, __provider: PROVIDER }, inputs);
    expect(repaired.outs.role).toBe("edit");
    expect(await roleOf(editor)).toBe("edit");
  });

  it("a member removed from the organization elsewhere leaves the state on read; update says so", async () => {
    await outsiderJoins("read");
    const taken = await take({ userId: OUTSIDER, role: "comment" });
    expect((await harness.api("DELETE", `/orgs/${org}/members/${OUTSIDER}`)).status).toBe(204);
    expect(await provider.read(OUTSIDER, { ...taken.outs, __provider: PROVIDER })).toEqual({ id: "", props: {} });
    const failure = await rejectionOf(
      provider.update(
        OUTSIDER,
        { ...taken.outs, __provider: PROVIDER },
        await checked(provider, { organizationId: org, userId: OUTSIDER, role: "comment", removeOnDestroy: true }),
      ),
    );
    expect(failure.message).toMatch(/no longer a member of organization org-acme; run `pulumi refresh`/);
  });

  it("destroy leaves the member with their role by default: no request at all", async () => {
    const { reader } = harness.users;
    const taken = await take({ userId: reader, role: "read" });
    harness.requester.reset();
    await provider.delete(reader, { ...taken.outs, __provider: PROVIDER });
    expect(harness.requester.calls).toEqual([]);
    expect(await roleOf(reader)).toBe("read");
  });

  it("removeOnDestroy: true removes the member from the organization; deleting again is harmless", async () => {
    await outsiderJoins("read");
    const taken = await take({ userId: OUTSIDER, role: "comment", removeOnDestroy: true });
    harness.requester.reset();
    await provider.delete(OUTSIDER, { ...taken.outs, __provider: PROVIDER });
    expect(harness.requester.writes()).toEqual([{ method: "DELETE", path: `/orgs/${org}/members/${OUTSIDER}` }]);
    expect((await harness.api("GET", `/orgs/${org}/members/${OUTSIDER}`)).status).toBe(404);
    await expect(provider.delete(OUTSIDER, { ...taken.outs, __provider: PROVIDER })).resolves.toBeUndefined();
  });

  it("a replacement naming the same person by email instead of user id does not remove them; another person's is removed", async () => {
    await outsiderJoins("read");
    // One deployment: one provider host, one set of claims.
    const claims = new DeploymentClaims();
    const deployment = toProvider(definition, () => ({ api: harness.requester, claims }));
    const { reader } = harness.users;
    const old = { __provider: PROVIDER, organizationId: org, userId: OUTSIDER, role: "comment", removeOnDestroy: true };
    const replacement = await deployment.create(await checked(provider, { organizationId: org, email: emailOf(OUTSIDER), role: "comment", removeOnDestroy: true }));
    expect(replacement.id).toBe(OUTSIDER);
    harness.requester.reset();
    await deployment.delete(OUTSIDER, old);
    expect(harness.requester.writes()).toEqual([]);
    expect(await roleOf(OUTSIDER)).toBe("comment");

    // Another deployment whose replacement names someone else: the replaced member is removed as asked.
    const nextClaims = new DeploymentClaims();
    const next = toProvider(definition, () => ({ api: harness.requester, claims: nextClaims }));
    await next.create(await checked(provider, { organizationId: org, userId: reader, role: "read", removeOnDestroy: true }));
    harness.requester.reset();
    await next.delete(OUTSIDER, old);
    expect(harness.requester.writes()).toEqual([{ method: "DELETE", path: `/orgs/${org}/members/${OUTSIDER}` }]);
    expect((await harness.api("GET", `/orgs/${org}/members/${OUTSIDER}`)).status).toBe(404);
  });
});
