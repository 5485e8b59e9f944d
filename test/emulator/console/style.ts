/**
 * The console's one stylesheet, served at /console/style.css. A file of its own (rather than
 * inline) so the Content-Security-Policy can allow styles from the emulator itself and nothing
 * inline but the site preview's colors, which carry a per-response nonce.
 */
export const STYLESHEET = `
:root {
  --ink: #1d2430; --muted: #5d6675; --line: #dde1e8; --paper: #ffffff; --wash: #f5f7fa;
  --accent: #346ddb; --ok: #0f7b3f; --warn: #a15c00; --bad: #b3261e;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--wash);
}
* { box-sizing: border-box; }
body { margin: 0; line-height: 1.45; }
a { color: var(--accent); }
code, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.88em; }
h1 { font-size: 1.6rem; margin: 0 0 0.3rem; }
h2 { font-size: 1.15rem; margin: 0 0 0.6rem; }
h3 { font-size: 1rem; margin: 0.8rem 0 0.4rem; }
main { max-width: 1100px; margin: 0 auto; padding: 1.2rem 1.2rem 3rem; }
.lead { color: var(--muted); margin: 0 0 1.2rem; }
.muted { color: var(--muted); }

.console-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 1.2rem; padding: 0.55rem 1.2rem; background: #111827; color: #e5e7eb; font-size: 0.92rem; }
.console-bar a { color: #e5e7eb; text-decoration: none; }
.console-bar a:hover { text-decoration: underline; }
.console-bar .brand { font-weight: 650; }
.console-bar nav { display: flex; flex-wrap: wrap; gap: 0.9rem; }
.console-bar .note { margin-left: auto; color: #9ca3af; font-size: 0.82rem; }

.panel { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.1rem; margin: 0 0 1rem; }
.toc { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; margin: 0 0 1rem; font-size: 0.92rem; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 1rem; }
.cards .panel { margin: 0; }

table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
th, td { text-align: left; padding: 0.35rem 0.6rem 0.35rem 0; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
tr:last-child td { border-bottom: none; }
dl.settings { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1.2rem; margin: 0; font-size: 0.92rem; }
dl.settings dt { color: var(--muted); }
dl.settings dd { margin: 0; }
.empty { color: var(--muted); font-style: italic; margin: 0; }

.badge { display: inline-block; padding: 0 0.45rem; border-radius: 999px; font-size: 0.78rem; border: 1px solid var(--line); background: var(--wash); color: var(--ink); white-space: nowrap; }
.badge.ok { color: var(--ok); border-color: #a7d7b8; background: #eef8f1; }
.badge.warn { color: var(--warn); border-color: #f0cf98; background: #fff7e8; }
.badge.bad { color: var(--bad); border-color: #efb3ae; background: #fdf0ef; }
.badge.info { color: var(--accent); border-color: #b7cbf3; background: #eef3fd; }

ul.tree { list-style: none; margin: 0; padding-left: 1.1rem; }
ul.tree.root { padding-left: 0; }
ul.tree li { margin: 0.2rem 0; }
.tree .kind { color: var(--muted); font-size: 0.8rem; margin-right: 0.3rem; }

.nowrap { white-space: nowrap; }
table.requests td.mono { word-break: break-all; }
.status-2 { color: var(--ok); } .status-3 { color: var(--accent); } .status-4 { color: var(--warn); } .status-5, .status-none { color: var(--bad); }

/* The site preview: a plain documentation layout dressed in the site's customization. */
.preview-strip { display: flex; flex-wrap: wrap; gap: 0.4rem 0.8rem; align-items: center; margin: 0 0 0.8rem; font-size: 0.92rem; }
.site { --primary: #346ddb; --primary-dark: #346ddb; background: #fff; border: 1px solid var(--line); overflow: hidden; margin: 0 0 1.2rem; border-radius: 10px; }
.site.corners-straight, .site.corners-straight * { border-radius: 0 !important; }
.site.corners-circular { border-radius: 22px; }
.site-header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.6rem 1.2rem; padding: 0.8rem 1.2rem; background: var(--primary); color: #fff; }
.site-header .logo { display: inline-flex; align-items: center; justify-content: center; min-width: 2.6rem; height: 2.2rem; padding: 0 0.5rem; border: 1px dashed rgba(255,255,255,0.75); border-radius: 6px; font-size: 0.7rem; max-width: 16rem; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.site-header .site-title { font-size: 1.2rem; font-weight: 650; }
.site-header nav { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; margin-left: auto; }
.site-header nav a, .site-header nav span { color: #fff; font-size: 0.9rem; }
.announcement { padding: 0.45rem 1.2rem; font-size: 0.9rem; background: #eef3fd; border-bottom: 1px solid var(--line); }
.announcement.style-warning { background: #fff7e8; } .announcement.style-danger { background: #fdf0ef; } .announcement.style-success { background: #eef8f1; }
.site-sections { display: flex; flex-wrap: wrap; gap: 0.3rem 0.4rem; align-items: center; padding: 0.5rem 1.2rem; border-bottom: 1px solid var(--line); background: var(--wash); }
.site-sections .tab { display: inline-block; padding: 0.3rem 0.7rem; border-radius: 6px; text-decoration: none; color: var(--ink); border: 1px solid transparent; }
.site-sections .tab.current { border-color: var(--primary); color: var(--primary); background: #fff; font-weight: 600; }
.site-sections .group { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.3rem; padding: 0.15rem 0.4rem; border: 1px dashed var(--line); border-radius: 8px; }
.site-sections .group-title { font-size: 0.78rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
.site-body { display: grid; grid-template-columns: 15rem 1fr; min-height: 12rem; }
.site-body aside { border-right: 1px solid var(--line); padding: 0.9rem 1rem; background: #fcfcfd; }
.site-body aside ol { list-style: none; margin: 0; padding: 0; }
.site-body aside li { margin: 0 0 0.45rem; }
.site-body aside li.current > .ss-title { color: var(--primary); font-weight: 600; }
.site-body article { padding: 1rem 1.4rem; }
.site-body article .placeholder { border: 1px dashed var(--line); border-radius: 8px; padding: 1.2rem; color: var(--muted); }
.site-footer { display: flex; flex-wrap: wrap; gap: 1rem 2.2rem; padding: 0.9rem 1.2rem; border-top: 1px solid var(--line); background: var(--wash); font-size: 0.88rem; }
.site-footer h4 { margin: 0 0 0.3rem; font-size: 0.82rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
.site-footer ul { list-style: none; margin: 0; padding: 0; }
.site-footer .copyright { margin-left: auto; color: var(--muted); align-self: flex-end; }
.swatch { display: inline-block; width: 0.95rem; height: 0.95rem; border-radius: 3px; border: 1px solid rgba(0,0,0,0.2); vertical-align: -0.15rem; margin-right: 0.3rem; }
@media (max-width: 720px) { .site-body { grid-template-columns: 1fr; } .site-body aside { border-right: none; border-bottom: 1px solid var(--line); } }
`;
