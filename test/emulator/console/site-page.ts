import type { Context } from "../context.ts";
import type { AdaptiveSchemaDoc, OrgDoc, SectionDoc, SiteDoc, SiteSpaceDoc, SpaceDoc } from "../model.ts";
import type { CustomizationDoc } from "../routes/customization.ts";
import { siteCustomization } from "../routes/customization.ts";
import { groupsOf, levelOf, publishedUrl, sectionsOf, siteSpacesOf } from "../routes/site-model.ts";
import type { EmulatorState } from "../state.ts";
import { html, linkTarget, segment, type Html } from "./html.ts";
import { messagePage, orDash, orgPath, when, yesNo, type Page } from "./layout.ts";

/**
 * The site page, served at the published URL the API hands out for a site
 * (`/sites/{siteId}[/{basename}]`, and below it each section's and site space's URL): a preview of
 * the site's structure in its order, dressed in its customization. It renders no content: the
 * emulator holds no pages.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** The path of the site's published URL on this emulator (its query, a share key, kept). */
export function sitePreviewPath(ctx: Context, site: SiteDoc): string {
  const url = new URL(publishedUrl(ctx, site));
  return url.pathname + url.search;
}

function basePath(ctx: Context, site: SiteDoc): string {
  return new URL(publishedUrl(ctx, site)).pathname;
}

// Values that end up in the page's CSS are checked against these patterns, never escaped: a value
// that does not match is not used (the stylesheet's default applies).
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const FONT_NAME = /^[A-Za-z][A-Za-z0-9-]*(?: [A-Za-z][A-Za-z0-9-]*){0,4}$/;
const CORNERS = ["rounded", "straight", "circular"];
const ANNOUNCEMENT_STYLES = ["info", "warning", "danger", "success"];
const COLOR_NAMES = ["primary", "info", "success", "warning", "danger"] as const;

function colorPair(styling: Json, name: string): { light?: string; dark?: string } {
  const pair = styling[`${name}Color`];
  if (!isObject(pair)) return {};
  const pick = (value: unknown) => (typeof value === "string" && HEX_COLOR.test(value) ? value : undefined);
  return { light: pick(pair.light), dark: pick(pair.dark) };
}

function previewCss(customization: Json): string {
  const styling = isObject(customization.styling) ? customization.styling : {};
  const rules: string[] = [];
  const primary = colorPair(styling, "primary");
  const vars = [primary.light && `--primary: ${primary.light};`, primary.dark && `--primary-dark: ${primary.dark};`];
  const font = text(styling.font);
  if (font && FONT_NAME.test(font)) vars.push(`font-family: ${font}, system-ui, sans-serif;`);
  rules.push(`.site { ${vars.filter(Boolean).join(" ")} }`);
  for (const name of COLOR_NAMES) {
    const pair = colorPair(styling, name);
    if (pair.light) rules.push(`.swatch-${name}-light { background: ${pair.light}; }`);
    if (pair.dark) rules.push(`.swatch-${name}-dark { background: ${pair.dark}; }`);
  }
  return rules.join("\n");
}

/** Where a customization link points: a link for an http(s) URL, a description for anything else. */
function linkTo(title: string, to: unknown): Html {
  if (!isObject(to)) return html`<span>${title}</span>`;
  const href = to.kind === "url" ? linkTarget(to.url) : undefined;
  if (href) return html`<a href="${href}" rel="noreferrer">${title}</a>`;
  const target =
    to.kind === "page" ? `page ${String(to.page)}` : to.kind === "file" ? `file ${String(to.file)}` : to.kind === "openapi" ? `OpenAPI spec ${String(to.spec)}` : String(to.kind);
  return html`<span title="${target}">${title}</span>`;
}

/** The logo as a labelled box: the console loads nothing from other hosts, so it names the image instead of showing it. */
function logoBox(logo: unknown, fallback: string): Html {
  const light = isObject(logo) ? text(logo.light) : undefined;
  return light ? html`<span class="logo" title="${light}">logo: ${light}</span>` : html`<span class="logo">${fallback}</span>`;
}

interface Selection {
  section?: SectionDoc;
  siteSpace?: SiteSpaceDoc;
}

