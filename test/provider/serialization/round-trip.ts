/**
 * Round trip of one resource kind's `__provider` text, run as a plain Node process (not under
 * vitest, whose module transform changes how modules load): take the text every resource of the
 * kind stores (dynamic/stub.ts), load it with require-from-string as the provider host does,
 * configure it from stack config, then check and create against the API.
 *
 * Input (environment): ROUND_TRIP_KIND, ROUND_TRIP_INPUTS (JSON), DOCS_PLATFORM_TEST_API_URL,
 * DOCS_PLATFORM_TEST_TOKEN. Output: one JSON line on stdout.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { providerModuleText } = require("pulumi-docs-platform/dist/dynamic/stub");
const requireFromString = require("require-from-string");

const kind = process.env.ROUND_TRIP_KIND ?? "";
const inputs = JSON.parse(process.env.ROUND_TRIP_INPUTS ?? "{}");
const stackConfig: Record<string, string | undefined> = {
  "docs-platform:apiUrl": process.env.DOCS_PLATFORM_TEST_API_URL,
  "docs-platform:token": process.env.DOCS_PLATFORM_TEST_TOKEN,
};

const serialized: { text: string } = { text: providerModuleText(kind) };
const loaded = requireFromString(serialized.text).handler();
await loaded.configure({ config: { get: (key: string) => stackConfig[key] } });
const checked = await loaded.check({}, { ...inputs, __provider: serialized.text });
if (checked.failures?.length) throw new Error(`check failed: ${JSON.stringify(checked.failures)}`);
const created = await loaded.create({ ...checked.inputs, __provider: serialized.text });
process.stdout.write(`${JSON.stringify({ text: serialized.text, bytes: Buffer.byteLength(serialized.text), id: created.id, outs: created.outs })}\n`);
