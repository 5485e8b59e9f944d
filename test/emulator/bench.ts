/**
 * `npm run bench:emulator`: how much the emulator adds to a request on loopback, so that a
 * benchmark of the provider never ends up measuring the emulator. Both servers run in their own
 * process, as they do for a provider under test. Each phase is bounded in request count and in
 * time. Added latency = median round trip against the emulator minus the median round trip
 * against a bare node:http server answering `{}`, over the same keep-alive client.
 */
import type { ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { spawnGroup, stopGroup } from "../pulumi-cli/process-groups.ts";

const SEQUENTIAL = 2000;
const THROUGHPUT = 6000;
const CONCURRENCY = 16;
const PHASE_LIMIT_MS = 15_000;

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(url: URL, method: string, token: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent, headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

type Make = (i: number) => { url: URL; method: string; body?: string };

async function latencies(make: Make, token: string, expected: number): Promise<number[]> {
  const times: number[] = [];
  const deadline = performance.now() + PHASE_LIMIT_MS;
  for (let i = 0; i < SEQUENTIAL && performance.now() < deadline; i++) {
    const { url, method, body } = make(i);
    const start = performance.now();
    const status = await send(url, method, token, body);
    times.push(performance.now() - start);
    if (status !== expected) throw new Error(`${method} ${url.pathname}: expected ${expected}, got ${status}`);
  }
  return times;
}

async function throughput(make: Make, token: string, offset: number): Promise<number> {
  let next = 0;
  const deadline = performance.now() + PHASE_LIMIT_MS;
  const start = performance.now();
  const worker = async () => {
    while (next < THROUGHPUT && performance.now() < deadline) {
      const { url, method, body } = make(offset + next++);
      await send(url, method, token, body);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return next / ((performance.now() - start) / 1000);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];

const children: ChildProcess[] = [];

/**
 * Starts a child process and resolves with its stdout once it matches `pattern`. Its group is
 * stopped when the bench exits, however it exits; `--exit-with-pid` covers a SIGKILLed bench.
 */
function child(args: string[], pattern: RegExp): Promise<RegExpExecArray> {
  const proc = spawnGroup(process.execPath, args, { cwd: fileURLToPath(new URL("../..", import.meta.url)), stdio: ["ignore", "pipe", "inherit"] });
  children.push(proc);
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no start-up line from ${args.join(" ")}`)), 15_000);
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = pattern.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    proc.on("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}`)));
  });
}

const baselineScript = `
  const server = require("node:http").createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/json", "content-length": 2 });
    res.end("{}");
  });
  server.listen(0, "127.0.0.1", () => console.log("port=" + server.address().port));
`;
const baseUrl = new URL(`http://127.0.0.1:${(await child(["-e", baselineScript], /port=(\d+)/))[1]}/`);
const started = await child(
  ["test/emulator/main.ts", "--port", "0", "--db", ":memory:", "--exit-with-pid", String(process.pid)],
  /export DOCS_PLATFORM_API_URL='(\S+)'\nexport DOCS_PLATFORM_TOKEN='(\S+)'\nexport DOCS_PLATFORM_ORGANIZATION_ID='(\S+)'\n/,
);
const emulator = { url: started[1] };
const token = started[2];
const org = { id: started[3] };
const site = await fetch(`${emulator.url}/orgs/${org.id}/sites`, {
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  body: JSON.stringify({ title: "Bench" }),
}).then((r) => r.json() as Promise<{ id: string }>);

const siteGet: Make = () => ({ url: new URL(`${emulator.url}/orgs/${org.id}/sites/${site.id}`), method: "GET" });
const teamCreate: Make = (i) => ({ url: new URL(`${emulator.url}/orgs/${org.id}/teams`), method: "PUT", body: JSON.stringify({ title: `Bench team ${i}` }) });

// Warm up both servers and the JIT before measuring.
await latencies(() => ({ url: baseUrl, method: "GET" }), token, 200);
await latencies(siteGet, token, 200);

const base = median(await latencies(() => ({ url: baseUrl, method: "GET" }), token, 200));
const results: Array<Record<string, string | number>> = [];
for (const [name, make, status] of [
  ["site GET", siteGet, 200],
  ["team create", teamCreate, 201],
] as const) {
  const times = await latencies(make, token, status);
  const rps = await throughput(make, token, SEQUENTIAL);
  results.push({
    operation: name,
    requests: times.length,
    "median ms": +median(times).toFixed(3),
    "p95 ms": +p95(times).toFixed(3),
    "added median ms": +Math.max(0, median(times) - base).toFixed(3),
    "req/s": Math.round(rps),
  });
}

console.log(`baseline (bare node:http on loopback) median round trip: ${base.toFixed(3)} ms`);
console.table(results);
let ok = true;
for (const r of results) {
  const pass = (r["added median ms"] as number) < 1 && (r["req/s"] as number) > 2000;
  ok &&= pass;
  console.log(`${r.operation}: added median ${r["added median ms"]} ms (target < 1), ${r["req/s"]} req/s (target > 2000) -> ${pass ? "ok" : "MISSED"}`);
}

agent.destroy();
for (const proc of children) {
  proc.removeAllListeners("exit");
  await stopGroup(proc);
}
process.exitCode = ok ? 0 : 1;
