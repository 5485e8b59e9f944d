import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { definition } from "../../provider/resources/site-space-customization.ts";
import { checked, failedProperties, type Harness, type Outs, PROVIDER, providerOf, rejectionOf, startHarness } from "./support/harness.ts";

let h: Harness;
let provider: ReturnType<typeof providerOf>;
let org: string;

beforeAll(async () => {
  h = await startHarness();
  provider = providerOf(definition, h.requester);
  org = h.organizationId;
});
afterAll(async () => h?.close());
beforeEach(() => h.requester.reset());

/** A site publishing two spaces at its root; their site space ids. */
async function newSite(title: string): Promise<{ siteId: string; first: string; second: string }> {
  const site = await h.api("POST", `/orgs/${org}/sites`, { title, spaces: [h.spaceIds[0], h.spaceIds[1]] });
  const items = (await h.api("GET", `/orgs/${org}/sites/${site.body.id}/site-spaces`)).body.items as Array<{ id: string }>;
  return { siteId: site.body.id, first: items[0].id, second: items[1].id };
}

const overridePath = (siteId: string, siteSpaceId: string) => `/orgs/${org}/sites/${siteId}/site-spaces/${siteSpaceId}/customization`;
const effective = async (siteId: string, siteSpaceId: string) => (await h.api("GET", overridePath(siteId, siteSpaceId))).body;

async function create(siteId: string, siteSpaceId: string, inputs: Outs) {
  return provider.create(await checked(provider, { organizationId: org, siteId, siteSpaceId, ...inputs }));
}

describe("SiteSpaceCustomization check", () => {
  const failuresOf = (inputs: Outs) => failedProperties(provider, { organizationId: "o", siteId: "s", siteSpaceId: "ss", ...inputs });

  it("takes the Customization fields, without null (removing a field inherits the site's)", async () => {
    expect(await failuresOf({ title: "API", styling: { primaryColor: { light: "#0B7A75" } }, announcement: { enabled: true, message: "Beta" } })).toEqual([]);
    expect(await failuresOf({ header: { logo: null } })).toEqual(["header.logo"]);
    expect(await failuresOf({ privacyPolicy: { url: null } })).toEqual(["privacyPolicy.url"]);
    expect(await failuresOf({ styling: { corners: "" } })).toEqual(["styling.corners"]);
    // A tint's color is a pair: the API wants light and dark both.
    expect(await failuresOf({ styling: { tint: { color: { light: "#112233" } } } })).toEqual(["styling.tint.color.dark"]);
    expect(await failuresOf({ siteSpaceId: "" })).toEqual(["siteSpaceId"]);
    expect(await failuresOf({ adopt: true })).toEqual(["adopt"]);
  });
});

