/**
 * What a user of the dynamic package installs (issue 43, the door's loose ends): the packed
 * tarball of provider/ and the @pulumi/pulumi peer, installed into an empty folder as the README
 * says (`npm install <tarball> @pulumi/pulumi`), as the emulator's package test installs its own.
 *
 * The Terraform door's runtime (@grpc/grpc-js, @msgpack/msgpack, @peculiar/x509 and
 * reflect-metadata, protobufjs) is bundled into the release executables (provider/scripts/release/
 * bundle.mts) and is no dependency of the package: the package declares undici and zod only, ships
 * no dist/terraform/, and still loads, serves as a plugin from its folder, and runs its CLI.
 * protobufjs stays in a user's tree, but as @pulumi/pulumi's (its @grpc/grpc-js's proto-loader),
 * not this package's.
 */
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";

const run = promisify(execFile);
const minutes = (n: number) => n * 60_000;
/** The door's runtime dependencies, which only the release executables carry. */
const DOOR_ONLY = ["@grpc/grpc-js", "@msgpack/msgpack", "@peculiar/x509", "protobufjs", "reflect-metadata"];
const providerManifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, "provider", "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
};

let workDir: string;
let tarball: string;
let installLog: string;
/** What the package holds of dist/terraform/: the schema the command-line tools read plans by, not the door. */
const TERRAFORM_SCHEMA_FILES = ["protocol", "schema", "values"].flatMap((name) => [`${name}.d.ts`, `${name}.js`]);
/** A real `tofu show -json` plan (test/cli/fixtures/). */
const PLAN_FIXTURE = path.join(repositoryRoot, "test", "cli", "fixtures", "plan-change.tofu.json");
const installed = () => path.join(workDir, "node_modules", "pulumi-docs-platform");

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-platform-package-"));
  // The workspace is built already; no prepack build here (it would rewrite dist/ under other tests).
  const { stdout } = await run("npm", ["pack", "--workspace", "provider", "--pack-destination", workDir, "--json", "--ignore-scripts"], { cwd: repositoryRoot });
  tarball = path.join(workDir, (JSON.parse(stdout) as { filename: string }[])[0].filename);
  fs.writeFileSync(path.join(workDir, "package.json"), JSON.stringify({ name: "package-dependencies-probe", version: "1.0.0", private: true }));
  // The SDK version this repository builds with, inside the peer range; from npm's cache when it has it.
  const installedSdk = await run(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball, `@pulumi/pulumi@${providerManifest.devDependencies["@pulumi/pulumi"]}`],
    {
      cwd: workDir,
      maxBuffer: 1 << 24,
    },
  );
  installLog = `${installedSdk.stdout}${installedSdk.stderr}`;
}, minutes(4));

afterAll(async () => {
  if (workDir) await fs.promises.rm(workDir, { recursive: true, force: true });
}, minutes(3));

describe("the installed package", () => {
  it("depends on undici and zod only, and ships no Terraform door", async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(installed(), "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["undici", "zod"]);
    // Of dist/terraform/, only the provider schema the command-line tools read plans by.
    expect(fs.readdirSync(path.join(installed(), "dist", "terraform")).sort()).toEqual(TERRAFORM_SCHEMA_FILES);
    const { stdout } = await run("tar", ["-tzf", tarball]);
    expect(
      stdout
        .split("\n")
        .filter((file) => file.includes("terraform/"))
        .map((file) => path.basename(file))
        .sort(),
    ).toEqual(TERRAFORM_SCHEMA_FILES);

    // Nothing of the door's is installed, but protobufjs through @pulumi/pulumi's own gRPC.
    for (const name of DOOR_ONLY.filter((name) => name !== "protobufjs" && name !== "@grpc/grpc-js"))
      expect(fs.existsSync(path.join(workDir, "node_modules", name)), name).toBe(false);
    const tree = JSON.parse((await run("npm", ["ls", "--all", "--json"], { cwd: workDir, maxBuffer: 1 << 26 })).stdout) as {
      dependencies: Record<string, { dependencies?: Record<string, unknown> }>;
    };
    // npm ls lists the resolved peer among a package's dependencies.
    expect(Object.keys(tree.dependencies["pulumi-docs-platform"].dependencies ?? {}).sort()).toEqual(["@pulumi/pulumi", "undici", "zod"]);
    // protobufjs (its install script draws npm's allow-scripts warning) is there as the SDK's alone.
    const protobufjs = JSON.parse((await run("npm", ["ls", "protobufjs", "--all", "--json"], { cwd: workDir, maxBuffer: 1 << 26 })).stdout) as {
      dependencies: Record<string, unknown>;
    };
    expect(Object.keys(protobufjs.dependencies)).toEqual(["@pulumi/pulumi"]);
    const packages = (await run("npm", ["ls", "--all", "--parseable"], { cwd: workDir, maxBuffer: 1 << 26 })).stdout.trim().split("\n").length - 1;
    console.log(`installed with @pulumi/pulumi: ${packages} packages; ${fs.statSync(tarball).size} bytes packed\n${installLog.trim()}`);
  });

  it("loads as a module, runs its command line, and serves as a plugin from its folder", { timeout: minutes(2) }, async () => {
    const loaded = await run(process.execPath, ["-e", 'const docs = require("pulumi-docs-platform"); process.stdout.write(typeof docs.Team + " " + typeof docs.Site)'], {
      cwd: workDir,
    });
    expect(loaded.stdout).toBe("function function");

    const cli = spawn(process.execPath, [path.join(workDir, "node_modules", ".bin", "pulumi-docs-platform"), "pr-summary"], { cwd: workDir, stdio: ["pipe", "pipe", "pipe"] });
    cli.stdin.end(JSON.stringify({ steps: [] }));
    let summary = "";
    cli.stdout.setEncoding("utf8").on("data", (chunk: string) => (summary += chunk));
    const code = await new Promise<number | null>((resolve) => cli.on("exit", resolve));
    expect(code).toBe(0);
    expect(summary).toContain("No changes.");

    // An OpenTofu plan's summary, from the installed package alone (the plan reader loads the schema).
    const plan = await run(process.execPath, [path.join(workDir, "node_modules", ".bin", "pulumi-docs-platform"), "pr-summary", PLAN_FIXTURE], { cwd: workDir });
    expect(plan.stdout).toContain("### OpenTofu plan of");
    expect(plan.stdout).toContain("`docsplatform_team.writers`");

    // The engine starts the plugin from the package's folder and reads its port from the first line.
    const plugin = spawn(process.execPath, [path.join(installed(), "docs-platform", "pulumi-resource-docs-platform")], { cwd: workDir, stdio: ["ignore", "pipe", "pipe"] });
    try {
      const firstLine = await new Promise<string>((resolve, reject) => {
        let out = "";
        let err = "";
        plugin.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          out += chunk;
          if (out.includes("\n")) resolve(out.split("\n")[0]);
        });
        plugin.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
        plugin.on("exit", (exitCode) => reject(new Error(`the plugin exited with ${exitCode}: ${err}`)));
      });
      expect(firstLine).toMatch(/^\d+$/);
    } finally {
      plugin.kill("SIGKILL");
    }
  });
});
