/**
 * The Terraform door's release as a Terraform or OpenTofu user installs it (issue 43 item 4, full
 * tier): linux-amd64's zip from release/terraform/ (built now with `--terraform-only` when absent),
 * laid out as a filesystem mirror in the packed layout `tofu providers mirror` writes
 * (`<host>/<namespace>/<type>/terraform-provider-<type>_<version>_<os>_<arch>.zip`, OpenTofu
 * v1.12.6 internal/getproviders/filesystem_search.go), a CLI configuration naming only that mirror
 * (no registry, no dev_overrides), an empty plugin cache and data folder, and no `node` on the
 * PATH: real `tofu init`, `apply` of a Team against the emulator, a no-change `plan
 * -detailed-exitcode` (exit 0) and `destroy`. Before it, the release's files themselves: the
 * names, the zip's one entry, the SHA256SUMS lines, the manifest. After it, a killed client with
 * DOCS_PLATFORM_PLUGIN_NODE_OPTIONS set (the executable then serves from a child of its own) leaves
 * no process behind.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";
import { providerHeader, run, type RunResult } from "../terraform/support/tofu.ts";
import {
  PLATFORMS,
  TERRAFORM_TYPE,
  VERSION,
  terraformArchiveName,
  terraformChecksumsName,
  terraformExecutableName,
  terraformManifestName,
  terraformReleaseDir,
} from "../../provider/scripts/release/release-info.mts";
import { ensureRelease, linuxAmd64, pathWithoutNode } from "./released-plugin.ts";
import { NODE_OPTIONS_ENV, terraformBundlePath } from "../../provider/scripts/release/bundle.mts";
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from "../../provider/terraform/handshake.ts";
import { repositoryRoot } from "../../provider/scripts/release/release-info.mts";

const minutes = (n: number) => n * 60_000;
const archivePath = path.join(terraformReleaseDir, terraformArchiveName(linuxAmd64));
const checksumsPath = path.join(terraformReleaseDir, terraformChecksumsName());
const manifestPath = path.join(terraformReleaseDir, terraformManifestName());
/** OpenTofu's default registry host: where a source `docs-platform/docsplatform` lives, and so its folder in a mirror. */
const REGISTRY_HOST = "registry.opentofu.org";
const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

interface ZipEntry {
  name: string;
  /** The Unix mode in the external attributes' high half. */
  mode: number;
  /** The system the entry was made on (the "version made by"'s high byte): 3 is Unix. */
  madeBy: number;
  method: number;
  size: number;
  /** Where the entry's local header starts. */
  localOffset: number;
  compressedSize: number;
}

/** The contents of a deflated entry (its local header: 30 bytes, the name, the extra field). */
function inflatedEntry(file: string, entry: ZipEntry): Buffer {
  const bytes = fs.readFileSync(file);
  const start = entry.localOffset + 30 + bytes.readUInt16LE(entry.localOffset + 26) + bytes.readUInt16LE(entry.localOffset + 28);
  return zlib.inflateRawSync(bytes.subarray(start, start + entry.compressedSize));
}

