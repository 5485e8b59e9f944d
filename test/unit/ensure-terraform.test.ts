// ensure-terraform's choices, in seconds: which `terraform` it answers (one on PATH of the
// version, else the cache's), and the edit that makes Terraform's module buildable without the
// nested modules its zip leaves out, on a small module of the same shape built with the real
// `go`. The real build (minutes) is exercised by test/terraform/tofu-acceptance.test.ts.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { terraformVersion, withoutAbsentNestedModules } from "../pulumi-cli/ensure-terraform.ts";

const execFileAsync = promisify(execFile);
const script = path.join(repositoryRoot, "test/pulumi-cli/ensure-terraform.ts");

let sandbox: string;

beforeEach(async () => {
  sandbox = await fs.mkdtemp(path.join(os.tmpdir(), "ensure-terraform-"));
});

afterEach(async () => {
  await fs.rm(sandbox, { recursive: true, force: true });
});

/** A stand-in `terraform` printing `terraform version`'s first line for `version`. */
async function fakeTerraform(dir: string, version: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, "terraform");
  await fs.writeFile(file, `#!/bin/sh\necho "Terraform v${version}"\necho "on linux_amd64"\n`, { mode: 0o755 });
  return file;
}

/** The script's answer with only `bin` (and this Node.js) on PATH, the cache in the sandbox. */
async function ensureWith(bin: string): Promise<string> {
  const env = {
    HOME: sandbox,
    PATH: [bin, path.dirname(process.execPath), "/usr/bin", "/bin"].join(path.delimiter),
    PULUMI_DOCS_PLATFORM_CACHE: path.join(sandbox, "cache"),
  };
  const { stdout } = await execFileAsync(process.execPath, [script], { env });
  return stdout.trim();
}

describe("ensure-terraform", () => {
  it("answers a terraform on PATH of the version, else the cached build (never one of another version)", async () => {
    const cached = path.join(sandbox, "cache", `terraform-v${terraformVersion}`);
    await fakeTerraform(path.join(cached, "bin"), terraformVersion);
    await fs.writeFile(path.join(cached, "build-info.json"), JSON.stringify({ version: terraformVersion }));

    const rightVersion = await fakeTerraform(path.join(sandbox, "right"), terraformVersion);
    expect(await ensureWith(path.dirname(rightVersion))).toBe(rightVersion);
    // The machine's own terraform of another release (1.11.4 here) is not the one tested.
    const otherVersion = await fakeTerraform(path.join(sandbox, "other"), "1.11.4");
    expect(await ensureWith(path.dirname(otherVersion))).toBe(path.join(cached, "bin", "terraform"));
  });

  it("drops the nested modules the module's zip lacks from go.mod and from the file importing them, and the module builds", async () => {
    const source = path.join(sandbox, "module");
    await fs.mkdir(path.join(source, "registry"), { recursive: true });
    await fs.mkdir(path.join(source, "local"), { recursive: true });
    // Terraform's shape: nested modules required at the zero version and replaced by folders, one
    // of them present; a registry file importing them by alias, one line of the map per backend.
    await fs.writeFile(
      path.join(source, "go.mod"),
      [
        "module example.test/tool",
        "",
        "go 1.26",
        "",
        "require (",
        "\texample.test/tool/remote/s3 v0.0.0-00010101000000-000000000000",
        "\texample.test/tool/local v0.0.0-00010101000000-000000000000",
        ")",
        "",
        "replace example.test/tool/remote/s3 => ./remote/s3",
        "",
        "replace example.test/tool/local => ./local",
        "",
      ].join("\n"),
    );
    await fs.writeFile(path.join(source, "local", "go.mod"), "module example.test/tool/local\n\ngo 1.26\n");
    await fs.writeFile(
      path.join(source, "local", "local.go"),
      'package local\n\nfunc New() string { return "local" }\n',
    );
    await fs.writeFile(
      path.join(source, "registry", "registry.go"),
      [
        "package registry",
        "",
        "import (",
        '\tbackendLocal "example.test/tool/local"',
        '\tbackendS3 "example.test/tool/remote/s3"',
        ")",
        "",
        "var Backends = map[string]func() string{",
        '\t"local": func() string { return backendLocal.New() },',
        '\t"s3":    func() string { return backendS3.New() },',
        "}",
        "",
      ].join("\n"),
    );
    await fs.writeFile(
      path.join(source, "main.go"),
      'package main\n\nimport (\n\t"fmt"\n\n\t"example.test/tool/registry"\n)\n\nfunc main() { fmt.Println(len(registry.Backends)) }\n',
    );
    const env = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOWORK: "off" };
    await expect(
      execFileAsync("go", ["build", "-o", path.join(sandbox, "tool"), "."], { cwd: source, env }),
    ).rejects.toThrow(/remote\/s3/);

    expect(await withoutAbsentNestedModules(source)).toEqual(["example.test/tool/remote/s3"]);
    const goMod = await fs.readFile(path.join(source, "go.mod"), "utf8");
    expect(goMod).not.toContain("remote/s3");
    expect(goMod).toContain("example.test/tool/local => ./local");
    const registry = await fs.readFile(path.join(source, "registry", "registry.go"), "utf8");
    expect(registry).not.toContain("backendS3");
    expect(registry).toContain('"local": func() string { return backendLocal.New() },');
    await execFileAsync("go", ["build", "-o", path.join(sandbox, "tool"), "."], { cwd: source, env });
    expect((await execFileAsync(path.join(sandbox, "tool"))).stdout.trim()).toBe("1");
  });

  it("refuses an import without an alias, naming the file and the module", async () => {
    const source = path.join(sandbox, "plain-import");
    await fs.mkdir(source, { recursive: true });
    await fs.writeFile(
      path.join(source, "go.mod"),
      "module example.test/plain\n\ngo 1.26\n\nrequire example.test/plain/gone v0.0.0-00010101000000-000000000000\n\nreplace example.test/plain/gone => ./gone\n",
    );
    await fs.writeFile(
      path.join(source, "main.go"),
      'package main\n\nimport "example.test/plain/gone"\n\nfunc main() { gone.Run() }\n',
    );
    await expect(withoutAbsentNestedModules(source)).rejects.toThrow(
      "main.go imports example.test/plain/gone without an alias",
    );
  });
});
