/**
 * The export itself: read every kind of one organization, name and order what was found, check it
 * against the resources' own schemas, and write the program and its stack config.
 */
import { PACKAGE_VERSION } from "../../client/version";
import type { ApiRequester } from "../../api/requester";
import { validate } from "../../adapter/check";
import { SharedLists } from "../../api/shared-lists";
import { renderHclRoot } from "./hcl";
import { importEntries, pluginImportEntries, pluginReference, renderImportFile } from "./import-file";
import type { ExportedObject, KindExporter } from "../../walker/kinds";
import { VariableNames, slugify } from "../../walker/naming";
import { naturalOrder, resourceNames } from "../../walker/natural-key";
import { OrganizationReader } from "../../walker/reader";
import { type PlannedObject, type RenderedProgram, renderProgram, renderSecretsScript, yamlEntry, yamlScalar } from "./render";
import { keyOf, resolvedValue, walk } from "../../walker/values";
import { walkKinds } from "../../walker/walk";

export { resourceNames } from "../../walker/natural-key";

export interface ExportRequest {
  api: ApiRequester;
  organizationId: string;
  /** The kinds to export (all of them, or those of `--only`), in the registry's order. */
  kinds: readonly KindExporter[];
  /**
   * Write the ids of the objects that take `adopt` into the stack config's `adopt` (false:
   * `--no-adopt`). The program is the same either way: it reads them from there.
   */
  adopt: boolean;
  /** Pulumi project name; default: from the organization's title. */
  project?: string;
  /** Stack whose config file is written (`Pulumi.<stack>.yaml`); default: from the organization id. */
  stack?: string;
  /** Written to the stack config as `docs-platform:apiUrl`. */
  apiUrl: string;
  /** One line per step (objects read per kind), for stderr. */
  progress?: (line: string) => void;
  /**
   * Also write a `pulumi import --file` file (import-file.ts): the alternative to `adopt`, so the
   * program is written without it.
   */
  importFile?: boolean;
  /**
   * Which front door the import file is for: `dynamic` (default), the dynamic package's types with
   * each object's state; `plugin`, the provider plugin's types and import ids, which it reads itself.
   */
  door?: Door;
  /**
   * Write an OpenTofu / Terraform root (hcl.ts) instead of the Pulumi program: its files, and the
   * environment's tfvars named `<environment>.tfvars` (default: from the organization id).
   */
  hcl?: { environment?: string };
}

/** The two front doors an import file can be written for (docs/plugin.md). */
export const DOORS = ["dynamic", "plugin"] as const;
export type Door = (typeof DOORS)[number];

export interface ExportResult {
  organization: { id: string; title: string };
  project: string;
  stack: string;
  /**
   * File name to content: index.ts, Pulumi.yaml, Pulumi.<stack>.yaml, and secrets.sh when there
   * are secrets; with `hcl`, the root's files instead (hcl.ts).
   */
  files: Record<string, string>;
  /** With `hcl`: the environment the tfvars are named after, and the sensitive variables. */
  hcl?: { environment: string; secrets: string[]; resources: number };
  program: RenderedProgram;
  /** Every exported object with its resource name, in the order the program declares them (what `compare` compares). */
  planned: PlannedObject[];
  /** Objects exported, per kind, in the registry's order. */
  counts: { kind: string; objects: number }[];
  /** Kinds the API refused to list (403), and its reason. */
  skipped: { kind: string; reason: string }[];
  /** What could not be exported faithfully. */
  warnings: string[];
  /** The `pulumi import --file` file, when asked for. */
  importFile?: string;
}

export const STACK_NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PROJECT_NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

function takesAdopt(kind: KindExporter): boolean {
  return Object.hasOwn(kind.definition.schema.shape, "adopt");
}

/** Objects that `object` names (references and dependsOn), among `exported`. */
function dependenciesOf(object: ExportedObject, exported: ReadonlyMap<string, ExportedObject>): string[] {
  const keys = new Set<string>();
  for (const [, value] of object.inputs) {
    if (!value) continue;
    for (const inner of walk(value)) if (inner.type === "ref") keys.add(keyOf(inner.target));
  }
  for (const key of object.dependsOn ?? []) keys.add(keyOf(key));
  keys.delete(keyOf(object));
  return [...keys].filter((key) => exported.has(key));
}

/**
 * The objects in the order the program declares them: every object after the ones it names, and
 * otherwise in the order given (the registry's, then natural-key order). (TypeScript's `const`
 * must be declared before it is read.)
 */