/** Resolves the path below the site's published URL to a section and a site space, or undefined when nothing is there. */
function select(ctx: Context, site: SiteDoc, rest: string[]): Selection | undefined {
  const parts = site.basename && rest[0] === site.basename ? rest.slice(1) : rest;
  const sections = sectionsOf(ctx, site.id);
  const siteSpaces = siteSpacesOf(ctx, site.id);
  const hasSections = sections.length > 0;
  const sectionPath = hasSections ? parts[0] : undefined;
  const siteSpacePath = hasSections ? parts[1] : parts[0];
  if (parts.length > (hasSections ? 2 : 1)) return undefined;
  const section = sectionPath === undefined ? (sections.find((s) => s.id === site.defaultSection) ?? sections[0]) : sections.find((s) => s.path === sectionPath);
  if (sectionPath !== undefined && !section) return undefined;
  const container = siteSpaces.filter((ss) => ss.section === (section?.id ?? null));
  const siteSpace = siteSpacePath === undefined ? (container.find((ss) => ss.isDefault) ?? container[0]) : container.find((ss) => ss.path === siteSpacePath);
  if (siteSpacePath !== undefined && !siteSpace) return undefined;
  return { ...(section ? { section } : {}), ...(siteSpace ? { siteSpace } : {}) };
}

export function sitePage(state: EmulatorState, ctx: Context, siteId: string, rest: string[]): Page {
  const site = state.store.get<SiteDoc>("site", siteId);
  if (!site) return messagePage(404, "No such site", `The emulator holds no site ${siteId}.`);
  const selection = select(ctx, site, rest);
  if (!selection) return messagePage(404, "Nothing at this path", `Site ${site.title} has no section or site space at /${rest.join("/")}.`);
  const org = state.store.get<OrgDoc>("org", site.organization);
  const customization = siteCustomization(ctx, site);
  const styling = isObject(customization.styling) ? customization.styling : {};
  const corners = CORNERS.includes(String(styling.corners)) ? String(styling.corners) : "rounded";
  return {
    status: 200,
    title: `${site.title} (preview)`,
    css: previewCss(customization),
    body: html`
<div class="preview-strip">
  <strong>Preview of site ${site.title}</strong>
  <span class="muted">in <a href="${orgPath(site.organization)}">${org?.title ?? site.organization}</a></span>
  <span class="badge ${site.published ? "ok" : "warn"}" data-published="${String(site.published)}">${site.published ? "published" : "not published"}</span>
  <span class="badge info" data-visibility="${site.visibility}">${site.visibility}</span>
  <span class="muted">the structure and look of the site; the emulator holds no page content</span>
</div>
<div class="site corners-${corners}" data-kind="site-preview">
  ${siteHeader(customization, site)}
  ${announcement(customization)}
  ${sectionTabs(ctx, site, selection)}
  ${siteBody(ctx, state, site, selection)}
  ${siteFooter(customization)}
</div>
${structureTable(ctx, state, site)}
${siteSettings(ctx, state, site)}
${customizationPanel(customization)}`,
  };
}

function siteHeader(customization: Json, site: SiteDoc): Html {
  const header = isObject(customization.header) ? customization.header : {};
  const links = Array.isArray(header.links) ? header.links.filter(isObject) : [];
  return html`<header class="site-header">
    ${logoBox(header.logo, "logo")}
    <span class="site-title">${text(customization.title) ?? site.title}</span>
    <nav aria-label="Header links">${links.map((link) => html`${linkTo(String(link.title), link.to)}${typeof link.condition === "string" ? html` <span class="badge">condition</span>` : ""}`)}</nav>
  </header>`;
}

function announcement(customization: Json): Html {
  const a = isObject(customization.announcement) ? customization.announcement : {};
  if (a.enabled !== true) return html``;
  const style = ANNOUNCEMENT_STYLES.includes(String(a.style)) ? String(a.style) : "info";
  const link = isObject(a.link) ? a.link : undefined;
  return html`<div class="announcement style-${style}" role="note">${text(a.message) ?? ""}${link ? html` ${linkTo(String(link.title), link.to)}` : ""}</div>`;
}

function sectionTabs(ctx: Context, site: SiteDoc, selection: Selection): Html {
  if (sectionsOf(ctx, site.id).length === 0 && groupsOf(ctx, site.id).length === 0) return html``;
  const base = basePath(ctx, site);
  const level = (group: string | undefined): Html[] =>
    levelOf(ctx, site.id, group).map((item) =>
      item.kind === "site-section"
        ? html`<a class="tab${item.doc.id === selection.section?.id ? " current" : ""}" data-kind="site-section" href="${base}/${segment(item.doc.path)}">${item.doc.title}</a>`
        : html`<span class="group" data-kind="site-section-group"><span class="group-title">${item.doc.title}</span>${level(item.doc.id)}</span>`,
    );
  return html`<nav class="site-sections" aria-label="Sections">${level(undefined)}</nav>`;
}

