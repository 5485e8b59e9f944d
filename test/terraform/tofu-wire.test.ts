/**
 * The Terraform door's transport with the real client (full tier): OpenTofu v1.12.6, built from
 * the Go module proxy and cached (test/pulumi-cli/ensure-tofu.ts), runs `tofu plan` on a
 * configuration holding only the provider's block; the provider is the launcher of the echo
 * handler (support/echo-provider.ts), reached through dev_overrides, over AutoMTLS.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { run, scratch, tofuEnv, writeCliConfig, writeLauncher } from "./support/tofu.ts";

const echoEntry = new URL("./support/echo-provider.ts", import.meta.url).pathname;

let work: Awaited<ReturnType<typeof scratch>>;
let tofu: string;
let cliConfig: string;

beforeAll(async () => {
  tofu = await ensureTofu();
  work = await scratch("terraform-tofu-wire");
  const launcherDir = await writeLauncher(path.join(work.dir, "bin"), echoEntry);
  cliConfig = await writeCliConfig(path.join(work.dir, "tofu.rc"), launcherDir);
}, 30 * 60_000);
afterAll(() => work?.remove());

describe("OpenTofu and the provider's transport", () => {
  it("plans a configuration with only the provider's block, through TLS", async () => {
    const project = path.join(work.dir, "project");
    await fs.mkdir(project);
    const apiUrl = "http://127.0.0.1:9/echo-api";
    await fs.writeFile(
      path.join(project, "main.tf"),
      [
        "terraform {",
        "  required_providers {",
        '    docsplatform = { source = "docs-platform/docsplatform" }',
        "  }",
        "}",
        "",
        'provider "docsplatform" {',
        `  api_url = ${JSON.stringify(apiUrl)}`,
        "}",
        "",
        // Without a resource or a data source OpenTofu loads the schema but configures no provider.
        'data "docsplatform_echo" "this" {',
        '  text = "through the wire"',
        "}",
        "",
        'output "echo" {',
        "  value = data.docsplatform_echo.this.text",
        "}",
        "",
      ].join("\n"),
    );
    const log = path.join(work.dir, "echo.log");
    // TF_LOG=debug: go-plugin logs the handshake's steps (and the mTLS), so a failure says which.
    const result = await run(tofu, ["plan", "-input=false", "-no-color"], {
      cwd: project,
      env: tofuEnv(cliConfig, { ECHO_PROVIDER_LOG: log, TF_LOG: "debug", TF_LOG_PATH: path.join(work.dir, "tofu.log") }),
      timeoutMs: 180_000,
    });
    const detail = `${result.stdout}\n${result.stderr}`;
    expect(result.code, detail).toBe(0);
    // The data source's state came back over the wire and OpenTofu decoded it.
    expect(result.stdout).toMatch(/\+ echo = "through the wire"/);
    // Reached through dev_overrides (OpenTofu warns about them), over AutoMTLS.
    expect(detail).toContain("Provider development overrides are in effect");
    const tofuLog = await fs.readFile(path.join(work.dir, "tofu.log"), "utf8");
    expect(tofuLog).toContain("configuring client automatic mTLS");
    const calls = (await fs.readFile(log, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { rpc: string; request: { config?: { msgpack?: string } } });
    expect(calls.map((call) => call.rpc)).toEqual(
      expect.arrayContaining(["GetProviderSchema", "ValidateProviderConfig", "ConfigureProvider", "ValidateDataResourceConfig", "ReadDataSource", "Shutdown"]),
    );
    // The configuration crossed the wire: its msgpack holds the URL's bytes.
    const configured = calls.find((call) => call.rpc === "ConfigureProvider")!;
    expect(Buffer.from(configured.request.config!.msgpack!, "base64").toString("latin1")).toContain(apiUrl);
  }, 240_000);
});