describe("SiteSpaceCustomization lifecycle", () => {
  it("create PATCHes the declared override; the site space shows it, its sibling does not", async () => {
    const { siteId, first, second } = await newSite("Override");
    await h.api("PUT", `/orgs/${org}/sites/${siteId}/customization`, { styling: { corners: "straight" } });
    const { id, outs } = await create(siteId, first, { title: "API", styling: { primaryColor: { light: "#0B7A75" } } });
    expect(id).toBe(first);
    expect(outs).toEqual({ organizationId: org, siteId, siteSpaceId: first, title: "API", styling: { primaryColor: { light: "#0B7A75" } } });
    expect(await effective(siteId, first)).toMatchObject({ title: "API", styling: { corners: "straight", primaryColor: { light: "#0B7A75" } } });
    expect((await effective(siteId, second)).title).toBe("Override");
    expect(h.requester.writes()).toEqual([{ method: "PATCH", path: overridePath(siteId, first), body: { title: "API", styling: { primaryColor: { light: "#0B7A75" } } } }]);
  });

  it("create pins a value even where the site already has it", async () => {
    const { siteId, first } = await newSite("Pinned");
    await create(siteId, first, { styling: { corners: "rounded" } });
    await h.api("PUT", `/orgs/${org}/sites/${siteId}/customization`, { styling: { corners: "circular" } });
    expect((await effective(siteId, first)).styling.corners).toBe("rounded");
  });

  it("create takes over an override that holds the declared values already, writing nothing", async () => {
    const { siteId, first, second } = await newSite("Adopted");
    await h.api("PATCH", overridePath(siteId, first), { title: "API", styling: { corners: "straight" } });
    h.requester.reset();
    const { id, outs } = await create(siteId, first, { title: "API", styling: { corners: "straight" } });
    expect(id).toBe(first);
    expect(outs).toEqual({ organizationId: org, siteId, siteSpaceId: first, title: "API", styling: { corners: "straight" } });
    expect(h.requester.writes()).toEqual([]);
    // The site's own value is not an override: declaring it still pins it.
    await create(siteId, second, { styling: { depth: "subtle" } });
    expect(h.requester.writes()).toEqual([{ method: "PATCH", path: overridePath(siteId, second), body: { styling: { depth: "subtle" } } }]);
  });

  it("refresh: a site change under an undeclared field is no drift; one that reaches a declared field is", async () => {
    const { siteId, first } = await newSite("Refresh");
    const { id, outs } = await create(siteId, first, { styling: { corners: "straight" } });
    const props = { ...outs, __provider: PROVIDER };
    await h.api("PUT", `/orgs/${org}/sites/${siteId}/customization`, { styling: { depth: "flat" }, title: "Renamed" });
    expect((await provider.read(id, props)).props).toEqual(outs);
    // The override dropped in the app: the site's value shows through, as drift.
    await h.api("DELETE", overridePath(siteId, first));
    const drifted = await provider.read(id, props);
    expect(drifted.props.styling).toEqual({ corners: "rounded" });
    const news = await checked(provider, { organizationId: org, siteId, siteSpaceId: first, styling: { corners: "straight" } });
    await provider.update(id, drifted.props, news);
    expect((await effective(siteId, first)).styling).toMatchObject({ corners: "straight", depth: "flat" });
  });

  it("update: a leaf removed from the program is dropped from the override (inherits again); undeclared override fields stay", async () => {
    const { siteId, first } = await newSite("Update");
    // Set in the app, never declared.
    await h.api("PATCH", overridePath(siteId, first), { feedback: { enabled: true } });
    const created = await create(siteId, first, { title: "API", styling: { corners: "straight", depth: "flat" } });
    const news = await checked(provider, { organizationId: org, siteId, siteSpaceId: first, styling: { depth: "flat" } });
    expect(await provider.diff(first, created.outs, news)).toMatchObject({ changes: true, replaces: [] });
    h.requester.reset();
    const { outs } = await provider.update(first, created.outs, news);
    expect(h.requester.writes()[0].body).toEqual({ title: null, styling: { corners: null, depth: "flat" } });
    expect(outs).toEqual({ organizationId: org, siteId, siteSpaceId: first, styling: { depth: "flat" } });
    expect(await effective(siteId, first)).toMatchObject({ title: "Update", styling: { corners: "rounded", depth: "flat" }, feedback: { enabled: true } });
  });

  it("update: a content reference changing kind is sent as a merge patch, the other kinds' fields null, and the site space shows the new one", async () => {
    const { siteId, first } = await newSite("Reference");
    // The site's own reference, of a third kind: the override's replaces it whole (API.md 2.8).
    await h.api("PUT", `/orgs/${org}/sites/${siteId}/customization`, { header: { primaryLink: { kind: "openapi", spec: "petstore" } } });
    const asFile = { header: { primaryLink: { kind: "file", file: "file_1" } }, announcement: { link: { title: "News", to: { kind: "file", file: "file_2" } } } };
    const created = await create(siteId, first, asFile);
    expect((await effective(siteId, first)).header.primaryLink).toEqual({ kind: "file", file: "file_1" });
    const asUrl = {
      header: { primaryLink: { kind: "url", url: "https://acme.test/start" } },
      announcement: { link: { title: "News", to: { kind: "url", url: "https://acme.test/news" } } },
    };
    const news = await checked(provider, { organizationId: org, siteId, siteSpaceId: first, ...asUrl });
    h.requester.reset();
    const { outs } = await provider.update(first, created.outs, news);
    const nulls = { page: null, space: null, file: null, spec: null };
    expect(h.requester.writes()[0].body).toEqual({
      header: { primaryLink: { kind: "url", url: "https://acme.test/start", ...nulls } },
      announcement: { link: { title: "News", to: { kind: "url", url: "https://acme.test/news", ...nulls } } },
    });
    expect(outs).toEqual({ organizationId: org, siteId, siteSpaceId: first, ...asUrl });
    const shown = await effective(siteId, first);
    expect(shown.header.primaryLink).toEqual(asUrl.header.primaryLink);
    expect(shown.announcement.link).toEqual(asUrl.announcement.link);
  });

  it("diff: another site space replaces", async () => {
    const olds = { organizationId: "o", siteId: "s", siteSpaceId: "a", title: "T" };
    expect(await provider.diff("a", olds, { ...olds, siteSpaceId: "b" })).toMatchObject({ changes: true, replaces: ["siteSpaceId"] });
    expect(await provider.diff("a", olds, { ...olds })).toMatchObject({ changes: false });
  });

  it("create fails clearly for a missing site space", async () => {
    const { siteId } = await newSite("Missing");
    expect((await rejectionOf(create(siteId, "missing", { title: "x" }))).message).toMatch(/site space missing does not exist/);
  });

  it("delete drops the override and is idempotent; a deleted site space reads as gone", async () => {
    const { siteId, first } = await newSite("Delete");
    const { id, outs } = await create(siteId, first, { title: "API" });
    await provider.delete(id, outs);
    expect(await effective(siteId, first)).toEqual((await h.api("GET", `/orgs/${org}/sites/${siteId}/customization`)).body);
    await provider.delete(id, outs);
    expect((await h.api("DELETE", `/orgs/${org}/sites/${siteId}/site-spaces/${first}`)).status).toBe(205);
    await provider.delete(id, outs);
    expect((await provider.read(id, { ...outs, __provider: PROVIDER })).id).toBe("");
  });
});
