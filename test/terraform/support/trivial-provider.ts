/**
 * The plan benchmark's trivial provider on this repository's own transport (plan-bench.ts
 * `--trivial node`): Node.js, the door's handshake and gRPC server (provider/terraform/main.ts), and
 * a handler answering from memory with one resource type of the real provider's shape, as the Go
 * one in trivial-provider/ does. What a plan costs with a Node.js provider that loads no core.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { startPlugin } =
  require("../../../provider/dist/terraform/main.js") as typeof import("../../../provider/terraform/main.ts");
type Handler = import("../../../provider/terraform/protocol.ts").ProviderHandler;

const string = new TextEncoder().encode(JSON.stringify("string"));
const team = {
  version: 0,
  block: {
    attributes: [
      { name: "id", type: string, computed: true },
      { name: "title", type: string, required: true },
      { name: "organization_id", type: string, optional: true, computed: true },
      { name: "created_at", type: string, computed: true },
    ],
  },
};
const capabilities = { getProviderSchemaOptional: true };

const handler: Handler = {
  getMetadata: () => ({
    serverCapabilities: capabilities,
    resources: [{ typeName: "docsplatform_team" }],
    dataSources: [],
  }),
  getProviderSchema: () => ({
    provider: { version: 0, block: { attributes: [{ name: "api_url", type: string, optional: true }] } },
    resourceSchemas: { docsplatform_team: team },
    dataSourceSchemas: {},
    serverCapabilities: capabilities,
  }),
  validateProviderConfig: () => ({}),
  configureProvider: () => ({}),
  validateResourceConfig: () => ({}),
  validateDataResourceConfig: () => ({}),
  upgradeResourceState: (request) => ({ upgradedState: { json: request.rawState?.json ?? new Uint8Array() } }),
  readResource: (request) => ({ newState: request.currentState ?? {} }),
  // The plan is what is proposed (computed attributes null: an apply is never run).
  planResourceChange: (request) => ({ plannedState: request.proposedNewState ?? {} }),
  applyResourceChange: (request) => ({ newState: request.plannedState ?? {} }),
  importResourceState: () => ({}),
  readDataSource: () => ({}),
  stopProvider: () => ({}),
};

await startPlugin(() => handler);
