// The build-and-cache logic of ensure-pulumi, with a stand-in `go` so it runs in seconds: one
// build for concurrent callers, reuse afterwards, a stale lock taken over. The real build is
// exercised by the e2e suite's global setup on a machine without a cached CLI.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repositoryRoot, requiredPulumiVersion } from "../pulumi-cli/ensure-pulumi.ts";

const execFileAsync = promisify(execFile);
const script = path.join(repositoryRoot, "test/pulumi-cli/ensure-pulumi.ts");

// Answers `go env GOVERSION`, `go mod tidy` and `go build -o <name> ...` (after a pause, so that
// concurrent callers overlap), and records every call and the go.mod it was given (the CLI's: the
// first one; the Go tools built beside it write theirs after).
const fakeGo = (version: string) => `#!/bin/sh
echo "$*" >> "$FAKE_GO_LOG"
case "$1" in
  env) echo go1.26.8 ;;
  mod) [ -e "$FAKE_GO_LOG.go.mod" ] || cp go.mod "$FAKE_GO_LOG.go.mod"; sleep 1 ;;
  build) sleep 1; out=""; for arg in "$@"; do [ "$prev" = "-o" ] && out=$arg; prev=$arg; done; printf '#!/bin/sh\\necho v${version}\\n' > "$out"; chmod +x "$out" ;;
esac
`;

let sandbox: string;
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
  sandbox = await fs.mkdtemp(path.join(os.tmpdir(), "ensure-pulumi-"));
  await fs.mkdir(path.join(sandbox, "bin"));
  await fs.writeFile(path.join(sandbox, "bin", "go"), fakeGo(requiredPulumiVersion()), { mode: 0o755 });
  env = {
    HOME: sandbox,
    PATH: [path.join(sandbox, "bin"), path.dirname(process.execPath), "/usr/bin", "/bin"].join(path.delimiter),
    PULUMI_DOCS_PLATFORM_CACHE: path.join(sandbox, "cache"),
    FAKE_GO_LOG: path.join(sandbox, "go.log"),
  };
});

afterEach(async () => {
  await fs.rm(sandbox, { recursive: true, force: true });
});

const ensure = () => execFileAsync(process.execPath, [script], { env });
const goCalls = async () => (await fs.readFile(path.join(sandbox, "go.log"), "utf8")).trim().split("\n");

