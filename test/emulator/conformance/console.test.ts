import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { html, linkTarget } from "../console/html.ts";
import { handleConsole } from "../console/serve.ts";
import { RequestLog } from "../request-log.ts";
import type { EmulatorState } from "../state.ts";
import { loadHostile, loadQuickstart, XSS, type HostileIds, type QuickstartIds } from "./console-data.ts";
import { startEmulator } from "../index.ts";
import { client, control, useEmulator } from "./helpers.ts";

// OpenAPI processing lasts 10 minutes of emulator clock, so a test sees it pending and then moves the clock.
const env = useEmulator({ openapiProcessingMs: 600_000 });
let quickstart: QuickstartIds;
let hostile: HostileIds;

const ESCAPED_XSS = "&lt;script&gt;alert(1)&lt;/script&gt;";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A raw request (node:http, not fetch), so a test can set Host and send a path with `<` in it as it is. */
function request(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Node sends a DELETE's body without a length unless told: say it, so the request is well formed.
    const headers = { ...options.headers, ...(options.body !== undefined ? { "content-length": String(Buffer.byteLength(options.body)) } : {}) };
    const req = http.request({ host: "127.0.0.1", port: env.emulator.port, path, method: options.method ?? "GET", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The contents of the `tag` elements marked `data-kind="<kind>"`, in document order (none of them nests its own tag). */
function rows(text: string, kind: string, tag = "tr"): string[] {
  return [...text.matchAll(new RegExp(`<${tag} [^>]*data-kind="${kind}"[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => m[1]);
}

function section(text: string, id: string): string {
  const start = text.indexOf(`<section id="${id}"`);
  expect(start, `section #${id}`).toBeGreaterThan(-1);
  return text.slice(start, text.indexOf("</section>", start));
}

const plain = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

beforeAll(async () => {
  const [acme, globex] = env.emulator.fixture.organizations;
  const members = (org: typeof acme) => ({ admin: org.admin.userId, editor: org.editor!.userId, reader: org.reader!.userId });
  quickstart = await loadQuickstart(env.admin, env.org, members(acme));
  hostile = await loadHostile(env.otherAdmin, env.otherOrg, members(globex));
});

const pages = () => [
  "/",
  `/console/orgs/${env.org}`,
  `/console/orgs/${env.otherOrg}`,
  "/console/requests",
  quickstart.sitePath,
  `${quickstart.sitePath}/reference/upcoming`,
  hostile.sitePath,
];

describe("console: every page", () => {
  it("answers 200 with an HTML document, a Content-Security-Policy that forbids scripts, and no token", async () => {
    const tokens = env.emulator.fixture.users.map((user) => user.token);
    for (const path of pages()) {
      const page = await request(path);
      expect(page.status, path).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      const csp = String(page.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(page.headers["x-content-type-options"]).toBe("nosniff");
      expect(page.text.startsWith("<!doctype html>")).toBe(true);
      expect(page.text).toMatch(/<\/html>\s*$/);
      expect(page.text).not.toMatch(/<script/i);
      for (const token of tokens) expect(page.text, `${path} shows a token`).not.toContain(token);
      // Every page links the organizations and the requests page.
      expect(page.text).toContain(`href="/console/orgs/${env.org}"`);
      expect(page.text).toContain('href="/console/requests"');
    }
  });

  it("serves its stylesheet as CSS", async () => {
    const css = await request("/console/style.css");
    expect(css.status).toBe(200);
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(css.text).toContain(".site-header");
  });

  it("escapes every value it shows: markup in titles, labels, descriptions, links, conditions and paths stays text", async () => {
    // A path sent with raw markup in it, so the requests page has one to show.
    expect((await request(`/v1/orgs/${XSS}`)).status).toBe(404);
    for (const path of pages()) {
      const page = await request(path);
      expect(page.text, path).not.toMatch(/<script|<img|<b>|javascript:/i);
      expect(page.text, path).not.toMatch(/onerror=alert\(1\)>/);
    }
    const globex = (await request(`/console/orgs/${env.otherOrg}`)).text;
    expect(globex).toContain(`<h1>${ESCAPED_XSS} Globex</h1>`);
    for (const id of ["teams", "saml", "content", "sites", "openapi"]) expect(section(globex, id), id).toContain(ESCAPED_XSS);
    expect(section(globex, "content")).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");

    const site = (await request(hostile.sitePath)).text;
    expect(site.match(/<\/style>/g)).toHaveLength(1);
    expect(site).toContain(`&lt;/style&gt;${ESCAPED_XSS}`);
    expect(site).toContain(`visitor.claims.x == &quot;${ESCAPED_XSS}&quot;`);
    expect(rows(site, "site-section", "a").map(plain)).toEqual([ESCAPED_XSS, `${ESCAPED_XSS} 2`]);
    // An http(s) link keeps its target, percent-encoded by URL parsing and then escaped.
    expect(site).toContain('href="https://evil.test/?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');

    const requests = (await request("/console/requests")).text;
    expect(requests).toContain(`<td class="mono">/v1/orgs/${ESCAPED_XSS}</td>`);
  });
});

describe("console: organization page", () => {
  it("shows the settings, members and teams by name and email, and SAML providers", async () => {
    const text = (await request(`/console/orgs/${env.org}`)).text;
    const settings = plain(section(text, "settings"));
    expect(settings).toContain("Title Acme Documentation");
    expect(settings).toContain("Default role read");
    expect(settings).toContain("AI yes");
    expect(settings).toContain("Invite links no");
    expect(plain(section(text, "members"))).toContain("Eli Editor eli@acme.test edit");
    const teams = rows(section(text, "teams"), "team", "div").map(plain);
    expect(teams).toHaveLength(2);
    expect(teams[0]).toMatch(/^Writers .*Eli Editor eli@acme\.test member$/);
    expect(teams[1]).toMatch(/^Reviewers .*Ada Admin ada@acme\.test member Rae Reader rae@acme\.test member$/);
    const saml = rows(section(text, "saml"), "saml-provider").map(plain);
    expect(saml).toEqual([expect.stringMatching(/^Okta http:\/\/www\.okta\.com\/exk1acmedocs https:\/\/acme\.okta\.com\/\S+ \d+ characters Reviewers read$/)]);
  });

  it("shows the collection tree with its spaces, nested and in order", async () => {
    const content = section((await request(`/console/orgs/${env.org}`)).text, "content");
    const tree = [...content.matchAll(/<li data-kind="(\w+)" data-depth="(\d+)">[\s\S]*?class="title">([^<]*)</g)].map((m) => `${m[2]} ${m[1]} ${m[3]}`);
    expect(tree).toEqual([
      "0 space Guides",
      "0 space API Reference",
      "0 space Changelog",
      "0 collection Product documentation",
      "1 collection Tutorials",
      "2 space Getting started",
      "1 space API reference",
      "1 space Release notes",
    ]);
    expect(content).toContain("Everything customers read about the product.");
    expect(content).toContain('<span class="badge warn">locked</span>');
  });

  it("shows sites with a link to their preview, OpenAPI specs with their processing state, and translations", async () => {
    const text = (await request(`/console/orgs/${env.org}`)).text;
    const sites = rows(section(text, "sites"), "site");
    expect(sites).toHaveLength(1);
    expect(sites[0]).toContain(`<a href="${quickstart.sitePath}">Developer portal</a>`);
    expect(plain(sites[0])).toBe("Developer portal basic public yes 4 —");

    const states = () => request(`/console/orgs/${env.org}`).then((page) => [...section(page.text, "openapi").matchAll(/data-processing-state="(\w+)"/g)].map((m) => m[1]));
    // Processing is a function of the emulator clock: pending first, then complete or failed.
    expect(await states()).toEqual(["pending", "pending"]);
    env.emulator.advanceClock(600_000);
    expect(await states()).toEqual(["complete", "failed"]);
    expect(section((await request(`/console/orgs/${env.org}`)).text, "openapi")).toContain("<code>INVALID_SPEC</code>");

    expect(rows(section(text, "translations"), "translation").map(plain)).toEqual([expect.stringMatching(/^fr space Getting started, language en pending 0 \S+ \S+$/)]);
  });

  it("answers 404 for an organization the emulator does not hold", async () => {
    const page = await request("/console/orgs/nobody");
    expect(page.status).toBe(404);
    expect(page.text).toContain("No such organization");
  });
});

describe("console: site page at the published URL", () => {
  it("is served at the URL the API hands out for the site", async () => {
    const site = (await env.admin.get(`/orgs/${env.org}/sites/${quickstart.siteId}`)).body;
    expect(new URL(site.urls.published).origin).toBe(env.emulator.origin);
    const page = await fetch(site.urls.published);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Acme Developer Portal");
  });

  it("shows the sections, groups and site spaces in their order, with defaults and visitor conditions", async () => {
    const text = (await request(quickstart.sitePath)).text;
    expect(rows(text, "site-section", "a").map(plain)).toEqual(["Guides", "API reference"]);
    expect(text).toMatch(
      /data-kind="site-section-group"><span class="group-title">APIs<\/span><a class="tab" data-kind="site-section" href="[^"]+\/reference">API reference<\/a><\/span>/,
    );
    const structure = [...section(text, "structure").matchAll(/<tr data-kind="([\w-]+)" data-depth="(\d)">\s*<td class="nowrap">[^<]*<\/td><td>([^<]*)<\/td>[\s\S]*?<\/tr>/g)].map(
      (m) => `${m[2]} ${m[1]} ${m[3]}${m[0].includes("visitor condition") ? " (condition)" : ""}${m[0].includes("<td>default</td>") ? " (default)" : ""}`,
    );
    expect(structure).toEqual([
      "0 site-section Guides (default)",
      "1 site-space Getting started (default)",
      "1 site-space Release notes",
      "0 site-section-group APIs",
      "1 site-section API reference",
      "2 site-space API reference (default)",
      "2 site-space Release notes (condition)",
    ]);
    expect(section(text, "structure")).toContain("<code>visitor.claims.unsigned.beta == true</code>");
    // The default section and its default site space are the ones shown.
    expect(text).toMatch(/<a class="tab current" data-kind="site-section" href="[^"]+\/guides">Guides<\/a>/);
    expect(rows(text, "site-space", "li").map(plain)).toEqual(["📘 Getting started default", "📣 Release notes"]);
  });

  it("applies the customization: title, colors, logo, header and footer links, announcement", async () => {
    const text = (await request(quickstart.sitePath)).text;
    const nonce = /<style nonce="([^"]+)">/.exec(text)?.[1];
    expect(nonce).toBeDefined();
    const css = /<style nonce="[^"]+">([\s\S]*?)<\/style>/.exec(text)![1];
    expect(css).toContain("--primary: #0b5fff;");
    expect(css).toContain("--primary-dark: #6ea2ff;");
    const header = /<header class="site-header">([\s\S]*?)<\/header>/.exec(text)![1];
    expect(header).toContain('<span class="site-title">Acme Developer Portal</span>');
    expect(header).toContain("logo: https://acme.test/logo.svg");
    expect(header).toContain('<a href="https://status.acme.test/" rel="noreferrer">Status</a>');
    const footer = /<footer class="site-footer">([\s\S]*?)<\/footer>/.exec(text)![1];
    expect(plain(footer)).toBe("Company About © Acme Inc.");
    expect(text).toContain('<div class="announcement style-info" role="note">The v3 API is in beta.</div>');
    expect(text).toContain('class="site corners-rounded"');
  });

  it("shows the site's default level, `inherit` included, and the organization's merge rules as none or rules (DESIGN.md 8)", async () => {
    const site = `/orgs/${env.org}/sites/${quickstart.siteId}`;
    expect((await env.admin.patch(site, { defaultLevel: "inherit" })).status).toBe(200);
    expect(
      (
        await env.admin.patch(`/orgs/${env.org}`, {
          mergeRules: {
            type: "rules",
            rules: [
              { rule: "allow_bypass", users: [] },
              { rule: "custom", users: [] },
            ],
          },
        })
      ).status,
    ).toBe(200);
    try {
      expect(plain(section((await request(quickstart.sitePath)).text, "site-settings"))).toContain("Default level inherit");
      expect(plain(section((await request(`/console/orgs/${env.org}`)).text, "settings"))).toContain("Merge rules rules (allow_bypass, custom)");
    } finally {
      await env.admin.patch(site, { defaultLevel: null });
      await env.admin.patch(`/orgs/${env.org}`, { mergeRules: { type: "none" } });
    }
    expect(plain(section((await request(quickstart.sitePath)).text, "site-settings"))).toContain("Default level guest");
    expect(plain(section((await request(`/console/orgs/${env.org}`)).text, "settings"))).toContain("Merge rules none");
  });

  it("shows visibility and published state", async () => {
    const text = (await request(quickstart.sitePath)).text;
    expect(text).toContain('data-published="true"');
    expect(text).toContain('data-visibility="public"');
    const unpublished = (await request(hostile.sitePath)).text;
    expect(unpublished).toContain('data-published="false"');
    expect(unpublished).toContain('data-visibility="share-link"');
    expect(plain(section(unpublished, "site-settings"))).toContain("visitors get nothing at the published URL until the site is published");
  });

  it("answers each section's and site space's published URL, marking it current, and 404 elsewhere", async () => {
    const text = (await request(`${quickstart.sitePath}/reference/upcoming`)).text;
    expect(text).toMatch(/<a class="tab current" data-kind="site-section" href="[^"]+\/reference">API reference<\/a>/);
    expect(text).toMatch(/<li class="current" data-kind="site-space">\s*<a class="ss-title" href="[^"]+\/reference\/upcoming">📣 Release notes<\/a>/);
    expect(text).toContain("Only visitors matching <code>visitor.claims.unsigned.beta == true</code> see this site space.");
    expect((await request(`${quickstart.sitePath}/nowhere`)).status).toBe(404);
    expect((await request(`${quickstart.sitePath}/guides/changelog/extra`)).status).toBe(404);
    expect((await request("/sites/missing")).status).toBe(404);
    expect((await request("/sites/%zz")).status).toBe(404);
  });
});

describe("console: recent requests", () => {
  it("lists the newest API requests first with method, route, path, status and time, and the counts per route", async () => {
    expect((await env.reader.get(`/orgs/${env.org}/teams/missing`)).status).toBe(404);
    await request("/"); // console pages are not API requests: not logged
    const text = (await request("/console/requests")).text;
    const recent = rows(text, "request");
    expect(recent.length).toBeGreaterThan(30);
    const newest = [...recent[0].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => plain(m[1]));
    expect(newest[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/);
    expect(recent[0]).toMatch(/<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/);
    expect(newest.slice(1, 5)).toEqual(["GET", "/v1/orgs/{organizationId}/teams/{teamId}", `/v1/orgs/${env.org}/teams/missing`, "404"]);
    expect(recent.some((row) => row.includes("/console") || row.includes(">/<"))).toBe(false);
    const counts = rows(section(text, "counts"), "route-count").map(plain);
    expect(counts).toContain("PUT /v1/orgs/{organizationId}/teams 3");
    expect(counts).toContain("GET /v1/orgs/{organizationId}/teams/{teamId} 1");
  });

  it("keeps at most 200 requests, and empties with the counts", async () => {
    for (let i = 0; i < 210; i++) await env.reader.get(`/orgs/${env.org}`);
    expect(rows((await request("/console/requests")).text, "request")).toHaveLength(200);
    expect((await control(env.emulator).del("/requests")).status).toBe(204);
    const text = (await request("/console/requests")).text;
    expect(rows(text, "request")).toHaveLength(0);
    expect(text).toContain("No API requests yet.");
  });
});

describe("console: recent requests on a database file", () => {
  it("outlive a restart, so the requests of a finished `npm start` can still be seen", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "console-requests-"));
    const db = path.join(dir, "emulator.db");
    try {
      const first = await startEmulator({ db });
      expect((await client(first, first.fixture.token).get(`/orgs/${first.fixture.organization}/teams/before-restart`)).status).toBe(404);
      await first.close();
      const second = await startEmulator({ db });
      try {
        const text = await (await fetch(`${second.origin}/console/requests`)).text();
        expect(text).toContain(`/v1/orgs/${second.fixture.organization}/teams/before-restart`);
      } finally {
        await second.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe("console: access", () => {
  it("is read-only: any method but GET and HEAD answers 405, and nothing changes", async () => {
    const before = (await request(quickstart.sitePath)).text.replace(/nonce-[^']+'|nonce="[^"]+"/g, "");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/", quickstart.sitePath, `/console/orgs/${env.org}`]) {
        const answer = await request(path, { method, headers: { "content-type": "application/json" }, body: "{}" });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD");
      }
    }
    expect((await request(quickstart.sitePath)).text.replace(/nonce-[^']+'|nonce="[^"]+"/g, "")).toBe(before);
  });

  it("answers HEAD with the headers and no body", async () => {
    const head = await request("/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  });

  it("refuses requests addressed to another host name (DNS rebinding)", async () => {
    const answer = await request("/", { headers: { host: "attacker.test:4010" } });
    expect(answer.status).toBe(403);
    expect(answer.text).not.toContain("Acme");
    expect((await request("/", { headers: { host: `localhost:${env.emulator.port}` } })).status).toBe(200);
  });

  it("refuses clients that are not on this machine, showing nothing of the state", () => {
    // The emulator listens on 127.0.0.1 only, so a remote client is simulated at the handler.
    const socket = new Socket();
    Object.defineProperty(socket, "remoteAddress", { value: "192.0.2.7" });
    const req = Object.assign(new IncomingMessage(socket), { method: "GET", headers: { host: "127.0.0.1:4010" } });
    let status = 0;
    let body = "";
    const res = new ServerResponse(req);
    // Record what the handler answers instead of writing it to the (unconnected) socket.
    res.writeHead = (code: number) => ((status = code), res);
    res.end = (text?: unknown) => ((body = typeof text === "string" ? text : ""), res);
    // No state at all: a refusal must not read it.
    handleConsole({} as EmulatorState, req, res, "GET", "/");
    expect(status).toBe(403);
    expect(body).toContain("clients on this machine only");
  });
});

describe("console building blocks", () => {
  it("html escapes every interpolated value once, and nothing else", () => {
    const inner = html`<b>${"<i>"}</b>`;
    expect(String(html`<p title="${`"'&<>`}">${inner}${["<a>", 1, null, undefined, false, true]}</p>`)).toBe(
      '<p title="&quot;&#39;&amp;&lt;&gt;"><b>&lt;i&gt;</b>&lt;a&gt;1true</p>',
    );
  });

  it("linkTarget turns only absolute http(s) URLs into links", () => {
    expect(linkTarget("https://acme.test/a b")).toBe("https://acme.test/a%20b");
    expect(linkTarget("http://acme.test")).toBe("http://acme.test/");
    for (const value of ["javascript:alert(1)", "data:text/html,x", "/relative", "//host/x", "", 42, undefined]) expect(linkTarget(value)).toBeUndefined();
  });

  it("the request log is a ring: it keeps the newest entries, newest first, and cuts long paths", () => {
    const log = new RequestLog(3);
    const entry = (n: number, path = `/v1/${n}`) => ({ at: "2025-01-01T00:00:00.000Z", method: "GET", route: "GET (no route)", path, status: 404, durationMs: n });
    for (let n = 1; n <= 5; n++) log.add(entry(n));
    expect(log.newestFirst().map((e) => e.durationMs)).toEqual([5, 4, 3]);
    expect(log.size).toBe(3);
    log.add(entry(6, `/${"x".repeat(1000)}`));
    expect(log.newestFirst()[0].path).toHaveLength(301);
    log.clear();
    expect(log.newestFirst()).toEqual([]);
    // What an earlier run saved comes back in order; anything that is not an entry is skipped.
    log.restore([entry(7), { at: "x" }, null, entry(8)]);
    expect(log.oldestFirst().map((e) => e.durationMs)).toEqual([7, 8]);
    log.restore("not a list");
    expect(log.size).toBe(2);
    expect(() => new RequestLog(0)).toThrow(RangeError);
  });
});
