import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asMergePatch, definition, overlayDeclared, projectDeclared } from "../../provider/resources/site-customization.ts";
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

const path = (siteId: string) => `/orgs/${org}/sites/${siteId}/customization`;

async function customizationOf(siteId: string): Promise<any> {
  const response = await h.api("GET", path(siteId));
  expect(response.status).toBe(200);
  return response.body;
}

async function putRaw(siteId: string, body: unknown): Promise<void> {
  expect((await h.api("PUT", path(siteId), body)).status).toBe(200);
}

async function create(siteId: string, inputs: Outs) {
  return provider.create(await checked(provider, { organizationId: org, siteId, ...inputs }));
}

describe("SiteCustomization check", () => {
  const base = { organizationId: "o", siteId: "s" };
  const failuresOf = (inputs: Outs) => failedProperties(provider, { ...base, ...inputs });

  it("accepts every field of the Customization object, typed", async () => {
    expect(
      await failuresOf({
        title: "Acme Docs",
        styling: {
          theme: "clean",
          primaryColor: { light: "#346DDB", dark: "#fff" },
          infoColor: { light: "#000000" },
          successColor: { dark: "#00C950" },
          warningColor: { light: "#FE9A00", dark: "#FE9A00" },
          dangerColor: { light: "#FB2C36", dark: "#FB2C36" },
          tint: { color: { light: "#aabbcc", dark: "#AABBCC" } },
          corners: "straight",
          depth: "subtle",
          links: "default",
          font: "Inter",
          monospaceFont: "IBMPlexMono",
          icons: "regular",
          sidebar: { background: "filled", list: "pill" },
          search: "prominent",
        },
        favicon: { icon: { light: "https://acme.test/f.png", dark: "https://acme.test/fd.png" } },
        header: {
          logo: { light: "https://acme.test/logo.svg" },
          primaryLink: { kind: "page", page: "p1", space: "s1" },
          links: [
            { title: "Status", to: { kind: "url", url: "https://status.acme.test" }, style: "button-primary", condition: "visitor.claims.beta" },
            {
              title: "More",
              links: [
                { title: "Spec", to: { kind: "openapi", spec: "petstore" } },
                { title: "File", to: { kind: "file", file: "f1" } },
              ],
            },
          ],
        },
        footer: { logo: null, groups: [{ title: "Company", links: [{ title: "About", to: { kind: "url", url: "https://acme.test/about" } }] }], copyright: "© Acme" },
        announcement: { enabled: true, message: "v2 is out", link: { title: "Read", to: { kind: "url", url: "https://acme.test/v2" } }, style: "info" },
        themes: { default: "light", toggeable: false },
        pdf: { enabled: false },
        feedback: { enabled: true },
        ai: { mode: "none" },
        advancedCustomization: { enabled: true },
        git: { showEditLink: true },
        pageActions: { externalAI: false, markdown: true, mcp: false },
        externalLinks: { target: "self" },
        pagination: { enabled: true },
        trademark: { enabled: false },
        privacyPolicy: { url: "https://acme.test/privacy" },
        socialPreview: { url: null },
        insights: { trackingCookie: false },
      }),
    ).toEqual([]);
    expect(await failuresOf({})).toEqual([]);
  });

  it.each([
    ["a color that is not hex", { styling: { primaryColor: { light: "red" } } }, ["styling.primaryColor.light"]],
    ["a tint color with only light (the API wants both)", { styling: { tint: { color: { light: "#112233" } } } }, ["styling.tint.color.dark"]],
    ["a tint color with only dark", { styling: { tint: { color: { dark: "#112233" } } } }, ["styling.tint.color.light"]],
    ["a tint without its color", { styling: { tint: {} } }, ["styling.tint.color"]],
    ["an empty styling option", { styling: { corners: "" } }, ["styling.corners"]],
    ["a styling option of 101 characters", { styling: { font: "f".repeat(101) } }, ["styling.font"]],
    ["an unknown nested field", { styling: { sidebar: { width: 3 } } }, ["styling.sidebar.width"]],
    ["an unknown top-level field", { colour: "red" }, ["colour"]],
    ["a non-http logo", { header: { logo: { light: "ftp://acme.test/l.png" } } }, ["header.logo.light"]],
    ["a link without a title", { header: { links: [{ to: { kind: "url", url: "https://a.test" } }] } }, ["header.links.0.title"]],
    ["a reference of an unknown kind", { announcement: { link: { title: "x", to: { kind: "mailto", url: "x" } } } }, ["announcement.link.to.kind"]],
    ["a page reference without a page", { header: { primaryLink: { kind: "page" } } }, ["header.primaryLink.page"]],
    ["an empty title", { title: "" }, ["title"]],
    ["a boolean that is a string", { pdf: { enabled: "no" } }, ["pdf.enabled"]],
    ["null for a field that cannot be unset", { styling: { corners: null } }, ["styling.corners"]],
    ["adopt (the customization is always adopted)", { adopt: true }, ["adopt"]],
    ["no siteId", { siteId: undefined }, ["siteId"]],
  ])("refuses %s, sending nothing", async (_case, inputs, failures) => {
    const before = await h.requestCount();
    expect(await failuresOf(inputs)).toEqual(failures);
    expect(await h.requestCount()).toBe(before);
  });
});

