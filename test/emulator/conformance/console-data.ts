import { expect } from "vitest";
import type { Client, Reply } from "./helpers.ts";

/**
 * Data for the console's tests, made through the API as a `pulumi up` would make it:
 * - `loadQuickstart`: what the quickstart program (examples/quickstart/index.ts) declares, plus
 *   header and footer links so the customization has every part the site page shows;
 * - `loadHostile`: the same kinds of objects with markup in every free-text field, so a test can
 *   prove each page escapes what it shows.
 */

export const XSS = "<script>alert(1)</script>";

async function ok(reply: Promise<Reply>): Promise<Reply> {
  const r = await reply;
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r;
}

const id = async (reply: Promise<Reply>): Promise<string> => (await ok(reply)).body.id as string;

export interface QuickstartIds {
  siteId: string;
  sitePath: string;
  teams: { writers: string; reviewers: string };
}

export interface Members {
  admin: string;
  editor: string;
  reader: string;
}

export async function loadQuickstart(admin: Client, org: string, members: Members): Promise<QuickstartIds> {
  const o = `/orgs/${org}`;
  await ok(admin.patch(o, { title: "Acme Documentation", defaultRole: "read", inviteLinks: false, ai: true }));
  const writers = await id(admin.put(`${o}/teams`, { title: "Writers", members: [members.editor] }));
  const reviewers = await id(admin.put(`${o}/teams`, { title: "Reviewers", members: [members.admin, members.reader] }));
  await ok(
    admin.post(`${o}/saml`, {
      label: "Okta",
      entityID: "http://www.okta.com/exk1acmedocs",
      ssoURL: "https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml",
      certificate: "MIIDpDCCAoygAwIBAgIGAYx0acmedocsQuickstartCertificate",
      defaultTeam: reviewers,
      defaultRole: "read",
    }),
  );
  const productDocs = await id(admin.post(`${o}/collections`, { title: "Product documentation", description: "Everything customers read about the product." }));
  const tutorials = await id(admin.post(`${o}/collections`, { title: "Tutorials", parent: productDocs }));
  const gettingStarted = await id(admin.post(`${o}/spaces`, { title: "Getting started", emoji: "📘", parent: tutorials }));
  const apiReference = await id(admin.post(`${o}/spaces`, { title: "API reference", emoji: "🧩", parent: productDocs, editMode: "locked" }));
  const releaseNotes = await id(admin.post(`${o}/spaces`, { title: "Release notes", emoji: "📣", parent: productDocs }));

  const site = (await ok(admin.post(`${o}/sites`, { title: "Developer portal", visibility: "public" }))).body;
  const s = `${o}/sites/${site.id}`;
  await ok(admin.post(`${s}/publish`));
  const guides = await id(admin.post(`${s}/sections`, { spaceId: gettingStarted, title: "Guides", icon: "book-open" }));
  await ok(admin.patch(`${s}/sections/${guides}`, { path: "guides" }));
  const apis = await id(admin.post(`${s}/section-groups`, { title: "APIs", icon: "plug" }));
  const reference = await id(admin.post(`${s}/sections`, { spaceId: apiReference, title: "API reference", icon: "code" }));
  await ok(admin.patch(`${s}/sections/${reference}`, { path: "reference", description: "Endpoints, payloads and errors.", siteSectionGroupId: apis }));
  // Declared order, as SiteStructure sends it: Guides, then the APIs group.
  await ok(admin.patch(`${s}/structure/sort`, { item: { type: "site-section", id: guides }, position: { before: { type: "site-section-group", id: apis } } }));
  await ok(
    admin.put(`${s}/customization`, {
      title: "Acme Developer Portal",
      styling: { primaryColor: { light: "#0b5fff", dark: "#6ea2ff" }, corners: "rounded" },
      announcement: { enabled: true, message: "The v3 API is in beta.", style: "info" },
      header: { logo: { light: "https://acme.test/logo.svg" }, links: [{ title: "Status", to: { kind: "url", url: "https://status.acme.test" } }] },
      footer: { groups: [{ title: "Company", links: [{ title: "About", to: { kind: "url", url: "https://acme.test/about" } }] }], copyright: "© Acme Inc." },
    }),
  );
  const changelog = await id(admin.post(`${s}/site-spaces`, { spaceId: releaseNotes, sectionId: guides }));
  await ok(admin.patch(`${s}/site-spaces/${changelog}`, { path: "changelog" }));
  const beta = await id(admin.post(`${s}/site-spaces`, { spaceId: releaseNotes, sectionId: reference }));
  await ok(admin.patch(`${s}/site-spaces/${beta}`, { path: "upcoming", condition: "visitor.claims.unsigned.beta == true" }));

  await ok(admin.post(`${o}/openapi`, { slug: "petstore", source: { url: "https://petstore3.swagger.io/api/v3/openapi.json" } }));
  await ok(admin.post(`${o}/openapi`, { slug: "legacy", source: { url: "https://specs.acme.test/fail.yaml" } }));
  await ok(admin.post(`${o}/translations`, { language: "fr", source: { space: gettingStarted, language: "en" } }));
  return { siteId: site.id, sitePath: new URL(site.urls.published).pathname, teams: { writers, reviewers } };
}

