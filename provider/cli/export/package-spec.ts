/**
 * What the exported package.json asks npm for as `pulumi-docs-platform` when `--package-spec` is
 * not given: the package export runs from. `^<version>` only installs once that version is
 * published; before then (a checkout, a tarball, a git URL) the program's directory must install
 * the same package export was run from, so it is named:
 *
 * - running from a checkout (not inside a node_modules folder): `file:` with the package's folder,
 *   relative to the program's directory;
 * - installed in a project (`<project>/node_modules/pulumi-docs-platform`, npx's cache included):
 *   what that project's package.json asked for, when it is a path, a tarball or a git URL (a path
 *   made relative to the program's directory); a version range is the published package's;
 * - the release executable: `^<version>`, with a note saying what to pass before publication.
 *
 * Each choice comes with the sentence export prints on stderr, so the user knows what
 * `npm install` will fetch and how to change it.
 */
import fs from "node:fs";
import path from "node:path";
import { EMBEDDED } from "../../embedded";
import { PACKAGE_NAME, PACKAGE_VERSION } from "../../client/version";

/** This package's own version as a caret range: what a published install asks for. */
export const PUBLISHED_SPEC = `^${PACKAGE_VERSION}`;

export interface PackageSpecChoice {
  spec: string;
  /** Why, for stderr. */
  reason: string;
}

/** The folder holding this package's package.json, climbing from `from`; undefined when there is none. */
export function packageDirOf(from: string): string | undefined {
  let directory = from;
  for (let depth = 0; depth < 5; depth++) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(directory, "package.json"), "utf8")) as { name?: unknown };
      if (manifest.name === PACKAGE_NAME) return directory;
    } catch {
      // No package.json here: keep climbing.
    }
    const parent = path.dirname(directory);
    if (parent === directory) break;
    directory = parent;
  }
  return undefined;
}

/** A path as npm's `file:` spec from `outDir`: relative, with forward slashes. */
function fileSpec(target: string, outDir: string): string {
  const relative = path.relative(path.resolve(outDir), target).split(path.sep).join("/");
  return `file:${relative === "" ? "." : relative.startsWith(".") ? relative : `./${relative}`}`;
}

/** A spec of the project's package.json that names something other than a published version. */
function localSpec(raw: string, projectDir: string, outDir: string): string | undefined {
  if (/^(git\+|git:|github:|gitlab:|bitbucket:|https?:)/.test(raw)) return raw;
  const pathLike = raw.startsWith("file:") ? raw.slice("file:".length) : /^(\.{1,2}\/|\/|~\/)|\.(tgz|tar\.gz|tar)$/.test(raw) ? raw : undefined;
  if (pathLike === undefined) return undefined;
  return fileSpec(path.resolve(projectDir, pathLike), outDir);
}

/**
 * The package spec for a program written to `outDir`, from where this package runs (`packageDir`,
 * default: found from this file).
 */
export function defaultPackageSpec(outDir: string, options: { packageDir?: string; bundled?: boolean } = {}): PackageSpecChoice {
  const beforePublication = `before ${PACKAGE_NAME} ${PACKAGE_VERSION} is published, pass --package-spec with the package's folder or its tarball (npm pack)`;
  if (options.bundled ?? EMBEDDED.bundled) return { spec: PUBLISHED_SPEC, reason: `this package's version, which npm installs once published; ${beforePublication}` };
  const packageDir = options.packageDir ?? packageDirOf(__dirname);
  if (packageDir === undefined) return { spec: PUBLISHED_SPEC, reason: `this package's version (its folder was not found); ${beforePublication}` };
  const segments = path.resolve(packageDir).split(path.sep);
  const at = segments.lastIndexOf("node_modules");
  if (at === -1) {
    const spec = fileSpec(path.resolve(packageDir), outDir);
    if (/[\s"]/.test(spec)) return { spec: PUBLISHED_SPEC, reason: `this package's version (its folder's path holds a space or a quote); ${beforePublication}` };
    return { spec, reason: `the package export ran from, the checkout at ${packageDir} (not an installed copy); pass --package-spec ${PUBLISHED_SPEC} for the published package` };
  }
  const projectDir = segments.slice(0, at).join(path.sep) || path.sep;
  let raw: string | undefined;
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(projectDir, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    raw = manifest.dependencies?.[PACKAGE_NAME] ?? manifest.devDependencies?.[PACKAGE_NAME];
  } catch {
    // No project manifest (a global install): the installed version is the published one.
  }
  const local = raw === undefined ? undefined : localSpec(raw, projectDir, outDir);
  if (local !== undefined && !/[\s"]/.test(local)) return { spec: local, reason: `what ${path.join(projectDir, "package.json")} installed it from (${raw})` };
  if (raw !== undefined && local === undefined)
    return { spec: PUBLISHED_SPEC, reason: `this package's version, published (${path.join(projectDir, "package.json")} installed ${raw})` };
  return { spec: PUBLISHED_SPEC, reason: `this package's version; ${beforePublication}` };
}