/** A zip's entries, from its central directory (the end record is the file's last 22 bytes: no comment). */
function zipEntries(file: string): ZipEntry[] {
  const bytes = fs.readFileSync(file);
  const end = bytes.length - 22;
  expect(bytes.readUInt32LE(end)).toBe(0x06054b50);
  const count = bytes.readUInt16LE(end + 10);
  const entries: ZipEntry[] = [];
  let offset = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(offset)).toBe(0x02014b50);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    entries.push({
      name: bytes.toString("utf8", offset + 46, offset + 46 + nameLength),
      mode: bytes.readUInt32LE(offset + 38) >>> 16,
      madeBy: bytes.readUInt8(offset + 5),
      method: bytes.readUInt16LE(offset + 10),
      size: bytes.readUInt32LE(offset + 24),
      compressedSize: bytes.readUInt32LE(offset + 20),
      localOffset: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

let tofu: string;
let emulator: Emulator;
let work: string;

beforeAll(async () => {
  tofu = await ensureTofu();
  await ensureRelease(() => [archivePath, checksumsPath, manifestPath].every((file) => fs.existsSync(file)), ["--platform", "linux-amd64", "--terraform-only"]);
  work = path.join(workRoot, "terraform-release", `${process.pid}`);
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  emulator = await startEmulator({ db: ":memory:" });
}, minutes(20));
afterAll(async () => {
  await emulator?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("the Terraform release's files", () => {
  it("are named as the registry names them, and the zip holds the executable alone, mode 0755", () => {
    expect(path.basename(archivePath)).toBe(`terraform-provider-docsplatform_${VERSION}_linux_amd64.zip`);
    expect(PLATFORMS.map((platform) => terraformArchiveName(platform, "1.2.3"))).toEqual([
      "terraform-provider-docsplatform_1.2.3_linux_amd64.zip",
      "terraform-provider-docsplatform_1.2.3_linux_arm64.zip",
      "terraform-provider-docsplatform_1.2.3_darwin_amd64.zip",
      "terraform-provider-docsplatform_1.2.3_darwin_arm64.zip",
      "terraform-provider-docsplatform_1.2.3_windows_amd64.zip",
      "terraform-provider-docsplatform_1.2.3_windows_arm64.zip",
    ]);
    expect(terraformExecutableName({ os: "windows", arch: "amd64" }, "1.2.3")).toBe("terraform-provider-docsplatform_v1.2.3.exe");
    const entries = zipEntries(archivePath);
    expect(entries.map((entry) => entry.name)).toEqual([`terraform-provider-docsplatform_v${VERSION}`]);
    const [entry] = entries;
    expect({ madeBy: entry.madeBy, mode: entry.mode.toString(8), method: entry.method }).toEqual({ madeBy: 3, mode: "100755", method: 8 });
    // A Node.js binary with the bundle inside: nothing missing, nothing extra.
    expect(entry.size).toBeGreaterThan(90 * 2 ** 20);
    expect(entry.size).toBeLessThan(160 * 2 ** 20);
  });

  it("ships nothing of the build machine: no path of this checkout, no test token", { timeout: minutes(2) }, () => {
    const executable = inflatedEntry(archivePath, zipEntries(archivePath)[0]);
    for (const needle of [repositoryRoot.replace(/\/$/, ""), "tok-acme-admin", "tok-globex-admin"]) expect(executable.includes(needle), needle).toBe(false);
  });

  it("carries the door's runtime dependencies in its bundle, which the npm package does not declare", () => {
    const inputs = Object.keys((JSON.parse(fs.readFileSync(terraformBundlePath.replace(/\.cjs$/, ".meta.json"), "utf8")) as { inputs: object }).inputs);
    const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, "provider", "package.json"), "utf8")) as { dependencies: Record<string, string> };
    for (const dependency of ["@grpc/grpc-js", "@msgpack/msgpack", "@peculiar/x509", "protobufjs", "reflect-metadata"]) {
      expect(
        inputs.some((input) => input.includes(`node_modules/${dependency}/`)),
        dependency,
      ).toBe(true);
      expect(manifest.dependencies[dependency], dependency).toBeUndefined();
    }
  });

  it("has a SHA256SUMS file of every zip of the version and the manifest, and the registry manifest", () => {
    const lines = fs.readFileSync(checksumsPath, "utf8").trimEnd().split("\n");
    const summed = fs
      .readdirSync(terraformReleaseDir)
      .filter((file) => (file.startsWith(`terraform-provider-docsplatform_${VERSION}_`) && file.endsWith(".zip")) || file === terraformManifestName())
      .sort();
    expect(summed).toContain(path.basename(archivePath));
    expect(summed).toContain(terraformManifestName());
    expect(lines).toEqual(summed.map((file) => `${sha256(path.join(terraformReleaseDir, file))}  ${file}`));
    expect(JSON.parse(fs.readFileSync(manifestPath, "utf8"))).toEqual({ version: 1, metadata: { protocol_versions: ["6.0"] } });
  });
});

describe("OpenTofu installs the release from a filesystem mirror, with no Node.js on the PATH", () => {
  it("init, apply a Team, plan with no change (exit 0), destroy", { timeout: minutes(15) }, async () => {
    const mirror = path.join(work, "mirror");
    const providerDir = path.join(mirror, REGISTRY_HOST, "docs-platform", TERRAFORM_TYPE);
    fs.mkdirSync(providerDir, { recursive: true });
    fs.copyFileSync(archivePath, path.join(providerDir, path.basename(archivePath)));
    const cliConfig = path.join(work, "tofu.rc");
    // The mirror only: without a `direct {}`, nothing may come from a registry.
    fs.writeFileSync(
      cliConfig,
      ["provider_installation {", "  filesystem_mirror {", `    path    = ${JSON.stringify(mirror)}`, '    include = ["docs-platform/docsplatform"]', "  }", "}", ""].join("\n"),
    );
    const pluginCache = path.join(work, "plugin-cache");
    const emptyBin = path.join(work, "bin");
    const home = path.join(work, "home");
    for (const dir of [pluginCache, emptyBin, home]) fs.mkdirSync(dir, { recursive: true });

    const organization = emulator.fixture.organizations[0];
    const project = path.join(work, "project");
    fs.mkdirSync(project);
    const title = "Released provider's team";
    fs.writeFileSync(
      path.join(project, "main.tf"),
      [
        providerHeader({ version: VERSION, settings: { api_url: emulator.url, organization_id: organization.id } }),
        'resource "docsplatform_team" "core" {',
        `  title = ${JSON.stringify(title)}`,
        "}",
        "",
      ].join("\n"),
    );
    // Only what a user's shell would hold: no variable of this test's Node.js (NODE_OPTIONS,
    // vitest's) reaches tofu or the provider, and the PATH is one empty folder.
    const env: NodeJS.ProcessEnv = {
      HOME: home,
      PATH: pathWithoutNode(emptyBin),
      TF_CLI_CONFIG_FILE: cliConfig,
      TF_PLUGIN_CACHE_DIR: pluginCache,
      TF_DATA_DIR: path.join(work, "data"),
      CHECKPOINT_DISABLE: "1",
      TF_IN_AUTOMATION: "1",
      DOCS_PLATFORM_TOKEN: organization.admin.token,
      DOCS_PLATFORM_JOURNAL_DIR: path.join(work, "journal"),
      TF_LOG: "debug",
      TF_LOG_PATH: path.join(work, "tofu.log"),
    };
    const tofuRun = (...args: string[]): Promise<RunResult> => run(tofu, [...args, "-input=false", "-no-color"], { cwd: project, env, timeoutMs: minutes(4) });
    const show = (result: RunResult) => `exit ${result.code}\n${result.stdout}\n${result.stderr}`;
    const teamTitles = async () => {
      const response = await fetch(`${emulator.url}/orgs/${organization.id}/teams`, { headers: { authorization: `Bearer ${organization.admin.token}` } });
      return ((await response.json()) as { items: { title: string }[] }).items.map((team) => team.title);
    };

    const init = await tofuRun("init");
    expect(init.code, show(init)).toBe(0);
    expect(init.stdout).toContain(`Installed docs-platform/docsplatform v${VERSION}`);
    // Unpacked into the empty plugin cache, the executable under its release name.
    const installed = path.join(pluginCache, REGISTRY_HOST, "docs-platform", TERRAFORM_TYPE, VERSION, "linux_amd64", `terraform-provider-docsplatform_v${VERSION}`);
    expect(fs.statSync(installed).mode & 0o777).toBe(0o755);
    // The lock file records the package's `h1:` hash (Go's dirhash Hash1 of the zip's files: the
    // sha256 and name of each, one line each, hashed), and no `zh:`: a filesystem mirror, unlike
    // a registry, gives OpenTofu no SHA256SUMS to take the zip's sum from.
    const lock = fs.readFileSync(path.join(project, ".terraform.lock.hcl"), "utf8");
    const h1 = createHash("sha256")
      .update(`${sha256(installed)}  ${path.basename(installed)}\n`)
      .digest("base64");
    expect(lock).toContain(`"h1:${h1}"`);
    expect(lock).not.toContain("zh:");

    const applied = await tofuRun("apply", "-auto-approve");
    expect(applied.code, show(applied)).toBe(0);
    expect(applied.stdout).toContain("1 added, 0 changed, 0 destroyed");
    expect(await teamTitles()).toContain(title);

    const planned = await tofuRun("plan", "-detailed-exitcode");
    expect(planned.code, show(planned)).toBe(0);
    expect(planned.stdout).toContain("No changes");

    const destroyed = await tofuRun("destroy", "-auto-approve");
    expect(destroyed.code, show(destroyed)).toBe(0);
    expect(destroyed.stdout).toContain("1 destroyed");
    expect(await teamTitles()).not.toContain(title);
  });

  it("init from the unpacked layout: <host>/docs-platform/docsplatform/<version>/<os>_<arch>/", { timeout: minutes(5) }, async () => {
    const mirror = path.join(work, "unpacked-mirror");
    const platformDir = path.join(mirror, REGISTRY_HOST, "docs-platform", TERRAFORM_TYPE, VERSION, "linux_amd64");
    fs.mkdirSync(platformDir, { recursive: true });
    const [entry] = zipEntries(archivePath);
    fs.writeFileSync(path.join(platformDir, entry.name), inflatedEntry(archivePath, entry), { mode: 0o755 });
    const cliConfig = path.join(work, "unpacked.rc");
    fs.writeFileSync(
      cliConfig,
      ["provider_installation {", "  filesystem_mirror {", `    path    = ${JSON.stringify(mirror)}`, '    include = ["docs-platform/docsplatform"]', "  }", "}", ""].join("\n"),
    );
    const project = path.join(work, "unpacked-project");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "main.tf"), providerHeader({ version: VERSION, provider: false }));
    const home = path.join(work, "unpacked-home");
    const emptyBin = path.join(work, "unpacked-bin");
    for (const dir of [home, emptyBin]) fs.mkdirSync(dir, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      HOME: home,
      PATH: pathWithoutNode(emptyBin),
      TF_CLI_CONFIG_FILE: cliConfig,
      TF_DATA_DIR: path.join(work, "unpacked-data"),
      CHECKPOINT_DISABLE: "1",
      TF_IN_AUTOMATION: "1",
    };
    const init = await run(tofu, ["init", "-input=false", "-no-color"], { cwd: project, env, timeoutMs: minutes(4) });
    expect(init.code, `exit ${init.code}\n${init.stdout}\n${init.stderr}`).toBe(0);
    expect(init.stdout).toContain(`Installed docs-platform/docsplatform v${VERSION}`);
    // The same package, whichever the layout: the lock's h1: is the zip's.
    const h1 = createHash("sha256")
      .update(`${createHash("sha256").update(inflatedEntry(archivePath, entry)).digest("hex")}  ${entry.name}\n`)
      .digest("base64");
    expect(fs.readFileSync(path.join(project, ".terraform.lock.hcl"), "utf8")).toContain(`"h1:${h1}"`);
  });
});