export interface HostileIds {
  siteId: string;
  sitePath: string;
}

/** Markup in every field a user can set freely, in the second organization. */
export async function loadHostile(admin: Client, org: string, members: Members): Promise<HostileIds> {
  const o = `/orgs/${org}`;
  await ok(admin.patch(o, { title: `${XSS} Globex` }));
  const team = await id(admin.put(`${o}/teams`, { title: XSS, members: [members.editor] }));
  await ok(admin.post(`${o}/saml`, { label: XSS, entityID: `"><${XSS}`, defaultTeam: team }));
  const collection = await id(admin.post(`${o}/collections`, { title: XSS, description: `"><img src=x onerror=alert(1)>` }));
  const space = await id(admin.post(`${o}/spaces`, { title: XSS, emoji: "<b>", parent: collection }));
  const site = (await ok(admin.post(`${o}/sites`, { title: XSS, visibility: "share-link" }))).body;
  const s = `${o}/sites/${site.id}`;
  const section = await id(admin.post(`${s}/sections`, { spaceId: space, title: XSS }));
  await ok(admin.patch(`${s}/sections/${section}`, { description: `</p>${XSS}`, condition: `visitor.claims.role == "<admin>"` }));
  const group = await id(admin.post(`${s}/section-groups`, { title: XSS }));
  const inGroup = await id(admin.post(`${s}/sections`, { spaceId: space, title: `${XSS} 2` }));
  await ok(admin.patch(`${s}/sections/${inGroup}`, { siteSectionGroupId: group }));
  const siteSpaces = (await ok(admin.get(`${s}/site-spaces`))).body.items as Array<{ id: string }>;
  await ok(admin.patch(`${s}/site-spaces/${siteSpaces[0].id}`, { condition: `visitor.claims.x == "${XSS}"` }));
  await ok(admin.patch(`${s}/site-spaces/${siteSpaces[0].id}/customization`, { title: XSS }));
  await ok(
    admin.put(`${s}/customization`, {
      title: XSS,
      announcement: { enabled: true, message: XSS, style: "warning" },
      header: {
        logo: { light: `https://evil.test/"><script>alert(1)</script>.png` },
        links: [
          { title: XSS, to: { kind: "url", url: `https://evil.test/?q="><script>alert(1)</script>` } },
          { title: "page link", to: { kind: "page", page: XSS } },
        ],
      },
      footer: { groups: [{ title: XSS, links: [{ title: XSS, to: { kind: "url", url: "https://evil.test/" } }] }], copyright: `</style>${XSS}` },
    }),
  );
  await ok(admin.post(`${o}/openapi`, { slug: "evil", source: { url: `https://evil.test/"><script>alert(1)</script>` } }));
  return { siteId: site.id, sitePath: new URL(site.urls.published).pathname };
}
