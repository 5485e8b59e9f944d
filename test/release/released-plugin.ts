// The release for the tests: what `npm run release` wrote into release/, or, where a test's part
// is missing for this version, that part built now (provider/scripts/release/release.mts with the
// test's arguments). Test files run in parallel: one builds at a time (a lock folder), and each
// looks again once it holds the lock.
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";
import { VERSION, archiveName, cacheDir, checksumsName, providerRoot, releaseDir, repositoryRoot } from "../../provider/scripts/release/release-info.mts";

const run = promisify(execFile);
export const linuxAmd64 = { os: "linux", arch: "amd64" } as const;
export const archivePath = path.join(releaseDir, archiveName(linuxAmd64));
export const checksumsPath = path.join(releaseDir, checksumsName());

/**
 * Maven's JVM for the tests' short runs: the first compiler only and the serial collector. Each
 * command of a Java program is a Maven run (pulumi-language-java runs `mvn compile exec:java`), and
 * these options took the Java rehearsal from 45.0 s of CPU to about 32 s (three runs each), with
 * nothing else changed: the JVM's second compiler and parallel collector cost more than they
 * save in runs of a few seconds.
 */
export const mavenEnvironment = { MAVEN_OPTS: "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC" };

/**
 * Go builds without the folder's path in what they compile (`-trimpath`), so that Go's build cache
 * (~/.cache/go-build, the machine's) serves the release's Go SDK again in a new checkout: without
 * it, the cache keys hold the SDK's folder and every clean clone compiled the generated package
 * anew (18.5 s of CPU; 3.2 s from the cache, measured by hand on two copies of the module).
 */
export const goEnvironment = { GOFLAGS: "-trimpath" };

/**
 * The temporary folder (TMPDIR) of one rehearsal stack's processes, under test/.work, which the
 * next run's global setup empties: the CLI leaves each plugin archive it downloads in its temporary
 * folder (`pulumi-plugin-tar<n>`, 45 MB here), and under the system's /tmp those outlived every run.
 */