function siteBody(ctx: Context, state: EmulatorState, site: SiteDoc, selection: Selection): Html {
  const base = basePath(ctx, site);
  const container = siteSpacesOf(ctx, site.id).filter((ss) => ss.section === (selection.section?.id ?? null));
  const prefix = selection.section ? `${base}/${segment(selection.section.path)}` : base;
  const current = selection.siteSpace;
  const space = current ? state.store.get<SpaceDoc>("space", current.space) : undefined;
  return html`<div class="site-body">
    <aside aria-label="Site spaces">
      ${
        container.length === 0
          ? html`<p class="empty">No site spaces here.</p>`
          : html`<ol>${container.map((ss) => {
              const s = state.store.get<SpaceDoc>("space", ss.space);
              return html`<li class="${ss.id === current?.id ? "current" : ""}" data-kind="site-space">
          <a class="ss-title" href="${prefix}/${segment(ss.path)}">${s ? `${s.emoji ? `${s.emoji} ` : ""}${s.title}` : ss.space}</a>
          ${ss.isDefault ? html` <span class="badge">default</span>` : ""}
          ${ss.condition !== undefined ? html` <span class="badge warn" title="${ss.condition}">visitor condition</span>` : ""}
        </li>`;
            })}</ol>`
      }
    </aside>
    <article>
      ${selection.section ? html`<p class="muted">${selection.section.title}${selection.section.description ? html` · ${selection.section.description}` : ""}</p>` : ""}
      <h2>${space ? space.title : current ? current.space : site.title}</h2>
      <div class="placeholder">
        ${
          current
            ? html`The pages of the space <strong>${space?.title ?? current.space}</strong> would show here, at <code>${prefix}/${current.path}</code>.
            ${current.condition !== undefined ? html`<br>Only visitors matching <code>${current.condition}</code> see this site space.` : ""}`
            : html`This part of the site has no site space yet.`
        }
      </div>
    </article>
  </div>`;
}

function siteFooter(customization: Json): Html {
  const footer = isObject(customization.footer) ? customization.footer : {};
  const groups = Array.isArray(footer.groups) ? footer.groups.filter(isObject) : [];
  const copyright = text(footer.copyright);
  if (groups.length === 0 && !copyright && !isObject(footer.logo)) return html``;
  return html`<footer class="site-footer">
    ${isObject(footer.logo) ? logoBox(footer.logo, "") : ""}
    ${groups.map((group) => html`<div><h4>${String(group.title)}</h4><ul>${(Array.isArray(group.links) ? group.links.filter(isObject) : []).map((link) => html`<li>${linkTo(String(link.title), link.to)}</li>`)}</ul></div>`)}
    ${copyright && html`<span class="copyright">${copyright}</span>`}
  </footer>`;
}

/** Every section, group and site space in the site's order, with paths, defaults and visitor conditions. */
function structureTable(ctx: Context, state: EmulatorState, site: SiteDoc): Html {
  const base = basePath(ctx, site);
  const overrides = new Set(state.store.list<CustomizationDoc>("site-space-customization", site.id).map((doc) => doc.id));
  const siteSpaceRows = (section: SectionDoc | null, depth: number): Html[] =>
    siteSpacesOf(ctx, site.id)
      .filter((ss) => ss.section === (section?.id ?? null))
      .map((ss) => {
        const space = state.store.get<SpaceDoc>("space", ss.space);
        return html`<tr data-kind="site-space" data-depth="${depth}">
        <td class="nowrap">${"· ".repeat(depth)}site space</td><td>${space?.title ?? ss.space}</td>
        <td class="mono">${section ? `${base}/${section.path}/${ss.path}` : `${base}/${ss.path}`}</td>
        <td>${ss.isDefault ? "default" : ""}</td>
        <td>${ss.condition !== undefined ? html`<span class="badge warn">visitor condition</span> <code>${ss.condition}</code>` : ""}${overrides.has(ss.id) ? html` <span class="badge info">own customization</span>` : ""}</td>
      </tr>`;
      });
  const level = (group: string | undefined, depth: number): Html[] =>
    levelOf(ctx, site.id, group).flatMap((item) =>
      item.kind === "site-section"
        ? [
            html`<tr data-kind="site-section" data-depth="${depth}">
            <td class="nowrap">${"· ".repeat(depth)}section</td><td>${item.doc.title}</td><td class="mono">${base}/${item.doc.path}</td>
            <td>${site.defaultSection === item.doc.id ? "default" : ""}</td>
            <td>${item.doc.condition !== undefined ? html`<span class="badge warn">visitor condition</span> <code>${item.doc.condition}</code>` : ""}</td>
          </tr>`,
            ...siteSpaceRows(item.doc, depth + 1),
          ]
        : [
            html`<tr data-kind="site-section-group" data-depth="${depth}"><td class="nowrap">${"· ".repeat(depth)}section group</td><td>${item.doc.title}</td><td></td><td></td><td></td></tr>`,
            ...level(item.doc.id, depth + 1),
          ],
    );
  const hasSections = sectionsOf(ctx, site.id).length > 0 || groupsOf(ctx, site.id).length > 0;
  const rows = hasSections ? level(undefined, 0) : siteSpaceRows(null, 0);
  return html`<section id="structure" class="panel">
  <h2>Structure, in order</h2>
  ${
    rows.length === 0
      ? html`<p class="empty">The site has no sections and no site spaces.</p>`
      : html`<table>
    <thead><tr><th>Kind</th><th>Title</th><th>Published path</th><th>Default</th><th>Visitors</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>`
  }
</section>`;
}

