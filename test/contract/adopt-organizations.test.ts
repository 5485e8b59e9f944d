/**
 * An adoption never crosses organizations (issue 52), through both Pulumi doors: a staging
 * resource holding a prod object's id in `adopt`, with a token that is a member of both
 * organizations, is refused by the check (the preview) and by the create (an `up` without a
 * preview), naming the resource's kind, the object, both organizations and the way out, and
 * nothing is written to either organization. Both kinds of API path are covered: a space (served
 * by its id alone, `/spaces/{id}`) and a team (served under its organization,
 * `/orgs/{org}/teams/{id}`). The OpenTofu door, which has no `adopt`, refuses an `import` block of
 * another organization's object the same way (test/terraform/tofu-team.test.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { DOORS } from "./doors.ts";
import { rawRequest, requestCounts, resetRequests } from "./emulator-setup.ts";

let emulator: Emulator;
let staging: string;
let prod: string;
let prodSpace: string;
let prodTeam: string;
let stagingTeams: string[];

/** Requests other than reads since the last reset: what must stay 0. */
async function writes(): Promise<string[]> {
  const { counts } = await requestCounts(emulator);
  return Object.keys(counts).filter((route) => !route.startsWith("GET "));
}

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  const [first, second] = emulator.fixture.organizations;
  staging = first.id;
  prod = second.id;
  const token = first.admin.token;
  // The staging admin joins prod as its admin: one token that sees (and may change) both.
  const prodAdmin = (method: "POST" | "PATCH", route: string, body?: unknown) => rawRequest(emulator.url, second.admin.token, method, route, body);
  expect((await prodAdmin("POST", `/orgs/${prod}/members/${first.admin.userId}/sso`)).status).toBe(200);
  expect((await prodAdmin("PATCH", `/orgs/${prod}/members/${first.admin.userId}`, { role: "admin" })).status).toBe(200);
  prodSpace = second.spaceIds[0];
  prodTeam = (await rawRequest(emulator.url, token, "PUT", `/orgs/${prod}/teams`, { title: "Writers" })).body.id as string;
  stagingTeams = [];
  for (const _door of DOORS) stagingTeams.push((await rawRequest(emulator.url, token, "PUT", `/orgs/${staging}/teams`, { title: "Writers" })).body.id as string);
  for (const door of DOORS) await door.configure({ apiUrl: emulator.url, token, organizationId: staging });
});

afterAll(() => emulator?.close());

beforeEach(() => resetRequests(emulator));

const refusal = (kind: string, id: string) =>
  new RegExp(
    `^adopt: ${kind} ${id} belongs to organization ${prod}, not to ${staging}, the organization of this resource: an adoption never crosses organizations .*Nothing was changed\\. ` +
      `Give the id of ${staging}'s own object .*, or leave adopt out to create one in ${staging}\\.$`,
  );

describe.each(DOORS)("adopt: { id } of another organization's object, through the $name door", (door) => {
  it("a space (served by its id alone): the check fails, naming both organizations; nothing is written", async () => {
    const checked = await door.check("Space", { organizationId: staging, title: "Guides", adopt: { id: prodSpace } });
    expect(checked.failures.map((failure) => failure.reason)).toEqual([expect.stringMatching(refusal("Space", prodSpace))]);
    expect(await writes()).toEqual([]);
  });

  it("a team (served under its organization): the check finds it in the token's other organization and fails the same way", async () => {
    const checked = await door.check("Team", { organizationId: staging, title: "Writers", adopt: { id: prodTeam } });
    expect(checked.failures.map((failure) => failure.reason)).toEqual([expect.stringMatching(refusal("Team", prodTeam))]);
    expect(await writes()).toEqual([]);
  });

  it("a create without a preview refuses before any write, and the prod objects are as they were", async () => {
    const prodToken = emulator.fixture.organizations[1].admin.token;
    const before = await rawRequest(emulator.url, prodToken, "GET", `/spaces/${prodSpace}`);
    for (const [kind, id, inputs] of [
      ["Space", prodSpace, { title: "Staging guides" }],
      ["Team", prodTeam, { title: "Staging writers" }],
    ] as const) {
      await expect(door.create(kind, { organizationId: staging, ...inputs, adopt: { id } })).rejects.toThrow(refusal(kind, id));
    }
    expect(await writes()).toEqual([]);
    expect((await rawRequest(emulator.url, prodToken, "GET", `/spaces/${prodSpace}`)).body).toEqual(before.body);
  });

  it("the resource's own organization's object is still adopted", async () => {
    const own = stagingTeams[DOORS.indexOf(door)];
    const checked = await door.check("Team", { organizationId: staging, title: "Writers", adopt: { id: own } });
    expect(checked.failures).toEqual([]);
    expect((await door.create("Team", checked.inputs)).id).toBe(own);
  });

  it("an id no organization of the token has is said not to exist, as before", async () => {
    const checked = await door.check("Team", { organizationId: staging, title: "Writers", adopt: { id: "team-nowhere" } });
    expect(checked.failures.map((failure) => failure.reason)).toEqual([expect.stringMatching(/^adopt: Team team-nowhere does not exist \(or is not visible to this token\)/)]);
  });
});
