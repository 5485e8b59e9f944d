import { describe, expect, it } from "vitest";
import { expectError, useEmulator } from "./helpers.ts";

const env = useEmulator();
const sites = () => `/orgs/${env.org}/sites`;

async function newSite(body: Record<string, unknown> = {}) {
  const reply = await env.admin.post(sites(), { title: "Docs", ...body });
  expect(reply.status).toBe(201);
  return reply.body as { id: string };
}

describe("site customization (DESIGN.md 8)", () => {
  it("answers the defaults for a site never customized, to readers too", async () => {
    const site = await newSite({ title: "Portal" });
    const reply = await env.reader.get(`${sites()}/${site.id}/customization`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      title: "Portal",
      styling: {
        theme: "clean",
        corners: "rounded",
        depth: "subtle",
        links: "default",
        icons: "regular",
        search: "prominent",
        sidebar: { background: "default", list: "default" },
      },
      header: { links: [] },
      footer: { groups: [] },
      announcement: { enabled: false, message: "", style: "info" },
      themes: { default: "light", toggeable: true },
      pdf: { enabled: true },
      feedback: { enabled: false },
      ai: { mode: "none" },
      externalLinks: { target: "self" },
      pagination: { enabled: true },
    });
    expect(reply.body.styling.primaryColor).toEqual({ light: expect.stringMatching(/^#/), dark: expect.stringMatching(/^#/) });
    expect(reply.body.privacyPolicy).toEqual({});
    expectError(await env.reader.get(`${sites()}/missing/customization`), 404);
    expectError(await env.otherAdmin.get(`${sites()}/${site.id}/customization`), 403);
  });

  it("PUT replaces the whole object: every field left out, at any depth, reverts to its default", async () => {
    const site = await newSite();
    const path = `${sites()}/${site.id}/customization`;
    const defaults = (await env.admin.get(path)).body;
    const first = await env.admin.put(path, {
      title: "Acme Docs",
      styling: { corners: "straight", primaryColor: { light: "#ff0000", dark: "#00ff00" } },
      privacyPolicy: { url: "https://acme.test/privacy" },
      header: { logo: { light: "https://acme.test/logo.png" }, links: [{ title: "Status", to: { kind: "url", url: "https://status.acme.test" }, style: "link" }] },
      feedback: { enabled: true },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      title: "Acme Docs",
      styling: { corners: "straight", primaryColor: { light: "#ff0000", dark: "#00ff00" }, depth: "subtle" },
      privacyPolicy: { url: "https://acme.test/privacy" },
      header: { logo: { light: "https://acme.test/logo.png" }, links: [{ title: "Status", style: "link" }] },
      feedback: { enabled: true },
    });
    expect((await env.reader.get(path)).body).toEqual(first.body);

    const second = await env.admin.put(path, { styling: { depth: "flat" } });
    expect(second.body.styling).toEqual({ ...defaults.styling, depth: "flat" });
    expect(second.body).toEqual({ ...defaults, styling: { ...defaults.styling, depth: "flat" } });

    // null unsets an optional field.
    await env.admin.put(path, { privacyPolicy: { url: "https://acme.test/p" }, favicon: { icon: { light: "https://acme.test/f.png" } } });
    const unset = await env.admin.put(path, { privacyPolicy: { url: null }, favicon: { icon: null } });
    expect(unset.body.privacyPolicy).toEqual({});
    expect(unset.body.favicon).toEqual({});
    expect((await env.admin.put(path, {})).body).toEqual(defaults);
  });

  it("answers 400 for invalid values, naming the field, and changes nothing", async () => {
    const site = await newSite();
    const path = `${sites()}/${site.id}/customization`;
    await env.admin.put(path, { title: "Kept" });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ colour: {} }, "colour"],
      [{ title: "" }, "title"],
      [{ title: "t".repeat(129) }, "title"],
      [{ styling: { corners: "" } }, "styling.corners"],
      [{ styling: { theme: 3 } }, "styling.theme"],
      [{ styling: { primaryColor: { light: "red", dark: "#000" } } }, "styling.primaryColor.light"],
      [{ styling: { primaryColor: { light: "#000000" } } }, "styling.primaryColor.dark"],
      [{ styling: { sidebar: { width: 3 } } }, "styling.sidebar.width"],
      [{ pdf: { enabled: "yes" } }, "pdf.enabled"],
      [{ privacyPolicy: { url: "ftp://acme.test" } }, "privacyPolicy.url"],
      [{ header: { links: [{ title: "x", to: { kind: "mailto", url: "x" } }] } }, "header.links[0].to.kind"],
      [{ header: { links: [{ title: "x", to: { kind: "url" } }] } }, "header.links[0].to.url"],
      [{ footer: { groups: [{ title: "G", links: [{ title: "L", to: { kind: "page", page: "p", extra: 1 } }] }] } }, "footer.groups[0].links[0].to.extra"],
      [{ announcement: { link: { title: "", to: { kind: "url", url: "https://x.test" } } } }, "announcement.link.title"],
      [{ styling: { corners: null } }, "styling.corners"],
    ];
    for (const [body, field] of cases) expectError(await env.admin.put(path, body), 400, field);
    expect((await env.admin.get(path)).body.title).toBe("Kept");
    expectError(await env.editor.put(path, {}), 403);
  });

  it("site-space overrides: PATCH merges on top of the site's, GET answers the effective object, DELETE drops it", async () => {
    const site = await newSite({ spaces: [env.spaces[0], env.spaces[1]] });
    const siteSpaces = (await env.reader.get(`${sites()}/${site.id}/site-spaces`)).body.items as Array<{ id: string }>;
    const [first, second] = siteSpaces.map((ss) => ss.id);
    const sitePath = `${sites()}/${site.id}/customization`;
    const overridePath = (id: string) => `${sites()}/${site.id}/site-spaces/${id}/customization`;
    await env.admin.put(sitePath, { title: "Site", styling: { corners: "straight" } });
    const siteObject = (await env.admin.get(sitePath)).body;
    expect((await env.reader.get(overridePath(first))).body).toEqual(siteObject);

    const patched = await env.admin.patch(overridePath(first), { styling: { primaryColor: { light: "#111111", dark: "#222222" } }, feedback: { enabled: true } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: "Site", styling: { corners: "straight", primaryColor: { light: "#111111", dark: "#222222" } }, feedback: { enabled: true } });
    // A second PATCH merges: the earlier override stays.
    const again = await env.admin.patch(overridePath(first), { title: "Guides" });
    expect(again.body).toMatchObject({ title: "Guides", styling: { primaryColor: { light: "#111111" } }, feedback: { enabled: true } });
    // The site's changes show through where the override says nothing.
    await env.admin.put(sitePath, { styling: { corners: "circular" } });
    expect((await env.reader.get(overridePath(first))).body).toMatchObject({ title: "Guides", styling: { corners: "circular", primaryColor: { light: "#111111" } } });
    // Other site spaces are not touched.
    expect((await env.reader.get(overridePath(second))).body).toEqual((await env.reader.get(sitePath)).body);
    // null drops a field from the override: it inherits the site's again.
    const dropped = await env.admin.patch(overridePath(first), { title: null, feedback: { enabled: null } });
    expect(dropped.body.title).toBe("Docs");
    expect(dropped.body.feedback).toEqual({ enabled: false });
    expect(dropped.body.styling.primaryColor).toEqual({ light: "#111111", dark: "#222222" });

    // A merge: a color may be overridden for one theme only.
    const oneTheme = await env.admin.patch(overridePath(first), { styling: { primaryColor: { dark: "#333333" } } });
    expect(oneTheme.body.styling.primaryColor).toEqual({ light: "#111111", dark: "#333333" });
    expectError(await env.admin.patch(overridePath(first), { styling: { corners: "" } }), 400, "styling.corners");
    expectError(await env.admin.patch(overridePath(first), { styling: { primaryColor: { dark: "blue" } } }), 400, "styling.primaryColor.dark");
    expectError(await env.admin.patch(overridePath(first), { unknown: true }), 400, "unknown");
    expectError(await env.reader.patch(overridePath(first), { title: "x" }), 403);
    expectError(await env.reader.get(overridePath("missing")), 404);
    expectError(await env.admin.patch(overridePath("missing"), {}), 404);

    expect((await env.admin.del(overridePath(first))).status).toBe(205);
    expect((await env.reader.get(overridePath(first))).body).toEqual((await env.reader.get(sitePath)).body);
    expect((await env.admin.del(overridePath(first))).status).toBe(204);
  });

  it("an override's PATCH is a JSON merge patch: a reference changes kind when the old kind's fields are sent as null", async () => {
    // Neither API.md nor DESIGN.md 8 says how the override's PATCH merges a nested object: the
    // merge-patch reading (RFC 7396), checked on the merged override.
    const site = await newSite({ spaces: [env.spaces[0]] });
    const [siteSpace] = (await env.reader.get(`${sites()}/${site.id}/site-spaces`)).body.items as Array<{ id: string }>;
    const sitePath = `${sites()}/${site.id}/customization`;
    const path = `${sites()}/${site.id}/site-spaces/${siteSpace.id}/customization`;
    await env.admin.put(sitePath, { header: { primaryLink: { kind: "openapi", spec: "petstore" } } });
    const asFile = await env.admin.patch(path, {
      header: { primaryLink: { kind: "file", file: "file_1" } },
      announcement: { link: { title: "New", to: { kind: "file", file: "file_2" } } },
    });
    expect(asFile.status).toBe(200);
    // Laid over the site's reference of another kind, the override's replaces it whole (API.md 2.8: a reference is its kind's fields).
    expect(asFile.body.header.primaryLink).toEqual({ kind: "file", file: "file_1" });

    const asUrl = await env.admin.patch(path, {
      header: { primaryLink: { kind: "url", url: "https://acme.test/start", file: null } },
      announcement: { link: { title: "New", to: { kind: "url", url: "https://acme.test/news", file: null } } },
    });
    expect(asUrl.status).toBe(200);
    expect(asUrl.body.header.primaryLink).toEqual({ kind: "url", url: "https://acme.test/start" });
    expect(asUrl.body.announcement.link).toEqual({ title: "New", to: { kind: "url", url: "https://acme.test/news" } });

    // Without the null the merge keeps `file` beside `url`, which is no content reference: 400, nothing changed.
    expectError(await env.admin.patch(path, { header: { primaryLink: { kind: "file", file: "file_3" } } }), 400, "header.primaryLink");
    expect((await env.reader.get(path)).body.header.primaryLink).toEqual({ kind: "url", url: "https://acme.test/start" });
  });

  it("the published profile holds the site's and each site space's effective customization", async () => {
    const site = await newSite({ spaces: [env.spaces[0]] });
    const [siteSpace] = (await env.reader.get(`${sites()}/${site.id}/site-spaces`)).body.items as Array<{ id: string }>;
    await env.admin.put(`${sites()}/${site.id}/customization`, { title: "Published" });
    await env.admin.patch(`${sites()}/${site.id}/site-spaces/${siteSpace.id}/customization`, { title: "Space" });
    await env.admin.post(`${sites()}/${site.id}/publish`);
    const profile = (await env.reader.get(`${sites()}/${site.id}/published`)).body;
    expect(profile.customizations.site.title).toBe("Published");
    expect(profile.customizations.siteSpaces[siteSpace.id].title).toBe("Space");
  });

  it("deleting a site space drops its override", async () => {
    const site = await newSite({ spaces: [env.spaces[0]] });
    const added = await env.admin.post(`${sites()}/${site.id}/site-spaces`, { spaceId: env.spaces[1] });
    const path = `${sites()}/${site.id}/site-spaces/${added.body.id}/customization`;
    await env.admin.patch(path, { title: "Gone" });
    expect((await env.admin.del(`${sites()}/${site.id}/site-spaces/${added.body.id}`)).status).toBe(205);
    expectError(await env.reader.get(path), 404);
  });
});
