/**
 * `node test/scale/profile-summary.ts DIR`: what `bench:scale --profile DIR` wrote (provider-probe.cjs),
 * added up per provider process: its CPU time by where it went (starting: module loading and the
 * modules' own first run; the door's translation; the shared core; gRPC and protobuf; the HTTP
 * client; ...), and for the plugin the calls it served, counted by method.
 */
import fs from "node:fs";
import path from "node:path";

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

const GROUPS: [string, (url: string, name: string) => boolean][] = [
  ["idle", (_url, name) => name === "(idle)"],
  ["the profiler itself", (url) => url.includes("node:inspector")],
  [
    "module loading",
    (url, name) =>
      /modules\/cjs|modules\/helpers|package_json_reader|bootstrap\/realm/.test(url) ||
      /^(wrapSafe|compileForInternalLoader|internalModuleStat|readFileUtf8|realpathSync)$/.test(name),
  ],
  ["plugin/ (the plugin door's translation)", (url) => url.includes("provider/dist/plugin/")],
  [
    "runtime/host.ts and the SDK's dynamic provider (the dynamic door's translation)",
    (url) => url.includes("provider/dist/runtime/host") || url.includes("@pulumi/pulumi/cmd/dynamic-provider"),
  ],
  ["the shared core (provider/dist)", (url) => url.includes("provider/dist/")],
  ["gRPC", (url) => url.includes("@grpc/grpc-js") || url.includes("http2")],
  ["protobuf", (url) => url.includes("google-protobuf") || url.endsWith("_pb.js")],
  ["HTTP client (undici)", (url) => url.includes("undici")],
  ["zod", (url) => url.includes("zod")],
  ["garbage collector", (_url, name) => name === "(garbage collector)"],
  [
    "first run of SDK modules (typescript, arborist, glob, ...: loaded with @pulumi/pulumi)",
    (url) => /node_modules\/(typescript|@npmcli|glob|tar|minizlib|semver|js-yaml|lru-cache)\//.test(url),
  ],
  ["other", () => true],
];

const dir = process.argv[2];
if (!dir) throw new Error("usage: node test/scale/profile-summary.ts DIR (the folder given to bench:scale --profile)");
const files = fs.readdirSync(dir);
for (const pid of [...new Set(files.map((file) => file.split(/[-.]/)[0]))].sort()) {
  const totals = new Map<string, number>();
  for (const file of files.filter((name) => name.startsWith(`${pid}-`) && name.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    profile.samples.forEach((id, index) => {
      const frame = nodes.get(id)!;
      const group = GROUPS.find(([, matches]) => matches(frame.url, frame.functionName))![0];
      totals.set(group, (totals.get(group) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
    });
  }
  const busy = [...totals].filter(([group]) => group !== "idle" && group !== "the profiler itself").reduce((sum, [, ms]) => sum + ms, 0);
  const callsFile = path.join(dir, `${pid}.calls`);
  const calls = fs.existsSync(callsFile)
    ? fs
        .readFileSync(callsFile, "utf8")
        .trim()
        .split("\n")
        .map((line) => line.split(" ")[1])
    : [];
  const counted = [...calls.reduce((counts, name) => counts.set(name, (counts.get(name) ?? 0) + 1), new Map<string, number>())];
  process.stdout.write(`process ${pid}: ${(busy / 1000).toFixed(1)} s of CPU${calls.length ? `; calls: ${counted.map(([name, count]) => `${name} ${count}`).join(", ")}` : ""}\n`);
  for (const [group, ms] of [...totals].sort((a, b) => b[1] - a[1])) {
    if (group === "idle" || group === "the profiler itself" || ms < 1) continue;
    process.stdout.write(`  ${(ms / 1000).toFixed(2).padStart(7)} s  ${((100 * ms) / busy).toFixed(0).padStart(3)}%  ${group}\n`);
  }
}