export function declarationOrder(objects: readonly ExportedObject[]): ExportedObject[] {
  const byKey = new Map(objects.map((object) => [keyOf(object), object]));
  const position = new Map(objects.map((object, index) => [keyOf(object), index]));
  const waitingOn = new Map(objects.map((object) => [keyOf(object), new Set(dependenciesOf(object, byKey))]));
  const dependents = new Map<string, string[]>();
  for (const [key, needs] of waitingOn) for (const need of needs) dependents.set(need, [...(dependents.get(need) ?? []), key]);
  const ready = objects.filter((object) => waitingOn.get(keyOf(object))!.size === 0).map(keyOf);
  const order: ExportedObject[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => position.get(a)! - position.get(b)!);
    const next = ready.shift()!;
    order.push(byKey.get(next)!);
    for (const dependent of dependents.get(next) ?? []) {
      const needs = waitingOn.get(dependent)!;
      needs.delete(next);
      if (needs.size === 0) ready.push(dependent);
    }
  }
  if (order.length !== objects.length) {
    const stuck = objects.filter((object) => !order.includes(object)).map((object) => `${object.kind} ${object.id}`);
    throw new Error(`the exported objects name each other in a cycle (${stuck.join(", ")}); this is a bug of the exporter`);
  }
  return order;
}

function stackConfig(result: { project: string; stack: string; apiUrl: string; organizationId: string; program: RenderedProgram }): string {
  const { project, program } = result;
  const lines = [
    `# Stack config of the exported program (stack ${result.stack}).`,
    "# The API token is not here: set it with `pulumi config set --secret docs-platform:token <token>`",
    "# or the environment variable DOCS_PLATFORM_TOKEN.",
    ...(program.secrets.length > 0 ? [`# Secrets (set them with secrets.sh): ${program.secrets.map((secret) => `${project}:${secret.key}`).join(", ")}.`] : []),
    ...(program.config.some((entry) => entry.key === "adopt")
      ? [
          `# ${project}:adopt: the ids of this organization's objects, taken over by the first \`pulumi up\`; a stack`,
          "# of another organization (an empty one) leaves it out and creates them.",
        ]
      : []),
    "config:",
    ...yamlEntry("docs-platform:apiUrl", result.apiUrl, 2),
    ...yamlEntry("docs-platform:organizationId", result.organizationId, 2),
    ...program.config.flatMap((entry) => yamlEntry(`${project}:${entry.key}`, entry.value, 2)),
  ];
  return `${lines.join("\n")}\n`;
}

function pulumiYaml(project: string): string {
  return [
    `name: ${yamlScalar(project)}`,
    "description: A documentation platform organization as code, written by pulumi-docs-platform export.",
    "runtime:",
    "  name: nodejs",
    "  options:",
    "    # Node.js 22.18+ runs the TypeScript program itself (type stripping): no ts-node step.",
    "    typescript: false",
    "main: index.ts",
    "",
  ].join("\n");
}

/**
 * What the written package.json asks for by default: this package's own version, as a caret range.
 * `--package-spec` names anything else npm installs (a tarball path, a git URL, another range).
 */
export const DEFAULT_PACKAGE_SPEC = `^${PACKAGE_VERSION}`;

