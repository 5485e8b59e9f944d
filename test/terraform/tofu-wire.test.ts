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
import { providerHeader, scratch } from "./support/tofu.ts";
import { tofuProject } from "./support/tofu-project.ts";

const echoEntry = new URL("./support/echo-provider.ts", import.meta.url).pathname;

let work: Awaited<ReturnType<typeof scratch>>;
let tofu: string;

beforeAll(async () => {
  tofu = await ensureTofu();
  work = await scratch("terraform-tofu-wire");
}, 30 * 60_000);
afterAll(() => work?.remove());

describe("OpenTofu and the provider's transport", () => {
  it("plans a configuration with only the provider's block, through TLS", async () => {
    const log = path.join(work.dir, "echo.log");
    // No emulator: the echo handler answers; TF_LOG=debug (tofuProject) has go-plugin log the
    // handshake's steps (and the mTLS), so a failure says which.
    const project = await tofuProject(tofu, work.dir, "project", undefined, { providerEntry: echoEntry, env: { ECHO_PROVIDER_LOG: log } });
    const apiUrl = "http://127.0.0.1:9/echo-api";
    await project.write(
      "main.tf",
      [
        providerHeader({ settings: { api_url: apiUrl } }),
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
    const result = await project.tofu("plan");
    const detail = `${result.stdout}\n${result.stderr}`;
    expect(result.code, detail).toBe(0);
    // The data source's state came back over the wire and OpenTofu decoded it.
    expect(result.stdout).toMatch(/\+ echo = "through the wire"/);
    // Reached through dev_overrides (OpenTofu warns about them), over AutoMTLS.
    expect(detail).toContain("Provider development overrides are in effect");
    const tofuLog = await fs.readFile(path.join(project.dir, "tofu.log"), "utf8");
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
