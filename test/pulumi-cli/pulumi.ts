// `npm run pulumi -- <args>`: the project's Pulumi CLI (see ensure-pulumi.ts) with the local,
// account-free environment of run-pulumi.ts, for looking at the stacks the scripts create.
// State: <repository>/.pulumi-state (gitignored), or $PULUMI_STATE_DIR.
import { spawn } from "node:child_process";
import path from "node:path";
import { ensurePulumi, repositoryRoot } from "./ensure-pulumi.ts";
import { stateDirEnvironment } from "./run-pulumi.ts";

const localStateDir = path.resolve(process.env.PULUMI_STATE_DIR ?? path.join(repositoryRoot, ".pulumi-state"));

const installation = await ensurePulumi();
const env = await stateDirEnvironment(localStateDir, {
  binDir: installation.binDir,
  // Keep a passphrase the user exported; otherwise the fixed local one the scripts use.
  passphrase: process.env.PULUMI_CONFIG_PASSPHRASE,
});
const child = spawn(installation.pulumi, process.argv.slice(2), { stdio: "inherit", env });
child.on("exit", (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
// A terminal's Ctrl-C reaches pulumi itself (same process group; a second SIGINT would make it
// stop at once, so none is forwarded). TERM and HUP sent to this wrapper alone are passed on, and
// it exits with pulumi, so pulumi never outlives it.
for (const signal of ["SIGTERM", "SIGHUP"] as const) process.on(signal, () => child.kill(signal));
