import { execFileSync } from "node:child_process";
import { startEmulator } from "./emulator/index.ts";
import { createStack } from "./pulumi-cli/run-pulumi.ts";
import { repositoryRoot } from "./pulumi-cli/ensure-pulumi.ts";

const emulator = await startEmulator({ db: ":memory:" });
const acme = emulator.fixture.organizations.find((o) => o.id === "org-acme")!;
const stack = await createStack({
  programDir: repositoryRoot,
  stackName: "quickstart", env: process.env.PROF ? { NODE_OPTIONS: "--require /work/tools/probe-fast.cjs", DOCS_PLATFORM_PROBE_DIR: "/tmp/probe" } : {},
  config: { "docs-platform:apiUrl": emulator.url, "docs-platform:token": { value: acme.admin.token, secret: true } },
});
await stack.up();
const before = process.cpuUsage();
execFileSync("accton", ["/work/pacct-cmd"]);
const t0 = Date.now();
for (let i = 0; i < 3; i++) await stack.preview();
execFileSync("accton", ["off"]);
const used = process.cpuUsage(before);
console.log(`3 previews: ${(Date.now() - t0) / 1000} s wall; this process (vitest-like, emulator in it) ${(used.user + used.system) / 1e6} s CPU`);
await stack.destroy();
await stack.remove();
await emulator.close();
