/**
 * A staging stack that holds prod's adopt ids never writes to prod (issue 52), through the real
 * Pulumi CLI and export's stack config: one API, two organizations, one token that administers
 * both (a platform team's usual token). Prod is exported (`export --stack prod`: prod's ids in
 * Pulumi.prod.yaml); its stack config is then copied by hand into a staging stack with staging's
 * organization, ids and all, as a promotion walked by hand does. `pulumi up --yes` of staging
 * fails at its preview, naming the adopted object and both organizations, and the API receives
 * not one write, in either organization.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, type Fixture, startEmulator } from "../emulator/index.ts";
import { ensurePulumi } from "../pulumi-cli/ensure-pulumi.ts";
import { runPulumi, stateDirEnvironment, workRoot } from "../pulumi-cli/run-pulumi.ts";
import { apiClient } from "./support/api.ts";

const execFileAsync = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(repositoryRoot, "provider", "bin", "pulumi-docs-platform.js");
const minutes = (n: number) => n * 60_000;
const TOKEN = "tok-platform";

const users: Fixture["users"] = [
  { id: "usr-platform", displayName: "Platform", email: "platform@docs.test", token: TOKEN },
  { id: "usr-eli", displayName: "Eli", email: "eli@docs.test", token: "tok-eli" },
];
const members = [
  { user: "usr-platform", role: "admin" as const },
  { user: "usr-eli", role: "edit" as const },
];
const fixture: Fixture = {
  users,
  organizations: [
    { id: "org-staging", title: "Docs (staging)", emailDomains: ["docs.test"], members, spaces: [{ id: "spc-staging-guides", title: "Guides" }] },
    { id: "org-prod", title: "Docs (production)", emailDomains: ["docs.test"], members, spaces: [{ id: "spc-prod-guides", title: "Guides" }] },
  ],
};

let emulator: Emulator;
let dir: string;
let env: NodeJS.ProcessEnv;

async function writes(): Promise<Record<string, number>> {
  const { counts } = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { counts: Record<string, number> };
  return Object.fromEntries(Object.entries(counts).filter(([route]) => !route.startsWith("GET ")));
}

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:", fixture });
  const api = apiClient(emulator.url, TOKEN);
  await api.put("/orgs/org-prod/teams", { title: "Writers", members: ["usr-eli"] });
  await api.post("/orgs/org-prod/collections", { title: "Product", description: "What customers read." });
  dir = path.join(workRoot, `adopt-across-organizations-${process.pid}-${Date.now()}`);
  await fs.mkdir(dir, { recursive: true });
  const installation = await ensurePulumi();
  const base = await stateDirEnvironment(path.join(dir, "state"), { binDir: installation.binDir });
  env = { ...Object.fromEntries(Object.entries(base).filter(([key]) => !key.startsWith("DOCS_PLATFORM_"))), DOCS_PLATFORM_TOKEN: TOKEN };
}, minutes(3));

afterAll(async () => {
  await emulator?.close();
  await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
});

describe("prod's adopt ids in a staging stack, one token in both organizations", () => {
  it("the staging `up` fails at its preview, naming the object and both organizations: 0 writes to either", { timeout: minutes(6) }, async () => {
    const program = path.join(dir, "docs");
    await execFileAsync(process.execPath, [bin, "export", "--org", "org-prod", "--api-url", emulator.url, "--out", program, "--stack", "prod", "--project", "docs"], { env });
    const prodConfig = await fs.readFile(path.join(program, "Pulumi.prod.yaml"), "utf8");
    expect(prodConfig).toContain("  docs:adopt:\n");
    // The copy made by hand: staging's organization, prod's ids.
    await fs.writeFile(path.join(program, "Pulumi.staging.yaml"), prodConfig.replace("docs-platform:organizationId: org-prod", "docs-platform:organizationId: org-staging"));
    const init = await runPulumi(["stack", "init", "staging"], { cwd: program, env });
    expect(init.exitCode, init.stderr).toBe(0);

    await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
    const up = await runPulumi(["up", "--yes", "--stack", "staging"], { cwd: program, env, timeoutMs: minutes(4) });
    const output = up.stdout + up.stderr;
    expect(up.exitCode, output).not.toBe(0);
    // The engine stops the preview at the first resource whose check fails: one of the adopted
    // objects (the checks run side by side, so which one comes first varies).
    const team = (await apiClient(emulator.url, TOKEN).list<{ id: string }>("/orgs/org-prod/teams"))[0].id;
    const refusals = [
      ["Space", "guides", "spc-prod-guides"],
      ["Team", "writers", team],
      ["Collection", "product", undefined],
    ].filter(([kind, name, id]) =>
      new RegExp(
        `${kind} resource '${name}' has a problem: adopt: ${kind} ${id ?? "\\S+"} belongs to organization org-prod, not to org-staging, the organization of this resource: ` +
          "an adoption never crosses organizations \\(taking it over would move org-prod's object into org-staging\\)\\. Nothing was changed\\.",
      ).test(output),
    );
    expect(refusals.length, output).toBeGreaterThan(0);
    expect(await writes()).toEqual({});
    // And prod is as it was: its space in prod, its team's title untouched.
    const api = apiClient(emulator.url, TOKEN);
    expect(await api.get("/spaces/spc-prod-guides")).toMatchObject({ organization: "org-prod", title: "Guides" });
    expect((await api.list<{ title: string }>("/orgs/org-prod/teams")).map((team) => team.title)).toEqual(["Writers"]);
    expect(await api.list("/orgs/org-staging/teams")).toEqual([]);
  });
});
