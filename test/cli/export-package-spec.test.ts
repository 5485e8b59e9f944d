/**
 * What the exported package.json asks npm for as pulumi-docs-platform (export/package-spec.ts):
 * before publication `^<version>` cannot be installed, so export names the package it ran from
 * (a checkout's folder, the tarball or path a project installed it from) and says so on stderr.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLISHED_SPEC, defaultPackageSpec, packageDirOf } from "../../provider/cli/export/package-spec.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const providerDir = path.join(repositoryRoot, "provider");
const bin = path.join(providerDir, "bin", "pulumi-docs-platform.js");

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "package-spec-"));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function installedCopy(project: string, spec: string): Promise<string> {
  const packageDir = path.join(dir, project, "node_modules", "pulumi-docs-platform");
  await fs.mkdir(path.join(packageDir, "dist"), { recursive: true });
  await fs.writeFile(path.join(packageDir, "package.json"), JSON.stringify({ name: "pulumi-docs-platform", version: "0.1.0" }));
  await fs.writeFile(path.join(dir, project, "package.json"), JSON.stringify({ dependencies: { "pulumi-docs-platform": spec } }));
  return packageDir;
}

describe("the package spec export writes", () => {
  it("finds this package's folder from its compiled code", () => {
    expect(packageDirOf(path.join(providerDir, "dist", "cli", "export"))).toBe(providerDir);
    expect(packageDirOf(os.tmpdir())).toBeUndefined();
  });

  it("run from a checkout, is the checkout's package folder, relative to the program's directory", () => {
    const choice = defaultPackageSpec(path.join(dir, "out"), { packageDir: providerDir, bundled: false });
    expect(choice.spec).toBe(`file:${path.relative(path.join(dir, "out"), providerDir)}`);
    expect(path.resolve(dir, "out", choice.spec.slice("file:".length))).toBe(providerDir);
    expect(choice.reason).toBe(
      `the package export ran from, the checkout at ${providerDir} (not an installed copy); pass --package-spec ${PUBLISHED_SPEC} for the published package`,
    );
  });

  it("installed from a tarball or a path, is what the project installed it from, relative to the program's directory", async () => {
    const packageDir = await installedCopy("from-tarball", "file:../pulumi-docs-platform-0.1.0.tgz");
    const choice = defaultPackageSpec(path.join(dir, "from-tarball", "docs"), { packageDir, bundled: false });
    expect(choice.spec).toBe("file:../../pulumi-docs-platform-0.1.0.tgz");
    expect(choice.reason).toBe(`what ${path.join(dir, "from-tarball", "package.json")} installed it from (file:../pulumi-docs-platform-0.1.0.tgz)`);
    const fromGit = await installedCopy("from-git", "github:docs-platform/pulumi-docs-platform#main");
    expect(defaultPackageSpec(path.join(dir, "out"), { packageDir: fromGit, bundled: false }).spec).toBe("github:docs-platform/pulumi-docs-platform#main");
  });

  it("installed from the registry, or in the release executable, is this version's range; the executable says what to pass before publication", async () => {
    const packageDir = await installedCopy("from-registry", "^0.1.0");
    expect(defaultPackageSpec(path.join(dir, "out"), { packageDir, bundled: false })).toEqual({
      spec: PUBLISHED_SPEC,
      reason: `this package's version, published (${path.join(dir, "from-registry", "package.json")} installed ^0.1.0)`,
    });
    const bundled = defaultPackageSpec(path.join(dir, "out"), { bundled: true });
    expect(bundled.spec).toBe(PUBLISHED_SPEC);
    expect(bundled.reason).toContain("pass --package-spec with the package's folder or its tarball (npm pack)");
  });
});

describe("export --out", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  const exportCli = (args: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const token = emulator.fixture.organizations.find((org) => org.id === "org-acme")!.tokens.admin!;
      const env = { PATH: path.dirname(process.execPath), HOME: process.env.HOME, DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: token };
      const child = spawn(process.execPath, [bin, "export", "--org", "org-acme", "--only", "Team", ...args], { cwd: dir, env });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      child.on("close", (code) => resolve({ code, stderr }));
      child.stdin.end();
    });

  it("run from this checkout, writes a package.json that installs this checkout's package, and says so", async () => {
    const out = path.join(dir, "program");
    const run = await exportCli(["--out", out]);
    expect(run.code, run.stderr).toBe(0);
    const manifest = JSON.parse(await fs.readFile(path.join(out, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const spec = manifest.dependencies["pulumi-docs-platform"];
    expect(spec).toMatch(/^file:\.\.\//);
    expect(path.resolve(out, spec.slice("file:".length))).toBe(providerDir);
    expect(run.stderr).toContain(`export: package.json installs pulumi-docs-platform from "${spec}": the package export ran from, the checkout at ${providerDir}`);
  });

  it("with --package-spec, writes that and says it came from the flag", async () => {
    const out = path.join(dir, "program-published");
    const run = await exportCli(["--out", out, "--package-spec", "^0.1.0"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(await fs.readFile(path.join(out, "package.json"), "utf8")).dependencies["pulumi-docs-platform"]).toBe("^0.1.0");
    expect(run.stderr).toContain(`export: package.json installs pulumi-docs-platform from "^0.1.0": --package-spec`);
  });
});
