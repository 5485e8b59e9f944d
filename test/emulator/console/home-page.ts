import type { Context } from "../context.ts";
import type { MemberDoc, OrgDoc, SiteDoc, TeamDoc } from "../model.ts";
import { liveSpaces } from "../routes/spaces.ts";
import type { EmulatorState } from "../state.ts";
import { html } from "./html.ts";
import { orgPath, REQUESTS_PATH, yesNo, type Page } from "./layout.ts";
import { sitePreviewPath } from "./site-page.ts";

/** `/`: every organization the emulator holds, its sites, and where to look next. */
export function homePage(state: EmulatorState, ctx: Context): Page {
  const orgs = state.store.list<OrgDoc>("org", "");
  const sites = orgs.flatMap((org) => state.store.list<SiteDoc>("site", org.id).map((site) => ({ org, site })));
  const total = [...state.counts.values()].reduce((a, b) => a + b, 0);
  return {
    status: 200,
    title: "Console",
    body: html`
<h1>Emulator console</h1>
<p class="lead">What the emulator holds, read-only. The API answers at <code>${state.origin}/v1</code>; the control surface at <code>${state.origin}/_control</code>.</p>
<section id="organizations">
  <h2>Organizations</h2>
  <div class="cards">
    ${orgs.map(
      (org) => html`
    <div class="panel" data-kind="organization">
      <h3><a href="${orgPath(org.id)}">${org.title}</a></h3>
      <p class="muted mono">${org.id}</p>
      <p>${state.store.list<MemberDoc>("member", org.id).length} members ·
        ${state.store.list<TeamDoc>("team", org.id).length} teams ·
        ${liveSpaces(ctx, org.id).length} spaces ·
        ${state.store.list<SiteDoc>("site", org.id).length} sites</p>
    </div>`,
    )}
  </div>
</section>
<section id="sites" class="panel">
  <h2>Sites</h2>
  ${
    sites.length === 0
      ? html`<p class="empty">No sites yet. Run <code>npm start</code> or <code>pulumi up</code> against this emulator.</p>`
      : html`<table>
    <thead><tr><th>Site</th><th>Organization</th><th>Visibility</th><th>Published</th></tr></thead>
    <tbody>${sites.map(
      ({ org, site }) => html`
      <tr><td><a href="${sitePreviewPath(ctx, site)}">${site.title}</a></td><td>${org.title}</td><td>${site.visibility}</td><td>${yesNo(site.published)}</td></tr>`,
    )}
    </tbody>
  </table>`
  }
</section>
<section id="requests" class="panel">
  <h2>Requests</h2>
  <p>${total} API requests since the emulator started or its counts were last reset. <a href="${REQUESTS_PATH}">Recent requests</a></p>
</section>`,
  };
}
