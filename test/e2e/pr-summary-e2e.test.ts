/**
 * The pull-request summary on a preview made now by the real CLI (not a stored fixture): a
 * membership change and a replace, piped into `pulumi-docs-platform pr-summary` as CI does.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { capturePreview } from "../cli/previews.ts";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

function prSummary(stdin: string, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["provider/bin/pulumi-docs-platform.js", "pr-summary", ...args], { cwd: repositoryRoot });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe("pr-summary of a fresh preview through the real CLI", () => {
  it("shows a membership change as members added and removed", { timeout: 180_000 }, async () => {
    const result = await prSummary(await capturePreview("members"), ["--exit-code"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split("\n")[0]).toBe("<!-- pulumi-docs-platform:pr-summary stack=dev -->");
    expect(result.stdout).toContain("**1 to update**");
    expect(result.stdout).toContain("`members`: added `usr-acme-reader`; removed `usr-acme-admin`");
  });

  it("puts a replace in a warning naming the property that forces it", { timeout: 180_000 }, async () => {
    const result = await prSummary(await capturePreview("replace"));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/> \[!CAUTION\][\s\S]*\*\*Replace\*\* OpenApiSpec `petstore-v2` \(`petstore`\): its `slug` changed/);
    expect(result.stdout).not.toContain("tok-acme-admin");
  });
});