describe("SiteCustomization declared leaves", () => {
  it("projects the server's object onto the declared paths, a missing leaf as null", () => {
    const server = { styling: { corners: "rounded", primaryColor: { light: "#1", dark: "#2" }, depth: "subtle" }, favicon: {} };
    expect(projectDeclared({ corners: "straight", primaryColor: { dark: "#9" } }, server.styling)).toEqual({ corners: "rounded", primaryColor: { dark: "#2" } });
    expect(projectDeclared({ icon: null }, server.favicon)).toEqual({ icon: null });
    expect(projectDeclared({ links: [{ title: "a" }] }, { links: [] })).toEqual({ links: [] });
  });

  it("lays declared values over the server's, keeping what is not declared", () => {
    expect(overlayDeclared({ corners: "rounded", depth: "subtle", primaryColor: { light: "#1", dark: "#2" } }, { corners: "straight", primaryColor: { dark: "#9" } })).toEqual({
      corners: "straight",
      depth: "subtle",
      primaryColor: { light: "#1", dark: "#9" },
    });
    expect(overlayDeclared({ links: [{ title: "old" }] }, { links: [] })).toEqual({ links: [] });
    expect(overlayDeclared({ icon: { light: "u" } }, { icon: null })).toEqual({ icon: null });
  });

  it("lays a content reference over the server's whole: no field of the old kind or the old page stays", () => {
    expect(overlayDeclared({ primaryLink: { kind: "file", file: "f" } }, { primaryLink: { kind: "url", url: "https://a.test" } })).toEqual({
      primaryLink: { kind: "url", url: "https://a.test" },
    });
    expect(overlayDeclared({ to: { kind: "page", page: "p1", space: "s1" } }, { to: { kind: "page", page: "p2" } })).toEqual({ to: { kind: "page", page: "p2" } });
  });

  it("sends a value as a merge patch: each content reference with the other kinds' fields null, arrays as they are", () => {
    expect(asMergePatch({ link: { title: "T", to: { kind: "page", page: "p" } }, links: [{ to: { kind: "url", url: "u" } }], enabled: true })).toEqual({
      link: { title: "T", to: { kind: "page", page: "p", url: null, space: null, file: null, spec: null } },
      links: [{ to: { kind: "url", url: "u" } }],
      enabled: true,
    });
    expect(asMergePatch(null)).toBeNull();
  });
});

