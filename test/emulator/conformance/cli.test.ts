import { type ChildProcess } from "node:child_process";
import { spawnGroup, stopGroup } from "../../pulumi-cli/process-groups.ts";
import { readProviderConfig } from "../../../provider/runtime/config.ts";
import { ORGANIZATION_ENV } from "../../../provider/runtime/organization-default.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

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
  const child = spawnGroup(node, ["test/emulator/main.ts", "--exit-with-pid", String(process.pid), ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
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
    expect(last[0]).toMatch(/^export DOCS_PLATFORM_API_URL=http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(last[1]).toBe("export DOCS_PLATFORM_TOKEN=tok-acme-admin");
    expect(last[2]).toBe("export DOCS_PLATFORM_ORGANIZATION_ID=org-acme");
    // They are the variables the package reads (a test may hold both readings side by side).
    const printed = Object.fromEntries(last.map((line) => line.replace(/^export /, "").split("=") as [string, string]));
    const config = readProviderConfig({ get: () => undefined }, printed);
    expect([config.apiUrl, config.token]).toEqual([printed.DOCS_PLATFORM_API_URL, printed.DOCS_PLATFORM_TOKEN]);
    expect(printed[ORGANIZATION_ENV]).toBe("org-acme");
    const url = last[0]!.split("=")[1]!;
    const headers = { authorization: "Bearer tok-acme-admin", "content-type": "application/json" };
    const created = await fetch(`${url}/orgs/org-acme/teams`, { method: "PUT", headers, body: JSON.stringify({ title: "Survives restarts" }) });
    expect(created.status).toBe(201);
    await stop(first.child);

    const second = await startCli(["--port", "0", "--db", db]);
    expect(second.lines.join("\n")).toContain("existing data kept");
    const url2 = second.lines.slice(-3)[0]!.split("=")[1]!;
    const list = await fetch(`${url2}/orgs/org-acme/teams?title=survives`, { headers });
    expect(((await list.json()) as { count: number }).count).toBe(1);
    await stop(second.child);
  });

  it("refuses a bad port", async () => {
    await expect(startCli(["--port", "nope", "--db", ":memory:"])).rejects.toThrow(/exited with 2/);
  });
});
