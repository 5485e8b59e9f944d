/**
 * `export --import-file`: the exported objects as a `pulumi import --file` file, the alternative
 * to `adopt`.
 *
 * The Pulumi engine cannot import a dynamic resource by id (it would call the provider's `read`
 * with the id alone, which a dynamic provider cannot serve: pulumi/pulumi#16175). But when an
 * entry of an import file carries the resource's `outputs`, the engine (since 3.254) records it
 * from them and skips `read` altogether (pkg/resource/deploy/step.go, `ImportStep.Apply`: "The
 * import supplied the resource's full state ... trust it rather than reading from the provider";
 * it still calls the provider's `check` on the inputs, which sends nothing). So each entry here
 * holds exactly the state a `pulumi refresh` would record: the kind's own `read`, run now, on the
 * inputs the program declares. After `pulumi import --file`, the program (written without
 * `adopt`) previews with no change.
 */
import fs from "node:fs";
import path from "node:path";
import type { ApiRequester } from "../../api/requester";
import { byId } from "../../adapter/import-ids";
import { PACKAGE_VERSION } from "../../client/version";
import { EMBEDDED } from "../../embedded";
import { RESOURCE_MODULE } from "../../dynamic/args";
import { IDENTITY_KEY } from "../../adapter/property-bag";
import { toProvider } from "../../adapter/resource";
import { providerModuleText } from "../../dynamic/stub";
import type { PropertyBag } from "../../adapter/property-bag";
import type { ExportedObject, KindExporter } from "../../walker/kinds";
import { keyOf, resolvedValue } from "../../walker/values";

/** How the Pulumi engine marks a secret in serialized state (`plaintext` is the JSON of the value). */
const SECRET_SIGNATURE = { key: "4dabf18193072939515e22adb298388d", value: "1b47061264138c4ac30d75fd1eb44270" };

export interface ImportEntry {
  type: string;
  name: string;
  id: string;
  inputs: PropertyBag;
  outputs: PropertyBag;
}

function secret(value: unknown): PropertyBag {
  return { [SECRET_SIGNATURE.key]: SECRET_SIGNATURE.value, plaintext: JSON.stringify(value) };
}

/**
 * The import file's entries, one per object, in declaration order. `project` and `stack` are those
 * of the stack that imports (a resource's identity input names them).
 */
export async function importEntries(
  objects: readonly { object: ExportedObject; name: string }[],
  kinds: ReadonlyMap<string, KindExporter>,
  context: { api: ApiRequester; organizationId: string; project: string; stack: string; warn: (message: string) => void },
): Promise<ImportEntry[]> {
  const providers = new Map<string, ReturnType<typeof toProvider>>();
  const entries: ImportEntry[] = [];
  for (const { object, name } of objects) {
    const definition = kinds.get(object.kind)!.definition;
    let provider = providers.get(object.kind);
    if (!provider) {
      provider = toProvider(definition, () => ({ api: context.api }));
      providers.set(object.kind, provider);
    }
    const declared: PropertyBag = { organizationId: context.organizationId };
    const secretKeys: string[] = [];
    for (const [key, value] of object.inputs) {
      if (value === undefined) continue;
      declared[key] = resolvedValue(value);
      if (value.type === "secret") secretKeys.push(key);
    }
    declared[IDENTITY_KEY] = `${context.project}/${context.stack}/${object.kind}/${name}`;
    // The inputs as the provider's check normalizes them, then the state its read records.
    const checked = await provider.check({}, declared);
    // As plain export does: a warning naming the object (the program still declares it), and the rest.
    if (checked.failures && checked.failures.length > 0) {
      const reasons = checked.failures.map((failure) => failure.reason).join("; ");
      context.warn(`${object.kind} "${name}" is left out of the import file: its inputs fail the provider's check (${reasons})`);
      continue;
    }
    const read = await provider.read(object.id, checked.inputs);
    if (!read.id) {
      context.warn(`${object.kind} "${name}" (${keyOf(object).replace("\u0000", " ")}) is left out of the import file: it disappeared while it was being exported`);
      continue;
    }
    const inputs: PropertyBag = { ...read.inputs, __provider: providerModuleText(object.kind) };
    const outputs: PropertyBag = { ...read.props, __provider: providerModuleText(object.kind) };
    for (const key of secretKeys) {
      if (inputs[key] !== undefined) inputs[key] = secret(inputs[key]);
      if (outputs[key] !== undefined) outputs[key] = secret(outputs[key]);
    }
    entries.push({ type: `pulumi-nodejs:dynamic/${RESOURCE_MODULE}:${object.kind}`, name, id: object.id, inputs, outputs });
  }
  return entries;
}