describe("ensure-pulumi", () => {
  it("builds once for concurrent callers, installs the executables together, then reuses the build", async () => {
    const [first, second] = await Promise.all([ensure(), ensure()]);
    const binDir = path.join(sandbox, "cache", `pulumi-v${requiredPulumiVersion()}`, "bin");
    expect(first.stdout.trim()).toBe(binDir);
    expect(second.stdout.trim()).toBe(binDir);
    // The CLI, and the Go tools built beside it (the YAML and Java language hosts, the SDK and docs generators), once each.
    const builds = () => goCalls().then((calls) => calls.filter((call) => call.startsWith("build")));
    expect(await builds()).toHaveLength(6);
    const sources = [first.stderr, second.stderr].map((stderr) => /\((built|cache)\)/.exec(stderr)?.[1]).sort();
    expect(sources).toEqual(["built", "cache"]);
    expect(`${first.stderr}${second.stderr}`).toContain("is building the Pulumi CLI; waiting for it");
    expect((await fs.readdir(binDir)).sort()).toEqual([
      "docs-platform-sdkgen",
      "docs-platform-sdkgen-docs",
      "docs-platform-sdkgen-docs.spec",
      "docs-platform-sdkgen-java",
      "docs-platform-sdkgen-java.spec",
      "docs-platform-sdkgen.spec",
      "pulumi",
      "pulumi-language-go",
      "pulumi-language-java",
      "pulumi-language-java.spec",
      "pulumi-language-nodejs",
      "pulumi-language-nodejs.mjs",
      "pulumi-language-python",
      "pulumi-language-python-plugins.py",
      "pulumi-language-python-runner.py",
      "pulumi-language-yaml",
      "pulumi-language-yaml.spec",
      "pulumi-resource-pulumi-nodejs",
    ]);
    // Nothing left of the build but the installation.
    expect(await fs.readdir(path.join(sandbox, "cache"))).toEqual([`pulumi-v${requiredPulumiVersion()}`]);

    const third = await ensure();
    expect(third.stderr).toContain("(cache)");
    expect(await builds()).toHaveLength(6);
  });

  it("passes the version to the linker and repeats pulumi's non-local replace", async () => {
    await ensure();
    const build = (await goCalls()).find((call) => call.startsWith("build -v")) ?? "";
    expect(build).toContain(`-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v${requiredPulumiVersion()}`);
    expect(build).toContain("github.com/pulumi/pulumi/pkg/v3/cmd/pulumi");
    const goMod = await fs.readFile(path.join(sandbox, "go.log.go.mod"), "utf8");
    expect(goMod).toContain(`github.com/pulumi/pulumi/pkg/v3 v${requiredPulumiVersion()}`);
    expect(goMod).toContain(`github.com/pulumi/pulumi/sdk/v3 v${requiredPulumiVersion()}`);
    expect(goMod).toContain("replace github.com/atotto/clipboard => github.com/tgummerer/clipboard");
  });

  it("takes over a lock left by a process that died", async () => {
    const lock = path.join(sandbox, "cache", `pulumi-v${requiredPulumiVersion()}.lock`);
    await fs.mkdir(lock, { recursive: true });
    // A pid that is not running: a child that has already exited.
    const dead = await new Promise<number>((resolve) => {
      const child = execFile(process.execPath, ["-e", ""]);
      child.on("exit", () => resolve(child.pid ?? 0));
    });
    await fs.writeFile(path.join(lock, "pid"), String(dead));
    const result = await ensure();
    expect(result.stderr).toContain("Removing a stale build lock");
    expect(result.stderr).toContain("(built)");
  });

  it("uses a pulumi on PATH when its version matches, building only the SDK generators, beside the cache", async () => {
    await fs.writeFile(path.join(sandbox, "bin", "pulumi"), `#!/bin/sh\necho v${requiredPulumiVersion()}\n`, {
      mode: 0o755,
    });
    const result = await ensure();
    expect(result.stdout.trim()).toBe(path.join(sandbox, "bin"));
    expect(result.stderr).toContain("(path)");
    const builds = (await goCalls()).filter((call) => call.startsWith("build"));
    expect(builds).toHaveLength(3);
    expect(builds.join("\n")).not.toContain("github.com/pulumi/pulumi/pkg/v3/cmd/pulumi");
    const toolsDir = path.join(sandbox, "cache", `pulumi-v${requiredPulumiVersion()}-tools`, "bin");
    expect((await fs.readdir(toolsDir)).sort()).toEqual([
      "docs-platform-sdkgen",
      "docs-platform-sdkgen-docs",
      "docs-platform-sdkgen-docs.spec",
      "docs-platform-sdkgen-java",
      "docs-platform-sdkgen-java.spec",
      "docs-platform-sdkgen.spec",
    ]);
    // Reused afterwards.
    await ensure();
    expect((await goCalls()).filter((call) => call.startsWith("build"))).toHaveLength(3);
  });

  it("uses a pulumi on PATH without Go, and says the SDK generators need it", async () => {
    await fs.writeFile(path.join(sandbox, "bin", "pulumi"), `#!/bin/sh\necho v${requiredPulumiVersion()}\n`, {
      mode: 0o755,
    });
    await fs.rm(path.join(sandbox, "bin", "go"));
    env.PATH = [path.join(sandbox, "bin"), path.dirname(process.execPath)].join(path.delimiter);
    const result = await ensure();
    expect(result.stdout.trim()).toBe(path.join(sandbox, "bin"));
    expect(result.stderr).toContain("The SDK generators (docs-platform-sdkgen) need Go");
  });

  it("builds when the pulumi on PATH has another version", async () => {
    await fs.writeFile(path.join(sandbox, "bin", "pulumi"), "#!/bin/sh\necho v3.1.0\n", { mode: 0o755 });
    const result = await ensure();
    expect(result.stderr).toContain("is 3.1.0, this project needs");
    expect(result.stderr).toContain("(built)");
  });

  it("without a matching CLI or Go, says how to install the CLI", async () => {
    // PATH with only Node.js: no pulumi and no go.
    env.PATH = path.dirname(process.execPath);
    const result = await ensure().then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(result?.code).toBe(1);
    const version = requiredPulumiVersion();
    expect(result?.stderr).toContain(`The Pulumi CLI v${version} is needed`);
    expect(result?.stderr).toContain(`curl -fsSL https://get.pulumi.com | sh -s -- --version ${version}`);
    expect(result?.stderr).toContain("install Go >=");
  });
});

describe("the repository's language hosts", () => {
  it("start with nothing on PATH, from a Go or Python project without node_modules: Node.js by absolute path, the SDK from this repository", async () => {
    const { languageHostWrapper } = await import("../pulumi-cli/ensure-pulumi.ts");
    const bin = await fs.mkdtemp(path.join(os.tmpdir(), "language-hosts-"));
    const project = await fs.mkdtemp(path.join(os.tmpdir(), "go-project-"));
    try {
      await fs.copyFile(path.join(repositoryRoot, "test/pulumi-cli/language-host.mjs"), path.join(bin, "pulumi-language-nodejs.mjs"));
      for (const language of ["go", "python"] as const) {
        const wrapper = path.join(bin, `pulumi-language-${language}`);
        await fs.writeFile(wrapper, languageHostWrapper(language, await fs.realpath(process.execPath)), { mode: 0o755 });
        const { spawn } = await import("node:child_process");
        // As the engine starts a plugin: its engine address last; no PATH at all.
        const child = spawn(wrapper, ["127.0.0.1:1"], { cwd: project, env: { PATH: "/nonexistent" }, stdio: ["ignore", "pipe", "pipe"] });
        let stderr = "";
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
        const port = await new Promise<string>((resolve, reject) => {
          child.stdout.setEncoding("utf8").once("data", (chunk: string) => resolve(chunk.trim()));
          child.once("exit", (code) => reject(new Error(`pulumi-language-${language} exited ${code}: ${stderr}`)));
        });
        child.kill();
        expect(port, `${language}: ${stderr}`).toMatch(/^\d+$/);
      }
    } finally {
      await fs.rm(bin, { recursive: true, force: true });
      await fs.rm(project, { recursive: true, force: true });
    }
  });
});
