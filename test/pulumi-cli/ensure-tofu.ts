// Makes OpenTofu available for the Terraform door's tests (provider/terraform/, DESIGN.md
// section 13), at exactly `tofuVersion`: a `tofu` on PATH of that version, else a build cached
// outside the repository, else a build from the Go module proxy (about 16 minutes on two cores),
// cached for next time (go-module-cli.ts). OpenTofu publishes no npm or PyPI package that works
// here (theirs download binaries), but its module is on the Go module proxy.
//
// Run as a script (`node test/pulumi-cli/ensure-tofu.ts`) it prints the binary's path.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cachedCliDir, ensureGoModuleCli, type GoModuleCli } from "./go-module-cli.ts";

/** The OpenTofu release the door is tested with (DESIGN.md section 13). */
export const tofuVersion = "1.12.6";

const opentofu = (version: string): GoModuleCli => ({
  product: "OpenTofu",
  command: "tofu",
  version,
  module: "github.com/opentofu/opentofu",
  mainPackage: "./cmd/tofu",
  // -s -w: no symbol tables (smaller, faster link); version.dev=no: a release's version ("1.12.6",
  // not "1.12.6-dev"), as OpenTofu's own release build (.goreleaser.yaml) sets it.
  ldflags: "-s -w -X github.com/opentofu/opentofu/version.dev=no",
  versionLine: /^OpenTofu v(\S+)/m,
});

/** Directory of the cached build: `<cache root>/tofu-v<version>`, its binary in bin/. */
export function cachedTofuDir(version: string = tofuVersion): string {
  return cachedCliDir(opentofu(version));
}

/** The absolute path of a `tofu` of `tofuVersion`, building it once if needed. */
export function ensureTofu(log?: (line: string) => void): Promise<string> {
  return ensureGoModuleCli(opentofu(tofuVersion), log);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${await ensureTofu()}\n`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
