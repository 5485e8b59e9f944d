/**
 * Serialization round trip of one resource kind's provider, run as a plain Node process (not
 * under vitest, whose module transform changes what the closure serializer sees): serialize the
 * stub exactly as `dynamic.Resource` does, load the text with require-from-string as the provider
 * host does, configure it from stack config, then check and create against the API.
 *
 * Input (environment): ROUND_TRIP_KIND, ROUND_TRIP_INPUTS (JSON), DOCS_PLATFORM_TEST_API_URL,
 * DOCS_PLATFORM_TEST_TOKEN. Output: one JSON line on stdout.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { providerStub } = require("pulumi-docs-platform/dist/runtime/stub");
const { serializeFunction } = require("@pulumi/pulumi/runtime/closure/serializeClosure");
const requireFromString = require("require-from-string");

const kind = process.env.ROUND_TRIP_KIND ?? "";
const inputs = JSON.parse(process.env.ROUND_TRIP_INPUTS ?? "{}");
const stackConfig: Record<string, string | undefined> = {
  "docs-platform:apiUrl": process.env.DOCS_PLATFORM_TEST_API_URL,
  "docs-platform:token": process.env.DOCS_PLATFORM_TEST_TOKEN,
};

const provider = providerStub(kind);
const serialized: { text: string } = await serializeFunction(() => provider, { allowSecrets: true });
const loaded = requireFromString(serialized.text).handler();
await loaded.configure({ config: { get: (key: string) => stackConfig[key] } });
const checked = await loaded.check({}, { ...inputs, __provider: serialized.text });
if (checked.failures?.length) throw new Error(`check failed: ${JSON.stringify(checked.failures)}`);
const created = await loaded.create({ ...checked.inputs, __provider: serialized.text });
process.stdout.write(`${JSON.stringify({ text: serialized.text, bytes: Buffer.byteLength(serialized.text), id: created.id, outs: created.outs })}\n`);
