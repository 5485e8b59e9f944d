import { type ChildProcess } from "node:child_process";
import { spawnGroup, stopGroup } from "../../pulumi-cli/process-groups.ts";
import { readProviderConfig } from "../../../provider/config/provider-config.ts";
import { ORGANIZATION_ENV } from "../../../provider/config/organization-default.ts";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../index.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const node = join(root, "node_modules", ".bin", "node");
const dir = mkdtempSync(join(tmpdir(), "emulator-cli-"));
const children: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(children.map((child) => stopGroup(child, "SIGKILL")));
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the CLI and resolves with its stdout lines once the last start-up line is printed. */
function startCli(args: string[]): Promise<{ child: ChildProcess; lines: string[] }> {
  const child = spawnGroup(node, ["test/emulator/main.ts", "--exit-with-pid", String(process.pid), ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${out}${err}`)), 15_000);
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (/DOCS_PLATFORM_ORGANIZATION_ID=.*\n/.test(out)) {
        clearTimeout(timer);
        resolve({ child, lines: out.trimEnd().split("\n") });
      }
    });
    child.on("exit", (code) => reject(new Error(`CLI exited with ${code}: ${out}${err}`)));
  });
}

const PRINTED = ["DOCS_PLATFORM_API_URL", "DOCS_PLATFORM_TOKEN", "DOCS_PLATFORM_ORGANIZATION_ID"] as const;

/** What a person gets by pasting the printed lines into sh: each variable's value as that shell holds it. */
function pasted(lines: string[], cwd = dir): Record<string, string> {
  const script = `${lines.join("\n")}\nprintf '%s\\0' ${PRINTED.map((name) => `"$${name}"`).join(" ")}`;
  const values = execFileSync("sh", ["-c", script], { cwd, encoding: "utf8", env: { PATH: process.env.PATH } }).split(
    "\0",
  );
  return Object.fromEntries(PRINTED.map((name, i) => [name, values[i]]));
}

/** Runs the CLI to its end (it is expected to refuse to start): its exit code and output. */
function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnGroup(node, ["test/emulator/main.ts", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

/** Stops the CLI with SIGTERM and resolves with its exit code and what it wrote to stderr from then on. */
function stopWithCode(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.once("exit", (code) => resolve({ code, stderr }));
    child.kill("SIGTERM");
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

describe("emulator CLI", () => {
  it("prints the three environment lines last and keeps a file database's data across restarts", async () => {
    const db = join(dir, "emulator.db");
    const first = await startCli(["--port", "0", "--db", db]);
    const last = first.lines.slice(-3);
    expect(last[0]).toMatch(/^export DOCS_PLATFORM_API_URL='http:\/\/127\.0\.0\.1:\d+\/v1'$/);
    expect(last[1]).toBe("export DOCS_PLATFORM_TOKEN='tok-acme-admin'");
    expect(last[2]).toBe("export DOCS_PLATFORM_ORGANIZATION_ID='org-acme'");
    // They are the variables the package reads (a test may hold both readings side by side).
    const printed = pasted(last);
    const config = readProviderConfig({ get: () => undefined }, printed);
    expect([config.apiUrl, config.token]).toEqual([printed.DOCS_PLATFORM_API_URL, printed.DOCS_PLATFORM_TOKEN]);
    expect(printed[ORGANIZATION_ENV]).toBe("org-acme");
    const url = printed.DOCS_PLATFORM_API_URL;
    const headers = { authorization: "Bearer tok-acme-admin", "content-type": "application/json" };
    const created = await fetch(`${url}/orgs/org-acme/teams`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ title: "Survives restarts" }),
    });
    expect(created.status).toBe(201);
    await stop(first.child);

    const second = await startCli(["--port", "0", "--db", db]);
    expect(second.lines.join("\n")).toContain("existing data kept");
    const url2 = pasted(second.lines.slice(-3)).DOCS_PLATFORM_API_URL;
    const list = await fetch(`${url2}/orgs/org-acme/teams?title=survives`, { headers });
    expect(((await list.json()) as { count: number }).count).toBe(1);
    await stop(second.child);
  });

  it("refuses a bad port", async () => {
    await expect(startCli(["--port", "nope", "--db", ":memory:"])).rejects.toThrow(/exited with 2/);
  });

  it("quotes the printed lines for sh: a hostile organization id and token run nothing when pasted and arrive intact (audit 11)", async () => {
    const marker = join(dir, "pwned");
    const hostileOrg = `x$(touch ${marker})\`touch ${marker}\`;touch ${marker} a'b"c\\`;
    // A token has no spaces (--token refuses them); ${IFS} stands in for one.
    const hostileToken = `t$(touch\${IFS}${marker})'q'\`id\``;
    const source = await startEmulator();
    const snapshot = source.snapshot();
    await source.close();
    const seed = join(dir, "hostile-seed.json");
    writeFileSync(seed, JSON.stringify({ ...snapshot, organization: { ...snapshot.organization, id: hostileOrg } }));
    const { child, lines } = await startCli([
      "--port",
      "0",
      "--db",
      ":memory:",
      "--seed",
      seed,
      "--token",
      hostileToken,
    ]);
    const last = lines.slice(-3);
    expect(last[2]).toBe(
      `export DOCS_PLATFORM_ORGANIZATION_ID='x$(touch ${marker})\`touch ${marker}\`;touch ${marker} a'\\''b"c\\'`,
    );
    const printed = pasted(last);
    expect(existsSync(marker)).toBe(false);
    expect(printed.DOCS_PLATFORM_ORGANIZATION_ID).toBe(hostileOrg);
    expect(printed.DOCS_PLATFORM_TOKEN).toBe(hostileToken);
    const response = await fetch(`${printed.DOCS_PLATFORM_API_URL}/orgs/${encodeURIComponent(hostileOrg)}`, {
      headers: { authorization: `Bearer ${hostileToken}` },
    });
    expect(((await response.json()) as { id: string }).id).toBe(hostileOrg);
    await stop(child);
  });

  it("refuses a malformed --seed with the place in the file, exit 2, no stack trace (audit 10)", async () => {
    const source = await startEmulator();
    const snapshot = source.snapshot();
    await source.close();
    const cases: Array<[unknown, string]> = [
      [{ ...snapshot, members: null }, "members: must be an array, not null"],
      [
        {
          ...snapshot,
          teams: [
            { id: "t", title: "A", members: [] },
            { id: "t", title: "B", members: [] },
          ],
        },
        'teams[1].id: duplicate id "t" (also teams[0].id)',
      ],
      [
        { ...snapshot, organization: { ...snapshot.organization, sso: "yes" } },
        'organization.sso: must be a boolean, not "yes"',
      ],
      [
        {
          ...snapshot,
          sites: [
            {
              id: "site-circle",
              title: "Circle",
              type: "basic",
              visibility: "public",
              published: false,
              adaptiveContent: { enabled: false },
              customization: {},
              sections: [],
              siteSpaces: [],
              sectionGroups: [
                { id: "group-a", title: "A", parent: "group-b", position: 0 },
                { id: "group-b", title: "B", parent: "group-a", position: 0 },
              ],
            },
          ],
        },
        "sites[0].sectionGroups[0].parent: section groups name each other as parents (group-a -> group-b -> group-a)",
      ],
    ];
    for (const [i, [broken, message]] of cases.entries()) {
      const seed = join(dir, `broken-${i}.json`);
      writeFileSync(seed, JSON.stringify(broken));
      const { code, stdout, stderr } = await runCli(["--port", "0", "--db", ":memory:", "--seed", seed]);
      expect(code, message).toBe(2);
      expect(stderr).toContain(`the snapshot ${seed}: ${message}`);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stdout).not.toContain("listening");
    }
    const deep = join(dir, "deep.json");
    writeFileSync(
      deep,
      JSON.stringify({ ...snapshot, agentInstructions: "DEEP" }).replace(
        '"DEEP"',
        "[".repeat(100_000) + "]".repeat(100_000),
      ),
    );
    const { code, stderr } = await runCli(["--port", "0", "--db", ":memory:", "--seed", deep]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/agentInstructions(\[0\])+: nested more than 100 levels deep/);
    expect(stderr).not.toContain("Maximum call stack");
  });

  it("with --host ::1 prints http://[::1]:<port> URLs that reach it (audit 12)", async () => {
    const { child, lines } = await startCli(["--port", "0", "--db", ":memory:", "--host", "::1"]);
    expect(lines[0]).toMatch(/listening on http:\/\/\[::1\]:\d+ /);
    expect(lines.find((line) => line.startsWith("control surface:"))).toMatch(
      /^control surface: http:\/\/\[::1\]:\d+\/_control$/,
    );
    const url = pasted(lines.slice(-3)).DOCS_PLATFORM_API_URL;
    expect(url).toMatch(/^http:\/\/\[::1\]:\d+\/v1$/);
    const response = await fetch(`${url}/orgs/org-acme`, { headers: { authorization: "Bearer tok-acme-admin" } });
    expect(response.status).toBe(200);
    await stop(child);
  });

  it("refuses an unwritable --snapshot-on-exit at start, with the flag and the path, exit 2, no stack trace (audit 12)", async () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "");
    for (const path of [join(dir, "no", "such", "dir", "after.json"), join(blocker, "after.json"), dir]) {
      const { code, stdout, stderr } = await runCli(["--port", "0", "--db", ":memory:", "--snapshot-on-exit", path]);
      expect(code, path).toBe(2);
      expect(stderr).toContain(`--snapshot-on-exit ${path}: cannot write there`);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stdout).not.toContain("listening");
    }
  });

  it("does not crash at exit when the --snapshot-on-exit path became unwritable: a clear error, exit 1 (audit 12)", async () => {
    const parent = join(dir, "goes-away");
    mkdirSync(parent);
    const path = join(parent, "after.json");
    const { child } = await startCli(["--port", "0", "--db", ":memory:", "--snapshot-on-exit", path]);
    // The check at start leaves nothing behind.
    expect(existsSync(path)).toBe(false);
    rmSync(parent, { recursive: true });
    const { code, stderr } = await stopWithCode(child);
    expect(code).toBe(1);
    expect(stderr).toContain(`--snapshot-on-exit ${path}: the snapshot was not written (ENOENT`);
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it("writes the snapshot at exit to a writable path and exits 0", async () => {
    const path = join(dir, "kept.json");
    const { child } = await startCli(["--port", "0", "--db", ":memory:", "--snapshot-on-exit", path]);
    const { code, stderr } = await stopWithCode(child);
    expect(code, stderr).toBe(0);
    expect(JSON.parse(readFileSync(path, "utf8")).organization.id).toBe("org-acme");
  });
});
