/**
 * The package's own name and version, for the User-Agent. Read from provider/package.json at run
 * time rather than copied into the source, so a release cannot ship a stale version string. The
 * file sits one directory up from the sources and two up from the compiled `dist/client/`.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { EMBEDDED } from "../embedded";

export const PACKAGE_NAME = "pulumi-docs-platform";

function findVersion(): string {
  // The release executable has no package.json beside it: its version is embedded.
  if (EMBEDDED.version) return EMBEDDED.version;
  let directory = __dirname;
  for (let depth = 0; depth < 4; depth++) {
    try {
      const manifest = JSON.parse(readFileSync(join(directory, "package.json"), "utf8")) as {
        name?: unknown;
        version?: unknown;
      };
      if (manifest.name === PACKAGE_NAME && typeof manifest.version === "string") {
        return manifest.version;
      }
    } catch {
      // No package.json at this level: keep climbing.
    }
    directory = dirname(directory);
  }
  // Only reachable if the package was repackaged without its manifest; the UA stays truthful.
  return "unknown";
}

export const PACKAGE_VERSION: string = findVersion();

export const DEFAULT_USER_AGENT = `${PACKAGE_NAME}/${PACKAGE_VERSION}`;
