import type { Context } from "../context.ts";
import type { CollectionDoc, MemberDoc, OrgDoc, SamlDoc, SiteDoc, SiteSpaceDoc, SpaceDoc, SpecDoc, TeamDoc, TranslationDoc, UserDoc } from "../model.ts";
import { renderSpec } from "../routes/openapi.ts";
import { orgMergeRules } from "../routes/organizations.ts";
import { containerItems, spaceState } from "../routes/spaces.ts";
import { renderTranslation } from "../routes/translations.ts";
import type { EmulatorState } from "../state.ts";
import { html, linkTarget, type Html } from "./html.ts";
import { messagePage, orDash, when, yesNo, type Page } from "./layout.ts";
import { sitePreviewPath } from "./site-page.ts";

/** `/console/orgs/{id}`: an organization's settings, people, content tree, sites, specs and translations. */
export function organizationPage(state: EmulatorState, ctx: Context, orgId: string): Page {
  const org = state.store.get<OrgDoc>("org", orgId);
  if (!org) return messagePage(404, "No such organization", `The emulator holds no organization ${orgId}.`);
  return {
    status: 200,
    title: org.title,
    body: html`
<h1>${org.title}</h1>
<p class="lead mono">${org.id}</p>
<nav class="toc" aria-label="On this page">
  <a href="#settings">Settings</a><a href="#members">Members</a><a href="#teams">Teams</a><a href="#saml">SAML providers</a>
  <a href="#content">Collections and spaces</a><a href="#sites">Sites</a><a href="#openapi">OpenAPI specs</a><a href="#translations">Translations</a>
</nav>
${settings(state, org)}
${members(state, org)}
${teams(state, org)}
${samlProviders(state, org)}
${contentTree(state, ctx, org)}
${sites(state, ctx, org)}
${openApiSpecs(state, ctx, org)}
${translations(state, ctx, org)}`,
  };
}

function userOf(state: EmulatorState, id: string): { name: string; email: string } {
  const user = state.store.get<UserDoc>("user", id);
  return { name: user?.displayName ?? id, email: user?.email ?? "" };
}

function settings(state: EmulatorState, org: OrgDoc): Html {
  // DESIGN.md 8: `none` or `rules` (a store of an earlier version may hold `inherit`: none).
  const mergeRules = orgMergeRules(org.mergeRules);
  const defaultSite = org.defaultContent ? state.store.get<SiteDoc>("site", org.defaultContent.site) : undefined;
  return html`
<section id="settings" class="panel">
  <h2>Settings</h2>
  <dl class="settings">
    <dt>Title</dt><dd>${org.title}</dd>
    <dt>Email domains</dt><dd>${org.emailDomains.length > 0 ? org.emailDomains.join(", ") : orDash(undefined)}</dd>
    <dt>Hostname</dt><dd>${orDash(org.hostname)}</dd>
    <dt>Default role</dt><dd>${orDash(org.defaultRole)}</dd>
    <dt>Default content</dt><dd>${org.defaultContent ? html`site ${defaultSite?.title ?? org.defaultContent.site}` : orDash(undefined)}</dd>
    <dt>Logo</dt><dd>${orDash(org.logo)}</dd>
    <dt>SSO</dt><dd>${yesNo(org.sso)}</dd>
    <dt>AI</dt><dd>${yesNo(org.ai)}</dd>
    <dt>Invite links</dt><dd>${yesNo(org.inviteLinks)}</dd>
    <dt>Merge rules</dt><dd>${mergeRules.type}${mergeRules.rules ? html` (${mergeRules.rules.map((r) => r.rule).join(", ")})` : ""}</dd>
    <dt>Plan</dt><dd>${org.plan}</dd>
    <dt>Created</dt><dd>${when(org.createdAt)}</dd>
  </dl>
</section>`;
}

function members(state: EmulatorState, org: OrgDoc): Html {
  const list = state.store.list<MemberDoc>("member", org.id);
  return html`
<section id="members" class="panel">
  <h2>Members</h2>
  <table>
    <thead><tr><th>Name</th><th>Email</th><th>Role</th><th></th></tr></thead>
    <tbody>${list.map((m) => {
      const user = userOf(state, m.user);
      return html`<tr><td>${user.name}</td><td>${user.email}</td><td>${m.role ?? "guest"}</td><td>${m.disabled ? html`<span class="badge bad">disabled</span>` : ""}${m.sso ? html` <span class="badge info">SSO</span>` : ""}</td></tr>`;
    })}</tbody>
  </table>
</section>`;
}