/** A process's state letter from /proc, or undefined once it is gone. */
function processState(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
  } catch {
    return undefined;
  }
}
/** Gone, or a zombie its new parent has not reaped yet: it runs no more. */
const ended = (pid: number) => ["Z", "X", undefined].includes(processState(pid));

describe(`with ${NODE_OPTIONS_ENV} set, a killed client leaves no process of the provider`, () => {
  it("kill -9 of the client (a stand-in for tofu): the relaunching process and the serving child leave within 10 s", { timeout: minutes(3) }, async () => {
    const executable = path.join(work, "orphans", `terraform-provider-docsplatform_v${VERSION}`);
    fs.mkdirSync(path.dirname(executable), { recursive: true });
    fs.writeFileSync(executable, inflatedEntry(archivePath, zipEntries(archivePath)[0]), { mode: 0o755 });
    // The client as tofu starts a provider: the handshake's environment, the provider's stdout read
    // for the handshake line. It prints the provider's pid, then passes the provider's stdout on.
    const client = spawn(
      process.execPath,
      [
        "-e",
        `const provider = require("node:child_process").spawn(process.argv[1], [], { stdio: ["ignore", "pipe", "inherit"] });
         process.stdout.write("provider " + provider.pid + "\\n");
         provider.stdout.pipe(process.stdout);`,
        executable,
      ],
      {
        env: {
          PATH: pathWithoutNode("/nonexistent"),
          HOME: work,
          [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
          PLUGIN_PROTOCOL_VERSIONS: "6",
          TF_DISABLE_PLUGIN_TLS: "1",
          [NODE_OPTIONS_ENV]: "--max-old-space-size=192",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const survivors: number[] = [];
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let out = "";
        let err = "";
        const timer = setTimeout(() => reject(new Error(`no handshake line in 60 s: ${out}${err}`)), 60_000);
        client.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          out += chunk;
          if (/^1\|6\|tcp\|127\.0\.0\.1:\d+\|grpc/m.test(out)) {
            clearTimeout(timer);
            resolve(out);
          }
        });
        client.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
        client.on("exit", (code) => reject(new Error(`the client exited with ${code}: ${out}${err}`)));
      });
      const relauncher = Number(/^provider (\d+)$/m.exec(output)![1]);
      // The executable started itself again with the options: the child serves, the first process waits.
      const children = fs.readFileSync(`/proc/${relauncher}/task/${relauncher}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
      expect(children).toHaveLength(1);
      const server = children[0];
      survivors.push(relauncher, server);
      expect(fs.readFileSync(`/proc/${server}/cmdline`, "utf8")).toContain("--node-options=--max-old-space-size=192");

      client.removeAllListeners("exit");
      client.kill("SIGKILL");
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && !(ended(relauncher) && ended(server))) await new Promise((resolve) => setTimeout(resolve, 200));
      expect({ relauncher: ended(relauncher), server: ended(server) }).toEqual({ relauncher: true, server: true });
    } finally {
      client.kill("SIGKILL");
      for (const pid of survivors.filter((candidate) => !ended(candidate))) process.kill(pid, "SIGKILL");
    }
  });
});