/** A package.json for the program's directory, written only where there is none. */
export function packageJson(project: string, packageSpec: string = DEFAULT_PACKAGE_SPEC): string {
  let pulumiVersion = "^3.259.0";
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional: an import would fail to load where the SDK is absent.
    pulumiVersion = (require("@pulumi/pulumi/package.json") as { version: string }).version;
  } catch {
    // Keep the range the package was built against.
  }
  const manifest = {
    name: project,
    private: true,
    type: "module",
    dependencies: { "@pulumi/pulumi": pulumiVersion, "pulumi-docs-platform": packageSpec },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export async function exportOrganization(request: ExportRequest): Promise<ExportResult> {
  const progress = request.progress ?? (() => {});
  // The plugin's import path, as `pulumi import` runs it, and the reader, on one requester that
  // reads each list and each object once for this export (a kind reads its objects, then imports
  // each, and the import reads them again): nothing is kept once the export ends.
  const lists = new SharedLists(request.api, { keepFailures: true });
  const api = lists.readingOnce(request.api);
  const reader = new OrganizationReader(api, request.organizationId);
  // Read first and alone: an unknown organization or a refused token stops here, with one clear error.
  const organization = await reader.organization();
  progress(`organization ${organization.id} (${organization.title})`);

  const { found, counts, skipped, warnings } = await walkKinds(reader, request.kinds, { api, lists, progress, skipRefused: true });

  // Each kind's objects in natural-key order, never the API's (ids, creation order): two equal
  // organizations give the same program.
  const objects = naturalOrder(found);

  // Every object is checked as the provider's check will see it, so a program the provider would
  // refuse is reported now rather than at the first `pulumi up`.
  const kindOf = new Map(request.kinds.map((kind) => [kind.kind, kind]));
  const names = resourceNames(objects);
  for (const object of objects) {
    const kind = kindOf.get(object.kind)!;
    const inputs: Record<string, unknown> = { organizationId: request.organizationId };
    for (const [key, value] of object.inputs) if (value !== undefined) inputs[key] = resolvedValue(value);
    const outcome = validate(kind.definition.schema, inputs);
    if (!outcome.ok) {
      // A failure's reason starts with its property's path already.
      for (const failure of outcome.failures) warnings.push(`${object.kind} "${names.get(keyOf(object))}": ${failure.reason}`);
    }
  }

  const adopt = request.adopt && !request.importFile;
  const ordered = declarationOrder(objects);
  const referenced = new Set<string>();
  const exported = new Map(objects.map((object) => [keyOf(object), object]));
  for (const object of objects) for (const key of dependenciesOf(object, exported)) referenced.add(key);
  const variables = new VariableNames();
  const planned: PlannedObject[] = ordered.map((object) => ({
    object,
    name: names.get(keyOf(object))!,
    ...(referenced.has(keyOf(object)) ? { variable: variables.claim(names.get(keyOf(object))!, object.kind) } : {}),
    ...(takesAdopt(kindOf.get(object.kind)!) ? { adoptable: true, ...(adopt ? { adoptId: object.id } : {}) } : {}),
  }));
  const program = renderProgram(planned, { skipped });

  const project = request.project ?? (slugify(organization.title) || "documentation");
  const stack = request.stack ?? (slugify(organization.id) || "dev");
  let files: Record<string, string> = {
    "index.ts": program.indexTs,
    "Pulumi.yaml": pulumiYaml(project),
    [`Pulumi.${stack}.yaml`]: stackConfig({ project, stack, apiUrl: request.apiUrl, organizationId: organization.id, program }),
  };
  if (program.secrets.length > 0) files["secrets.sh"] = renderSecretsScript(program.secrets);
  let hcl: ExportResult["hcl"];
  if (request.hcl) {
    // The same objects, names and order, written as an OpenTofu / Terraform root instead.
    const environment = request.hcl.environment ?? stack;
    const root = renderHclRoot(planned, {
      organizationId: organization.id,
      apiUrl: request.apiUrl,
      environment,
      adopt: request.adopt,
      kinds: kindOf,
      skipped,
      warn: (message) => warnings.push(message),
    });
    files = root.files;
    hcl = { environment, secrets: root.secrets, resources: root.resources };
  }
  let importFile: string | undefined;
  if (request.importFile) {
    if (request.door === "plugin") {
      const entries = pluginImportEntries(planned, kindOf, { organizationId: organization.id, reference: pluginReference() });
      importFile = renderImportFile(entries);
      progress(`import file: ${entries.length} resources by the plugin's type and import id (pulumi import reads each through the plugin)`);
    } else {
      const entries = await importEntries(planned, kindOf, { api: request.api, organizationId: organization.id, project, stack, warn: (message) => warnings.push(message) });
      importFile = renderImportFile(entries);
      progress(`import file: ${entries.length} resources with their state (pulumi import reads nothing)`);
    }
  }
  return {
    organization: { id: organization.id, title: organization.title },
    project,
    stack,
    files,
    program,
    planned,
    counts,
    skipped,
    warnings,
    ...(importFile === undefined ? {} : { importFile }),
    ...(hcl === undefined ? {} : { hcl }),
  };
}

/**
 * `--only` values (`Team`, `team`, `site-section`) to kinds, in the registry's order; throws on an
 * unknown one. A kind exported with another (`TeamMember` with `Team`) comes with it, and is
 * refused alone: the other kind's exporter decides which of its objects there are.
 */
export function selectKinds(all: readonly KindExporter[], only: string | undefined): KindExporter[] {
  if (only === undefined) return [...all];
  const wanted = only
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const normalize = (name: string) => name.replace(/-/g, "").toLowerCase();
  const isWanted = (kind: string) => wanted.some((name) => normalize(name) === normalize(kind));
  const unknown = wanted.filter((name) => !all.some((kind) => normalize(kind.kind) === normalize(name)));
  if (unknown.length > 0 || wanted.length === 0) {
    throw new Error(`--only: unknown kind ${unknown.map((name) => JSON.stringify(name)).join(", ") || "(none given)"}; the kinds are ${all.map((kind) => kind.kind).join(", ")}`);
  }
  for (const kind of all) {
    const owner = kind.exportedWith;
    if (owner !== undefined && isWanted(kind.kind) && !isWanted(owner.kind)) {
      throw new Error(`--only: ${kind.kind} is exported with ${owner.kind}, never alone (${owner.reason}); give --only ${owner.kind}, which exports both`);
    }
  }
  return all.filter((kind) => isWanted(kind.kind) || (kind.exportedWith !== undefined && isWanted(kind.exportedWith.kind)));
}
