import type { OrgDoc } from "../model.ts";
import { html, segment, type Html } from "./html.ts";

/** What a console page hands to the document shell. */
export interface Page {
  status: number;
  title: string;
  body: Html;
  /**
   * Page-specific CSS (the site preview's colors), built only from values the page has checked
   * against strict patterns; it goes into a `<style>` element that carries the response's nonce.
   */
  css?: string;
}

export const orgPath = (id: string) => `/console/orgs/${segment(id)}`;
export const REQUESTS_PATH = "/console/requests";
export const STYLESHEET_PATH = "/console/style.css";

/**
 * The whole HTML document around a page: head, the console's bar (linking `orgs`), the page. A
 * refused request gets no organizations, so a refusal says nothing about what the emulator holds.
 */
export function renderDocument(page: Page, nonce: string, orgs: OrgDoc[]): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${page.title} · docs-platform emulator</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${page.css !== undefined && html`<style nonce="${nonce}">${page.css}</style>`}
</head>
<body>
<header class="console-bar">
  <a class="brand" href="/">docs-platform emulator</a>
  <nav aria-label="Console">
    ${orgs.map((org) => html`<a href="${orgPath(org.id)}">${org.title}</a>`)}
    <a href="${REQUESTS_PATH}">Recent requests</a>
  </nav>
  <span class="note">read-only console · answers this machine only</span>
</header>
<main>
${page.body}
</main>
</body>
</html>
`;
}

/** A page that only says something (not found, refused). */
export function messagePage(status: number, title: string, message: string): Page {
  return {
    status,
    title,
    body: html`<h1>${title}</h1><p class="lead">${message}</p><p><a href="/">Back to the console</a></p>`,
  };
}

/** yes/no for a boolean setting, as a badge. */
export function yesNo(value: boolean | undefined | null): Html {
  return value ? html`<span class="badge ok">yes</span>` : html`<span class="badge">no</span>`;
}

/** `—` for an absent value, so empty cells read as "not set" rather than as a rendering fault. */
export function orDash(value: string | number | null | undefined): Html {
  return value === undefined || value === null || value === "" ? html`<span class="muted">—</span>` : html`${value}`;
}

/** A readable UTC timestamp: `2025-01-02 03:04:05Z`. */
export function when(iso: string | undefined): Html {
  if (!iso) return orDash(undefined);
  return html`<time datetime="${iso}">${iso.replace("T", " ").replace(/\.\d+Z$/, "Z")}</time>`;
}
