/**
 * What the plugin says about itself: its version and its schema. Served without the resource core,
 * so that a plugin the engine starts only to read the schema (the YAML language host asks for it
 * on every `up`, `preview` and `refresh`, from a plugin process of its own) starts in a quarter of
 * the time and loads nothing of the kinds or of @pulumi/pulumi's runtime.
 */
import fs from "node:fs";
import path from "node:path";
import { EMBEDDED } from "../embedded";
import { type Bag } from "../door-layer/properties";
import { handle } from "./calls";
import { sdk } from "./sdk";

export const PACKAGE = "docs-platform";

/** The version of this package: the plugin's version (the release executable's own, embedded). */
export function pluginVersion(): string {
  if (EMBEDDED.version) return EMBEDDED.version;
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

/** The committed schema (scripts/generate-schema.mts), with this package's version. */
function schemaText(): string {
  const schema = JSON.parse(EMBEDDED.schema ?? fs.readFileSync(path.join(__dirname, "..", "..", "docs-platform", "schema.json"), "utf8")) as Bag;
  return JSON.stringify({ ...schema, version: pluginVersion() });
}

/** GetPluginInfo and GetSchema. */
export const infoService = {
  getPluginInfo: handle(() => {
    const info = new (sdk().plugin.PluginInfo)();
    info.setVersion(pluginVersion());
    return info;
  }),

  getSchema: handle(() => {
    const response = new (sdk().provider.GetSchemaResponse)();
    response.setSchema(schemaText());
    return response;
  }),
};