function siteSettings(ctx: Context, state: EmulatorState, site: SiteDoc): Html {
  const schema = state.store.get<AdaptiveSchemaDoc>("adaptive-schema", site.id);
  return html`<section id="site-settings" class="panel">
  <h2>Site</h2>
  <dl class="settings">
    <dt>Title</dt><dd>${site.title}</dd>
    <dt>Id</dt><dd class="mono">${site.id}</dd>
    <dt>Type</dt><dd>${site.type}</dd>
    <dt>Visibility</dt><dd>${site.visibility}</dd>
    <dt>Published</dt><dd>${yesNo(site.published)}${site.published ? "" : html` <span class="muted">visitors get nothing at the published URL until the site is published</span>`}</dd>
    <dt>Published URL</dt><dd class="mono">${publishedUrl(ctx, site)}</dd>
    <dt>Hostname</dt><dd>${orDash(site.hostname)}</dd>
    <dt>Basename</dt><dd>${orDash(site.basename)}</dd>
    <dt>Proxy</dt><dd>${orDash(site.proxy)}</dd>
    <dt>Adaptive content</dt><dd>${yesNo(site.adaptiveContent.enabled)}${schema ? " (visitor schema set)" : ""}</dd>
    <dt>Agents context</dt><dd>${site.agentsContext}</dd>
    <dt>Default level</dt><dd>${site.defaultLevel === undefined || site.defaultLevel === null ? "guest" : site.defaultLevel}</dd>
    <dt>Created</dt><dd>${when(site.createdAt)}</dd>
  </dl>
</section>`;
}

function customizationPanel(customization: Json): Html {
  const styling = isObject(customization.styling) ? customization.styling : {};
  const header = isObject(customization.header) ? customization.header : {};
  const footer = isObject(customization.footer) ? customization.footer : {};
  const themes = isObject(customization.themes) ? customization.themes : {};
  const logo = (value: unknown) => (isObject(value) ? [text(value.light), text(value.dark)].filter(Boolean).join(" / ") : undefined);
  return html`<section id="customization" class="panel">
  <h2>Customization</h2>
  <dl class="settings">
    <dt>Title</dt><dd>${text(customization.title) ?? ""}</dd>
    ${COLOR_NAMES.map((name) => {
      const pair = colorPair(styling, name);
      return html`<dt>${name} color</dt><dd>${pair.light ? html`<span class="swatch swatch-${name}-light"></span>${pair.light}` : orDash(undefined)}
        ${pair.dark ? html` · dark <span class="swatch swatch-${name}-dark"></span>${pair.dark}` : ""}</dd>`;
    })}
    <dt>Theme</dt><dd>${text(styling.theme) ?? ""}, default mode ${text(themes.default) ?? ""}</dd>
    <dt>Corners</dt><dd>${text(styling.corners) ?? ""}</dd>
    <dt>Font</dt><dd>${text(styling.font) ?? ""}</dd>
    <dt>Header logo</dt><dd class="mono">${orDash(logo(header.logo))}</dd>
    <dt>Header links</dt><dd>${Array.isArray(header.links) ? header.links.length : 0}</dd>
    <dt>Footer logo</dt><dd class="mono">${orDash(logo(footer.logo))}</dd>
    <dt>Footer groups</dt><dd>${Array.isArray(footer.groups) ? footer.groups.length : 0}</dd>
  </dl>
</section>`;
}