describe("SiteCustomization lifecycle", () => {
  it("create adopts the site's customization: only declared fields change, the state holds only them", async () => {
    const siteId = await h.createSite("Portal");
    // Set in the app before the program existed: not declared, so it must survive.
    await putRaw(siteId, { footer: { copyright: "© Acme" }, styling: { depth: "flat" } });
    const { id, outs } = await create(siteId, { title: "Acme Docs", styling: { corners: "straight", primaryColor: { light: "#112233" } } });
    expect(id).toBe(siteId);
    expect(outs).toEqual({
      organizationId: org,
      siteId,
      title: "Acme Docs",
      styling: { corners: "straight", primaryColor: { light: "#112233" } },
    });
    const now = await customizationOf(siteId);
    expect(now).toMatchObject({ title: "Acme Docs", footer: { copyright: "© Acme" }, styling: { depth: "flat", corners: "straight" } });
    // The dark primary color was not declared: it kept the server's value (the default).
    expect(now.styling.primaryColor.dark).toMatch(/^#[0-9A-F]{6}$/i);
    expect(h.requester.writes().map((call) => `${call.method} ${call.path}`)).toEqual([`PUT ${path(siteId)}`]);
  });

  it("create sends nothing when the site already matches the declared fields", async () => {
    const siteId = await h.createSite("Matching");
    const { outs } = await create(siteId, { styling: { corners: "rounded" }, pdf: { enabled: true } });
    expect(outs.styling).toEqual({ corners: "rounded" });
    expect(h.requester.writes()).toEqual([]);
  });

  it("create fails clearly for a missing site", async () => {
    const error = await rejectionOf(create("missing-site", { title: "x" }));
    expect(error.message).toMatch(/site missing-site does not exist/);
  });

  it("refresh shows a change of a declared leaf and nothing else", async () => {
    const siteId = await h.createSite("Refresh");
    const { id, outs } = await create(siteId, { styling: { corners: "straight" }, header: { links: [] } });
    const props = { ...outs, __provider: PROVIDER };
    expect((await provider.read(id, props)).props).toEqual(outs);

    // Undeclared fields changed in the app: no drift.
    const current = await customizationOf(siteId);
    await putRaw(siteId, { ...current, styling: { ...current.styling, depth: "flat" }, feedback: { enabled: true } });
    const unchanged = await provider.read(id, props);
    expect(unchanged.props).toEqual(outs);
    expect(unchanged.inputs).toEqual({ organizationId: org, siteId, styling: { corners: "straight" }, header: { links: [] } });

    // A declared leaf changed: exactly that shows.
    await putRaw(siteId, {
      ...(await customizationOf(siteId)),
      styling: { corners: "circular", depth: "flat" },
      header: { links: [{ title: "X", to: { kind: "url", url: "https://x.test" } }] },
    });
    const drifted = await provider.read(id, props);
    expect(drifted.props).toEqual({ ...outs, styling: { corners: "circular" }, header: { links: [{ title: "X", to: { kind: "url", url: "https://x.test" } }] } });
    // ...and diff against the inputs sees it, and update repairs it without touching the rest.
    const news = await checked(provider, { organizationId: org, siteId, styling: { corners: "straight" }, header: { links: [] } });
    expect(await provider.diff(id, drifted.props, news)).toMatchObject({ changes: true, replaces: [] });
    const repaired = await provider.update(id, drifted.props, news);
    expect(repaired.outs).toEqual(outs);
    expect(await customizationOf(siteId)).toMatchObject({ styling: { corners: "straight", depth: "flat" }, feedback: { enabled: true }, header: { links: [] } });
  });

  it("update changes declared fields; a field removed from the program stops being managed and keeps its value", async () => {
    const siteId = await h.createSite("Update");
    const first = await create(siteId, { title: "One", announcement: { enabled: true, message: "Hello" } });
    const news = await checked(provider, { organizationId: org, siteId, announcement: { enabled: false } });
    const diff = await provider.diff(first.id, first.outs, news);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const { outs } = await provider.update(first.id, first.outs, news);
    expect(outs).toEqual({ organizationId: org, siteId, announcement: { enabled: false } });
    expect(await customizationOf(siteId)).toMatchObject({ title: "One", announcement: { enabled: false, message: "Hello" } });
  });

  it("null unsets an optional field, and reads back as null", async () => {
    const siteId = await h.createSite("Unset");
    await putRaw(siteId, { privacyPolicy: { url: "https://acme.test/p" }, header: { logo: { light: "https://acme.test/l.png" } } });
    const { id, outs } = await create(siteId, { privacyPolicy: { url: null }, header: { logo: null } });
    expect(outs).toMatchObject({ privacyPolicy: { url: null }, header: { logo: null } });
    const now = await customizationOf(siteId);
    expect(now.privacyPolicy).toEqual({});
    expect(now.header.logo).toBeUndefined();
    expect((await provider.read(id, { ...outs, __provider: PROVIDER })).props).toEqual(outs);
  });

  it("diff: outputs-only and key-order differences are no change; a new siteId replaces", async () => {
    const olds = { organizationId: "o", siteId: "s", styling: { corners: "straight", depth: "flat" } };
    expect(await provider.diff("s", olds, { organizationId: "o", siteId: "s", styling: { depth: "flat", corners: "straight" } })).toMatchObject({ changes: false });
    expect(await provider.diff("s", olds, { ...olds, siteId: "t" })).toMatchObject({ changes: true, replaces: ["siteId"] });
    expect(await provider.diff("s", olds, { ...olds, styling: { corners: "straight" } })).toMatchObject({ changes: true, replaces: [] });
  });

  it("delete leaves the customization as it is; a deleted site reads as gone", async () => {
    const siteId = await h.createSite("Delete");
    const { id, outs } = await create(siteId, { title: "Kept" });
    const before = await customizationOf(siteId);
    h.requester.reset();
    await provider.delete(id, outs);
    expect(h.requester.writes()).toEqual([]);
    expect(await customizationOf(siteId)).toEqual(before);
    expect((await h.api("DELETE", `/orgs/${org}/sites/${siteId}`)).status).toBe(205);
    expect((await provider.read(id, { ...outs, __provider: PROVIDER })).id).toBe("");
  });
});
