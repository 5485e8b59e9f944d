import type { EmulatorState } from "../state.ts";
import { html } from "./html.ts";
import { orDash, type Page } from "./layout.ts";

/** `11:06:51.234`: requests of one run share a day, and milliseconds tell apart the many of one second. */
const timeOfDay = (iso: string) => html`<time datetime="${iso}" title="${iso}">${iso.slice(11, 23)}</time>`;

const statusClass = (status: number | null) => (status === null ? "status-none" : `status-${String(status)[0]}`);

/** `/console/requests`: what clients (a `pulumi up`) sent, newest first, and the counts per route. */
export function requestsPage(state: EmulatorState): Page {
  const recent = state.requestLog.newestFirst();
  const counts = [...state.counts.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const statuses = [...state.statuses.entries()].sort(([a], [b]) => a - b);
  return {
    status: 200,
    title: "Recent requests",
    body: html`
<h1>Recent requests</h1>
<p class="lead">API requests (<code>/v1</code>), newest first: what a <code>pulumi up</code> sent. The console's own pages are not
requests to the API and are not listed.</p>
<section id="recent" class="panel">
  <h2>The last ${recent.length}</h2>
  <p class="muted">The newest ${state.requestLog.capacity} are kept. On a database file they outlive a restart, so the requests of the last <code>npm start</code> show here.</p>
  ${
    recent.length === 0
      ? html`<p class="empty">No API requests yet.</p>`
      : html`<table class="requests">
    <thead><tr><th>Time (UTC)</th><th>Method</th><th>Route</th><th>Path</th><th>Status</th><th>ms</th></tr></thead>
    <tbody>${recent.map(
      (r) => html`<tr data-kind="request">
      <td class="nowrap">${timeOfDay(r.at)}</td><td>${r.method}</td><td class="mono">${r.route.slice(r.method.length + 1)}</td><td class="mono">${r.path}</td>
      <td class="${statusClass(r.status)}">${r.status ?? "dropped"}</td><td>${r.durationMs.toFixed(1)}</td>
    </tr>`,
    )}</tbody>
  </table>`
  }
</section>
<section id="counts" class="panel">
  <h2>Requests per route</h2>
  <p class="muted">${total} since this emulator started, or since <code>POST /_control/reset</code> or <code>DELETE /_control/requests</code> (which empty the list above too).</p>
  ${
    counts.length === 0
      ? html`<p class="empty">No API requests yet.</p>`
      : html`<table>
    <thead><tr><th>Route</th><th>Requests</th></tr></thead>
    <tbody>${counts.map(([route, n]) => html`<tr data-kind="route-count"><td class="mono">${route}</td><td>${n}</td></tr>`)}</tbody>
  </table>`
  }
  <h3>Answers by status</h3>
  <p>${statuses.length === 0 ? orDash(undefined) : statuses.map(([status, n]) => html`<span class="badge ${statusClass(status)}">${status}: ${n}</span> `)}</p>
</section>`,
  };
}