function teams(state: EmulatorState, org: OrgDoc): Html {
  const list = state.store.list<TeamDoc>("team", org.id);
  return html`
<section id="teams" class="panel">
  <h2>Teams</h2>
  ${
    list.length === 0
      ? html`<p class="empty">No teams.</p>`
      : list.map(
          (team) => html`
  <div data-kind="team">
    <h3>${team.title} <span class="muted mono">${team.id}</span></h3>
    ${
      team.members.length === 0
        ? html`<p class="empty">No members.</p>`
        : html`<table>
      <thead><tr><th>Name</th><th>Email</th><th>Team role</th></tr></thead>
      <tbody>${team.members.map((m) => {
        const user = userOf(state, m.user);
        return html`<tr><td>${user.name}</td><td>${user.email}</td><td>${m.role}</td></tr>`;
      })}</tbody>
    </table>`
    }
  </div>`,
        )
  }
</section>`;
}

function samlProviders(state: EmulatorState, org: OrgDoc): Html {
  const list = state.store.list<SamlDoc>("saml", org.id);
  return html`
<section id="saml" class="panel">
  <h2>SAML providers</h2>
  ${
    list.length === 0
      ? html`<p class="empty">No SAML providers.</p>`
      : html`<table>
    <thead><tr><th>Label</th><th>Entity ID</th><th>SSO URL</th><th>Certificate</th><th>Default team</th><th>Default role</th></tr></thead>
    <tbody>${list.map((saml) => {
      const team = saml.defaultTeam ? state.store.get<TeamDoc>("team", saml.defaultTeam) : undefined;
      return html`<tr data-kind="saml-provider">
        <td>${saml.label}</td><td class="mono">${orDash(saml.entityID)}</td><td class="mono">${orDash(saml.ssoURL)}</td>
        <td>${saml.certificate ? `${saml.certificate.length} characters` : orDash(undefined)}</td>
        <td>${orDash(team?.title ?? saml.defaultTeam)}</td><td>${orDash(saml.defaultRole)}</td>
      </tr>`;
    })}</tbody>
  </table>`
  }
</section>`;
}

type TreeItem = (SpaceDoc & { kind: "space" }) | (CollectionDoc & { kind: "collection" });

function contentTree(state: EmulatorState, ctx: Context, org: OrgDoc): Html {
  // Spaces and collections share one order inside each parent, as the API's moves keep it.
  const level = (parent: string | null): TreeItem[] => {
    const collectionIds = new Set(state.store.list<CollectionDoc>("collection", org.id).map((c) => c.id));
    return containerItems(ctx, org.id, parent)
      .map((item) => (collectionIds.has(item.id) ? { ...(item as CollectionDoc), kind: "collection" as const } : { ...(item as SpaceDoc), kind: "space" as const }))
      .sort((a, b) => a.pos - b.pos || a.seq - b.seq);
  };
  const renderLevel = (parent: string | null, depth: number): Html => {
    const items = level(parent);
    if (items.length === 0) return depth === 0 ? html`<p class="empty">No collections or spaces.</p>` : html``;
    return html`<ul class="${depth === 0 ? "tree root" : "tree"}">${items.map((item) =>
      item.kind === "collection"
        ? html`<li data-kind="collection" data-depth="${depth}"><span class="kind">collection</span><strong class="title">${item.title}</strong>${item.description ? html` <span class="muted">${item.description}</span>` : ""}${item.defaultLevel ? html` <span class="badge">default ${item.defaultLevel}</span>` : ""}
            ${renderLevel(item.id, depth + 1)}</li>`
        : html`<li data-kind="space" data-depth="${depth}"><span class="kind">space</span>${item.emoji ? `${item.emoji} ` : ""}<span class="title">${item.title}</span> <span class="badge">${item.visibility}</span>${item.editMode === "locked" ? html` <span class="badge warn">locked</span>` : ""}${item.language ? html` <span class="badge">${item.language}</span>` : ""}</li>`,
    )}</ul>`;
  };
  const deleted = state.store.list<SpaceDoc>("space", org.id).filter((s) => spaceState(ctx, s) === "deleted");
  return html`
<section id="content" class="panel">
  <h2>Collections and spaces</h2>
  ${renderLevel(null, 0)}
  ${
    deleted.length > 0 &&
    html`<h3>Deleted spaces (restorable for 7 days)</h3>
  <ul class="tree root">${deleted.map((s) => html`<li data-kind="deleted-space">${s.emoji ? `${s.emoji} ` : ""}${s.title} <span class="muted">deleted ${when(s.deletedAt)}</span></li>`)}</ul>`
  }
</section>`;
}

