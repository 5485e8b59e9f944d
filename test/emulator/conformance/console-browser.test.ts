import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { loadHostile, loadQuickstart, type HostileIds, type QuickstartIds } from "./console-data.ts";
import { useEmulator } from "./helpers.ts";

/**
 * The console in a real browser: Debian's Chromium, driven by playwright-core (which downloads no
 * browser of its own). `.ci/run` installs the package; without it this one test skips and says why.
 */
const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  // vitest lists a skipped test's name only in verbose reports: say it where every run shows it.
  process.stderr.write(`console-browser.test.ts: skipping the browser test: no Chromium at ${CHROMIUM} (install Debian's chromium package; .ci/run does)\n`);
}
const SCREENSHOTS = fileURLToPath(new URL("../../.work/console/", import.meta.url));

const env = useEmulator();
let quickstart: QuickstartIds;
let hostile: HostileIds;

beforeAll(async () => {
  const [acme, globex] = env.emulator.fixture.organizations;
  const members = (org: typeof acme) => ({ admin: org.admin.userId, editor: org.editor!.userId, reader: org.reader!.userId });
  quickstart = await loadQuickstart(env.admin, env.org, members(acme));
  hostile = await loadHostile(env.otherAdmin, env.otherOrg, members(globex));
});

/** Evaluated in the page, where getComputedStyle exists (the tests are type-checked without the DOM library). */
const computedStyle = (element: unknown, property: string): string =>
  (globalThis as typeof globalThis & { getComputedStyle(element: unknown): Record<string, string> }).getComputedStyle(element)[property];

const name = "headless Chromium loads every console page without console errors or script dialogs, shows the site's sections in order, and takes screenshots";

describe("console in a browser", () => {
  it.skipIf(!hasChromium)(hasChromium ? name : `${name} (skipped: no Chromium at ${CHROMIUM}; install Debian's chromium package)`, { timeout: 120_000 }, async () => {
    await fs.mkdir(SCREENSHOTS, { recursive: true });
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const problems: string[] = [];
      const page = await context.newPage();
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") problems.push(`${page.url()}: console ${message.type()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`${page.url()}: page error: ${error.message}`));
      // A title that ran as a script would open a dialog: none may.
      page.on("dialog", (dialog) => {
        problems.push(`${page.url()}: dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on("requestfailed", (request) => problems.push(`${request.url()}: request failed: ${request.failure()?.errorText}`));
      page.on("response", (response) => {
        if (response.status() >= 400) problems.push(`${response.url()}: ${response.status()}`);
      });

      const visit = async (pathname: string, screenshot?: string) => {
        const response = await page.goto(`${env.emulator.origin}${pathname}`, { waitUntil: "load" });
        expect(response?.status(), pathname).toBe(200);
        if (screenshot) await page.screenshot({ path: path.join(SCREENSHOTS, screenshot), fullPage: true });
      };

      await visit("/", "home.png");
      await visit(`/console/orgs/${env.org}`, "organization.png");
      await visit(`/console/orgs/${env.otherOrg}`);
      await visit(hostile.sitePath);
      await visit(`${quickstart.sitePath}/reference/upcoming`);
      await visit("/console/requests", "requests.png");
      await visit(quickstart.sitePath, "site.png");

      expect(await page.locator('.site-sections [data-kind="site-section"]').allInnerTexts()).toEqual(["Guides", "API reference"]);
      expect(await page.locator('.site-sections [data-kind="site-section-group"] .group-title').allTextContents()).toEqual(["APIs"]);
      expect(await page.locator(".site-header .site-title").innerText()).toBe("Acme Developer Portal");
      // The site's primary color (#0b5fff) reached the header: the nonce'd style ran under the CSP.
      expect(await page.locator(".site-header").evaluate(computedStyle, "backgroundColor")).toBe("rgb(11, 95, 255)");
      // The console's stylesheet loaded (it lays out the site's body as a grid).
      expect(await page.locator(".site-body").evaluate(computedStyle, "display")).toBe("grid");

      // A tab is a link to the section's published URL, served by the console too.
      await page.locator('.site-sections [data-kind="site-section"]', { hasText: "API reference" }).click();
      await page.waitForURL(`**${quickstart.sitePath}/reference`);
      expect(await page.locator(".site-sections .tab.current").innerText()).toBe("API reference");

      expect(problems).toEqual([]);
      const png = await fs.readFile(path.join(SCREENSHOTS, "site.png"));
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      expect(png.length).toBeGreaterThan(10_000);
    } finally {
      await browser.close();
    }
  });
});