/**
 * An entry for the provider plugin (`--door plugin`): its type token, the resource name and the
 * kind's import id. The plugin reads the object itself (`pulumi import` calls its `read`, which
 * goes through adapter/resource.ts importObject), so the entry carries no state. `version` and
 * `pluginDownloadURL` tell the engine which plugin serves it: a program in Pulumi YAML has no SDK
 * to say so, and the CLI downloads the release's plugin from there when none is installed (a
 * project's `plugins.providers` path takes precedence).
 */
export interface PluginImportEntry {
  type: string;
  name: string;
  id: string;
  version: string;
  pluginDownloadURL: string;
}

/** The plugin's package name: the first part of its type tokens (`docs-platform:index:Team`). */
export const PLUGIN_PACKAGE = "docs-platform";

/** The plugin's schema, `docs-platform/schema.json` of the package, found from here up (from the sources or from dist/). */
function schemaFile(): string | undefined {
  let directory = __dirname;
  for (let depth = 0; depth < 5; depth++) {
    const candidate = path.join(directory, "docs-platform", "schema.json");
    if (fs.existsSync(candidate)) return candidate;
    directory = path.dirname(directory);
  }
  return undefined;
}

/**
 * The plugin this package ships: its version (this package's) and where the CLI downloads it, the
 * schema's `pluginDownloadURL` with the version filled in (as the SDKs write it for a program).
 */
export function pluginReference(): { version: string; pluginDownloadURL: string } {
  const file = schemaFile();
  const text = EMBEDDED.schema ?? (file ? fs.readFileSync(file, "utf8") : undefined);
  if (text === undefined) throw new Error("export --door plugin: the plugin's schema (docs-platform/schema.json) is not in this package; reinstall pulumi-docs-platform");
  const template = (JSON.parse(text) as { pluginDownloadURL?: string }).pluginDownloadURL;
  if (typeof template !== "string") throw new Error("export --door plugin: the plugin's schema names no pluginDownloadURL");
  return { version: PACKAGE_VERSION, pluginDownloadURL: template.replaceAll("${VERSION}", PACKAGE_VERSION) };
}

/**
 * The import file's entries for the provider plugin, one per object, in declaration order: each
 * object's import id is its kind's own form (adapter/import-ids.ts: `<siteId>/<id>` inside a site,
 * the site's or the organization's id for what there is one of), formatted from the object's id
 * and its inputs as the program declares them (a reference is the id it names).
 */
export function pluginImportEntries(
  objects: readonly { object: ExportedObject; name: string }[],
  kinds: ReadonlyMap<string, KindExporter>,
  context: { organizationId: string; reference: { version: string; pluginDownloadURL: string } },
): PluginImportEntry[] {
  return objects.map(({ object, name }) => ({
    type: `${PLUGIN_PACKAGE}:index:${object.kind}`,
    name,
    id: importIdOf(object, kinds.get(object.kind)!, context.organizationId),
    ...context.reference,
  }));
}

/**
 * An exported object's import id, its kind's own form (adapter/import-ids.ts), from its id and
 * its inputs as the program declares them (a reference is the id it names): what `pulumi import`
 * and an OpenTofu `import` block take.
 */
export function importIdOf(object: ExportedObject, kind: KindExporter, organizationId: string): string {
  const state: PropertyBag = { organizationId };
  for (const [key, value] of object.inputs) if (value !== undefined) state[key] = resolvedValue(value);
  return (kind.definition.importId ?? byId).format(object.id, state);
}

/** The file `pulumi import --file` reads. */
export function renderImportFile(entries: readonly (ImportEntry | PluginImportEntry)[]): string {
  return `${JSON.stringify({ resources: entries }, null, 2)}\n`;
}