export function rehearsalTmpdir(name: string): { TMPDIR: string } {
  const dir = path.join(workRoot, "tmp", `${name}-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  return { TMPDIR: dir };
}

const lockDir = path.join(cacheDir, "test-build.lock");
/** A lock older than a build can take was left by a killed run. */
const staleLockMs = 20 * 60_000;

async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(cacheDir, { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > staleLockMs) fs.rmSync(lockDir, { recursive: true, force: true });
      else await sleep(1000);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Runs the release script with `args` unless `built()` already holds. `args` may be a function,
 * asked once the lock is held, so that it names only what another file has not built meanwhile.
 */
export async function ensureRelease(built: () => boolean, args: readonly string[] | (() => readonly string[])): Promise<void> {
  if (built()) return;
  await withBuildLock(async () => {
    if (built()) return;
    const scriptArgs = typeof args === "function" ? args() : args;
    await run(process.execPath, [path.join(repositoryRoot, "provider", "scripts", "release", "release.mts"), ...scriptArgs], {
      cwd: repositoryRoot,
      env: { ...process.env, ...mavenEnvironment },
      maxBuffer: 1 << 26,
    });
  });
}

/** The release's SDK packages (release/sdk/<language>), built once for the whole run when absent. */
export const sdkDir = path.join(releaseDir, "sdk");
export const sdkLanguages = ["nodejs", "python", "go", "java"] as const;

export async function ensureReleasedSdks(): Promise<string> {
  await ensureRelease(() => sdkLanguages.every((language) => fs.existsSync(path.join(sdkDir, language))), ["--no-plugin", "--no-terraform"]);
  return sdkDir;
}

/**
 * The release's Java jar and pom installed into the local Maven repository (`mvn
 * install:install-file`, what a user does with an artifact that is in no remote repository),
 * once for the run and under the build lock: two files installing into the one ~/.m2 at once
 * could each read the other's half-written jar.
 */
export async function installReleasedJar(): Promise<void> {
  const javaDir = path.join(await ensureReleasedSdks(), "java");
  const installed = path.join(workRoot, "release-jar-installed");
  await withBuildLock(async () => {
    if (fs.existsSync(installed)) return;
    await run("mvn", ["-q", "-B", "install:install-file", `-Dfile=${onlyFile(javaDir, ".jar")}`, `-DpomFile=${onlyFile(javaDir, ".pom")}`], {
      env: { ...process.env, ...mavenEnvironment },
      maxBuffer: 1 << 26,
    });
    fs.mkdirSync(workRoot, { recursive: true });
    fs.writeFileSync(installed, "");
  });
}

/** The one file of `dir` whose name ends in `suffix`. */
export function onlyFile(dir: string, suffix: string): string {
  const files = fs.readdirSync(dir).filter((file) => file.endsWith(suffix));
  if (files.length !== 1) throw new Error(`${dir} holds ${files.length} *${suffix} files, not one`);
  return path.join(dir, files[0]);
}

export async function ensureReleasedArchive(): Promise<string> {
  await ensureRelease(() => fs.existsSync(archivePath) && fs.existsSync(checksumsPath), ["--platform", "linux-amd64", "--no-sdks", "--no-terraform"]);
  return archivePath;
}

/** The archive unpacked into a fresh folder of its own, named as Pulumi names a plugin's folder; returns the folder. */
export async function unpackedPlugin(): Promise<string> {
  const archive = await ensureReleasedArchive();
  const dir = path.join(workRoot, "release", `${process.pid}-${Date.now()}`, "docs-platform");
  fs.mkdirSync(dir, { recursive: true });
  await run("tar", ["-xzf", archive, "-C", dir]);
  return dir;
}

/** The folders of a PATH, checked to hold no `node`: the plugin cannot fall back on one. */
export function pathWithoutNode(...dirs: string[]): string {
  for (const dir of dirs) {
    if (fs.existsSync(path.join(dir, "node"))) throw new Error(`${dir} holds a node`);
  }
  return dirs.join(path.delimiter);
}

const schema = JSON.parse(fs.readFileSync(path.join(providerRoot, "docs-platform", "schema.json"), "utf8")) as { pluginDownloadURL: string };
/** The schema's pluginDownloadURL, `${VERSION}` and all: what every SDK carries as `server`. */
export const pluginDownloadUrl = schema.pluginDownloadURL;
/** The URL the CLI would download this version's plugin from. */
export const downloadUrl = pluginDownloadUrl.replace("${VERSION}", VERSION);

export interface ServedRelease {
  /** The server's root, ending in `/`. */
  url: string;
  /** The file names asked for, in order. */
  served: string[];
  /** PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES sending the release's download URL here. Pulumi 3.259
   * matches each override's regular expression against the plugin's download URL, not its name
   * (sdk/go/common/workspace/plugins.go, GetSource), and against the URL as the program gives it:
   * an SDK's `server` still holds `${VERSION}` there (a YAML program's URL holds the version), so
   * the expression is the part before the version, which matches both. */
  downloadOverride: string;
  close(): Promise<void>;
}

/** The release folder served from a loopback HTTP server as a release's assets are: GET /<file name>. */
export async function serveRelease(): Promise<ServedRelease> {
  const served: string[] = [];
  const server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? "/", "http://loopback").pathname.slice(1));
    const file = path.join(releaseDir, name);
    served.push(name);
    if (name.includes("/") || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/octet-stream", "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const releasesPrefix = schema.pluginDownloadURL.slice(0, schema.pluginDownloadURL.indexOf("${VERSION}"));
  const escaped = releasesPrefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    url,
    served,
    downloadOverride: `^${escaped}=${url}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The names of the plugins installed under a PULUMI_HOME that are this provider's. */
export function installedDocsPlatformPlugins(pulumiHome: string): string[] {
  const pluginsDir = path.join(pulumiHome, "plugins");
  return fs.existsSync(pluginsDir) ? fs.readdirSync(pluginsDir).filter((name) => name.includes("docs-platform") && !name.endsWith(".lock")) : [];
}
