/**
 * The release is reproducible (issue 43): two builds from one checkout give the same bytes, so
 * anyone can rebuild a version and compare its sums with the published SHA256SUMS and checksums.
 *
 * linux-amd64 is the platform that was not: its blob was the only one with V8's code cache (the
 * cache is valid only where it is made, this machine's platform), and two code caches of one bundle
 * differ. sea.mts makes no code cache now; the linux-amd64 blob is a V8 start snapshot instead,
 * made with fixed seeds, `--predictable` and the bundle at a path of its content's digest (sea.mts).
 * Built twice here into two folders of their own, step by
 * step, so that a difference names the step: the Terraform door's bundle, blob, executable and zip,
 * and the plugin's bundle and blob (its executable and archive are made by the same functions
 * from the blob as the Terraform door's, and its tar.gz is fixed in order, owner and time).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";
import { writeTerraformArchive } from "../../provider/scripts/release/archives.mts";
import { bundlePlugin, bundleTerraformProvider } from "../../provider/scripts/release/bundle.mts";
import { terraformExecutableName } from "../../provider/scripts/release/release-info.mts";
import { blobFor, buildExecutable } from "../../provider/scripts/release/sea.mts";
import { linuxAmd64 } from "./released-plugin.ts";

const minutes = (n: number) => n * 60_000;
const work = path.join(workRoot, "reproducible", `${process.pid}`);
const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

afterAll(async () => {
  await fs.promises.rm(work, { recursive: true, force: true });
}, minutes(2));

/** The Terraform door's linux_amd64 release built into `dir`: each step's file. */
async function terraformBuild(dir: string): Promise<Record<string, string>> {
  const bundle = (await bundleTerraformProvider(path.join(dir, "terraform-provider.cjs"))).path;
  const blob = blobFor(bundle, linuxAmd64);
  const executable = (await buildExecutable(bundle, linuxAmd64, dir, terraformExecutableName(linuxAmd64)))!;
  const zip = writeTerraformArchive(linuxAmd64, executable, dir);
  return { bundle, blob, executable, zip };
}

describe("two builds of one checkout", () => {
  it("give the Terraform door's linux_amd64 bundle, blob, executable and zip byte for byte", { timeout: minutes(10) }, async () => {
    const first = await terraformBuild(path.join(work, "terraform-1"));
    const second = await terraformBuild(path.join(work, "terraform-2"));
    const sums = (build: Record<string, string>) => Object.fromEntries(Object.entries(build).map(([step, file]) => [step, sha256(file)]));
    expect(sums(second)).toEqual(sums(first));
  });

  it("give the plugin's bundle and linux-amd64 blob byte for byte", { timeout: minutes(5) }, async () => {
    const sums: Record<string, string>[] = [];
    for (const dir of ["plugin-1", "plugin-2"]) {
      const bundle = (await bundlePlugin(path.join(work, dir, "plugin.cjs"))).path;
      sums.push({ bundle: sha256(bundle), blob: sha256(blobFor(bundle, linuxAmd64)) });
    }
    expect(sums[1]).toEqual(sums[0]);
  });
});