function sites(state: EmulatorState, ctx: Context, org: OrgDoc): Html {
  const list = state.store.list<SiteDoc>("site", org.id);
  return html`
<section id="sites" class="panel">
  <h2>Sites</h2>
  ${
    list.length === 0
      ? html`<p class="empty">No sites.</p>`
      : html`<table>
    <thead><tr><th>Title</th><th>Type</th><th>Visibility</th><th>Published</th><th>Site spaces</th><th>Hostname</th></tr></thead>
    <tbody>${list.map(
      (site) => html`<tr data-kind="site">
      <td><a href="${sitePreviewPath(ctx, site)}">${site.title}</a></td><td>${site.type}</td><td>${site.visibility}</td><td>${yesNo(site.published)}</td>
      <td>${state.store.list<SiteSpaceDoc>("site-space", site.id).length}</td><td>${orDash(site.hostname)}</td>
    </tr>`,
    )}</tbody>
  </table>`
  }
</section>`;
}

const PROCESSING_BADGE: Record<string, string> = { pending: "warn", progress: "info", complete: "ok", failed: "bad" };

function openApiSpecs(state: EmulatorState, ctx: Context, org: OrgDoc): Html {
  const list = state.store.list<SpecDoc>("openapi-spec", org.id).map((spec) => renderSpec(ctx, spec));
  return html`
<section id="openapi" class="panel">
  <h2>OpenAPI specs</h2>
  ${
    list.length === 0
      ? html`<p class="empty">No OpenAPI specs.</p>`
      : html`<table>
    <thead><tr><th>Slug</th><th>Processing</th><th>Visibility</th><th>Source</th><th>Updated</th></tr></thead>
    <tbody>${list.map((spec) => {
      const processing = String(spec.processingState);
      const source = String(spec.sourceURL);
      const href = linkTarget(source);
      return html`<tr data-kind="openapi-spec">
        <td class="mono">${String(spec.slug)}</td>
        <td><span class="badge ${PROCESSING_BADGE[processing] ?? ""}" data-processing-state="${processing}">${processing}</span>${typeof spec.lastProcessErrorCode === "string" && spec.lastProcessErrorCode ? html` <code>${spec.lastProcessErrorCode}</code>` : ""}</td>
        <td>${String(spec.visibility)}</td>
        <td class="mono">${href ? html`<a href="${href}" rel="noreferrer">${source}</a>` : source}</td>
        <td>${when(String(spec.updatedAt))}</td>
      </tr>`;
    })}</tbody>
  </table>`
  }
</section>`;
}

function translations(state: EmulatorState, ctx: Context, org: OrgDoc): Html {
  const list = state.store.list<TranslationDoc>("translation", org.id);
  return html`
<section id="translations" class="panel">
  <h2>Translations</h2>
  ${
    list.length === 0
      ? html`<p class="empty">No translations.</p>`
      : html`<table>
    <thead><tr><th>Language</th><th>Source</th><th>Status</th><th>Runs</th><th>Updated</th></tr></thead>
    <tbody>${list.map((t) => {
      const rendered = renderTranslation(ctx, t);
      const space = t.source.space ? state.store.get<SpaceDoc>("space", t.source.space) : undefined;
      const source = [t.source.space ? `space ${space?.title ?? t.source.space}` : "", t.source.language ? `language ${t.source.language}` : ""].filter(Boolean).join(", ");
      return html`<tr data-kind="translation"><td>${t.language}</td><td>${orDash(source)}</td><td>${String(rendered.status)}</td><td>${t.runs}</td><td>${when(t.updatedAt)}</td></tr>`;
    })}</tbody>
  </table>`
  }
</section>`;
}
