/**
 * A provider executable with a small handler of the test's own (no kinds): its provider schema
 * has `api_url`, it has no resources and one data source, `docsplatform_echo`, whose state is its
 * configuration sent back byte for byte (`text` in, `text` out); it records what it was asked in
 * the file named by ECHO_PROVIDER_LOG (one JSON line per RPC, DynamicValue bytes in base64), so a
 * test sees that a request crossed the transport. It proves the wire without the door.
 */
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { startPlugin } = require("../../../provider/dist/terraform/main.js") as typeof import("../../../provider/terraform/main.ts");
type Handler = import("../../../provider/terraform/protocol.ts").ProviderHandler;

const logFile = process.env.ECHO_PROVIDER_LOG;

function record(rpc: string, request: unknown = {}): void {
  if (!logFile) return;
  // Bytes arrive as Buffers, whose toJSON runs before a replacer sees them: {type: "Buffer", data}.
  const json = JSON.stringify({ rpc, request }, (_key, value: unknown) => {
    const buffer = value as { type?: unknown; data?: unknown } | null;
    return buffer && typeof buffer === "object" && buffer.type === "Buffer" && Array.isArray(buffer.data) ? Buffer.from(buffer.data as number[]).toString("base64") : value;
  });
  fs.appendFileSync(logFile, `${json}\n`);
}

const stringType = new TextEncoder().encode(JSON.stringify("string"));

const handler: Handler = {
  getMetadata: () => (record("GetMetadata"), { serverCapabilities: { getProviderSchemaOptional: true }, resources: [], dataSources: [{ typeName: "docsplatform_echo" }] }),
  getProviderSchema: () => {
    record("GetProviderSchema");
    return {
      provider: { version: 0, block: { attributes: [{ name: "api_url", type: stringType, optional: true, description: "The API's base URL." }], description: "echo" } },
      resourceSchemas: {},
      dataSourceSchemas: { docsplatform_echo: { version: 0, block: { attributes: [{ name: "text", type: stringType, required: true, description: "Sent back." }] } } },
      serverCapabilities: { getProviderSchemaOptional: true },
    };
  },
  validateProviderConfig: (request) => (record("ValidateProviderConfig", request), {}),
  configureProvider: (request) => (record("ConfigureProvider", request), {}),
  validateResourceConfig: (request) => (record("ValidateResourceConfig", request), {}),
  validateDataResourceConfig: (request) => (record("ValidateDataResourceConfig", request), {}),
  upgradeResourceState: (request) => (record("UpgradeResourceState", request), {}),
  readResource: (request) => (record("ReadResource", request), {}),
  planResourceChange: (request) => (record("PlanResourceChange", request), {}),
  applyResourceChange: (request) => (record("ApplyResourceChange", request), {}),
  importResourceState: (request) => (record("ImportResourceState", request), {}),
  // The configuration's msgpack is already the state's: an object of the same type.
  readDataSource: (request) => (record("ReadDataSource", request), { state: { msgpack: request.config!.msgpack! } }),
  stopProvider: () => (record("StopProvider"), {}),
};

await startPlugin(() => handler, { onShutdown: () => (record("Shutdown"), process.exit(0)) });
