/**
 * `npx pulumi-docs-platform export`: the command line of the exporter (see USAGE).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ApiClient, isApiError, isAuthenticationError, isNotFoundError, isPermissionDeniedError } from "../../client";
import { terminalText } from "../terminal";
import { CredentialsError, type Credentials, parseStackFile, resolveCredentials, stackConfigOf } from "./credentials";
import { DEFAULT_PACKAGE_SPEC, DOORS, type Door, type ExportResult, PROJECT_NAME_PATTERN, STACK_NAME_PATTERN, exportOrganization, packageJson, selectKinds } from "./export";
import { EXPORTERS } from "../../walker/kinds";
import { defaultPackageSpec } from "./package-spec";
import { OrganizationReader } from "../../walker/reader";
import { SharedLists } from "../../api/shared-lists";
import { writeSnapshot } from "./snapshot/write";
import { isOrganizationRequestPath, listOrganizations } from "../../api/organizations";

export const EXPORT_USAGE = `usage: pulumi-docs-platform export [--org <id>] [--out <dir>] [--only <kinds>] [--no-adopt] [--import-file <file> [--door plugin]]
                                   [--hcl --out <dir> [--environment <name>]]
                                   [--snapshot <file>] [--package-spec <spec>] [--stack <name>] [--project <name>] [--api-url <url>] [--token-stdin] [--config-stack <name>]
  Reads a live organization through the API and writes a Pulumi TypeScript program that declares it
  (or with --hcl, an OpenTofu / Terraform root).
  --org <id>            the organization (default: DOCS_PLATFORM_ORGANIZATION_ID, the stack config's
                        docs-platform:organizationId, or the token's only organization)
  --out <dir>           write index.ts, Pulumi.yaml, Pulumi.<stack>.yaml (and secrets.sh, and package.json
                        where there is none) into <dir>; without it the program goes to stdout
  --only <kinds>        comma-separated kinds, e.g. Team,SamlProvider (default: every kind); TeamMember
                        comes with Team (which decides each team's membership), never alone
  --no-adopt            the same program, no adopted ids (\`adopt\`) in the stack config: a \`pulumi up\` creates
                        everything (a copy in an empty organization)
  --import-file <file>  instead of \`adopt\`: also write a \`pulumi import --file\` file holding every object's
                        state; \`pulumi import --file <file> --generate-code=false --protect=false\` records them
                        without a request to the API
  --door plugin         with --import-file: the import file for the provider plugin, to bring the organization
                        into a program in Pulumi YAML, Python, Go, Java, C# or TypeScript through its SDK
                        (types docs-platform:index:<Kind>, each kind's import id, the plugin's version and
                        download URL); \`pulumi import --file <file> --out <program file>\` reads each object
                        through the plugin and writes the program. No TypeScript program is written.
                        (default: --door dynamic, for the dynamic package's TypeScript program)
  --hcl                 instead of a program: an OpenTofu / Terraform root for every environment, into --out: main.tf
                        (the provider, a docsplatform_member data source per person, a resource per object),
                        imports.tf (an import block per resource, its id from var.import_ids), variables.tf and
                        <environment>.tfvars, this organization's values: its id, people's emails, and every object's
                        import id, so \`tofu apply -var-file=<environment>.tfvars\` imports them and writes nothing (with
                        --no-adopt, import_ids = {}: an apply creates everything); secrets go to <environment>.secrets.tfvars
  --environment <name>  with --hcl: the tfvars files' name (default: from the organization id)
  --snapshot <file>     instead of a program: write the organization's configuration plane as a snapshot for
                        the offline twin (\`docs-platform-emulator --seed <file>\`); secrets are replaced by
                        placeholders and listed in it (docs/twin.md)
  --package-spec <spec> what the written package.json installs as pulumi-docs-platform: a version range,
                        a tarball path or a git URL, anything \`npm install\` takes (default: the package export
                        runs from: run from a checkout, \`file:\` with its folder; installed from a path, a tarball or
                        a git URL, the same; else ${DEFAULT_PACKAGE_SPEC}, this version once published). Said on stderr.
  --stack <name>        the stack config file to write, Pulumi.<name>.yaml (default: from the organization id)
  --project <name>      the Pulumi project name (default: from the organization's title)
  --api-url <url>       the API (default: DOCS_PLATFORM_API_URL, then the stack config's docs-platform:apiUrl)
  --token-stdin         read the API token from standard input (default: DOCS_PLATFORM_TOKEN, then the
                        stack config's docs-platform:token)
  --config-stack <name> which stack of the Pulumi project in the current directory to read config from
                        (default: the selected one)
  Exit code: 0 done; 2 written, but the API refused to list some kinds (said on stderr); 1 error.`;

export class UsageError extends Error {}

/** The package specification for the written package.json: `--package-spec`; undefined: the package export runs from (package-spec.ts). */
function packageSpecOf(given: string | undefined): string | undefined {
  if (given === undefined) return undefined;
  if (given.trim() === "" || /[\s"]/.test(given))
    throw new UsageError("--package-spec: give one npm package specification (a version range, a tarball path or a git URL), without spaces or quotes");
  return given;
}

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) text += chunk.toString();
  return text;
}

/** The organization to export when none is given: the token's only one. */
export async function onlyOrganization(client: ApiClient): Promise<string> {
  const organizations = await listOrganizations(client);
  if (organizations.length === 1) return organizations[0].id;
  if (organizations.length === 0) throw new CredentialsError("this token is a member of no organization; give the organization with --org");
  const list = organizations.map((organization) => `${organization.id}${organization.title ? ` (${organization.title})` : ""}`).join(", ");
  throw new CredentialsError(`this token is a member of ${organizations.length} organizations (${list}); choose one with --org`);
}

/** The organization the credentials name, or the token's only one; a failure said in terms of what to do. */
export async function organizationOf(client: ApiClient, credentials: Credentials): Promise<string> {
  if (credentials.organizationId !== undefined) return credentials.organizationId;
  try {
    return await onlyOrganization(client);
  } catch (error) {
    throw organizationError(error, "(none given)", credentials);
  }
}

/** A failure reading the organization itself, in terms of what to do about it. */
export function organizationError(error: unknown, organizationId: string, credentials: Credentials): Error {
  if (isAuthenticationError(error)) {
    return new CredentialsError(`the API refused the token (from ${credentials.sources.token}): ${error.message}`);
  }
  if (isNotFoundError(error)) {
    return new CredentialsError(`unknown organization ${organizationId}: the API at ${credentials.apiUrl} has no organization with this id (or does not show it to this token)`);
  }
  if (isPermissionDeniedError(error)) {
    return new CredentialsError(`the token cannot read organization ${organizationId}: ${error.message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * A stack config file of another organization that this export would give its `adopt` ids: a
 * stack holding another organization's ids takes nothing over (its preview refuses an adoption
 * across organizations), so the export refuses to write them there, before writing anything.
 */
function refuseAnotherOrganizationsStack(dir: string, result: ExportResult): void {
  const name = `Pulumi.${result.stack}.yaml`;
  const file = path.join(dir, name);
  if (!fs.existsSync(file) || !result.program.config.some((entry) => entry.key === "adopt")) return;
  const existing = parseStackFile(fs.readFileSync(file, "utf8")).values["docs-platform:organizationId"];
  if (existing === undefined || existing === result.organization.id) return;
  throw new UsageError(
    `${name} in ${dir} is the stack config of organization ${existing}; this export is of organization ${result.organization.id}, and its \`adopt\` ids there ` +
      `would name ${result.organization.id}'s objects in a stack of ${existing} (an adoption never crosses organizations: its preview would refuse them). Nothing was written. ` +
      `Give --stack <the stack of ${result.organization.id}>, or --no-adopt for a stack that creates everything, or export from ${existing}.`,
  );
}

function writeFiles(dir: string, result: ExportResult, given: string | undefined, log: (line: string) => void): string[] {
  refuseAnotherOrganizationsStack(dir, result);
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, content] of Object.entries(result.files)) {
    const file = path.join(dir, name);
    // secrets.sh holds secret values: readable by its owner only.
    fs.writeFileSync(file, content, name === "secrets.sh" ? { mode: 0o600 } : {});
    if (name === "secrets.sh") fs.chmodSync(file, 0o600);
    written.push(name);
  }
  if (!fs.existsSync(path.join(dir, "package.json"))) {
    const choice = given === undefined ? defaultPackageSpec(dir) : { spec: given, reason: "--package-spec" };
    fs.writeFileSync(path.join(dir, "package.json"), packageJson(result.project, choice.spec));
    written.push("package.json");
    log(`package.json installs pulumi-docs-platform from ${JSON.stringify(choice.spec)}: ${choice.reason}`);
  }
  // A secrets.sh of an earlier export whose secrets are gone would be stale.
  if (!result.files["secrets.sh"] && fs.existsSync(path.join(dir, "secrets.sh"))) fs.rmSync(path.join(dir, "secrets.sh"));
  return written;
}

/** Writes an HCL root's files; a secrets file (`*.secrets.tfvars`) readable by its owner only, a stale one of the environment removed. */
function writeRoot(dir: string, files: Record<string, string>, environment: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    const secret = name.endsWith(".secrets.tfvars");
    fs.writeFileSync(file, content, secret ? { mode: 0o600 } : {});
    if (secret) fs.chmodSync(file, 0o600);
  }
  const secrets = path.join(dir, `${environment}.secrets.tfvars`);
  if (!files[`${environment}.secrets.tfvars`] && fs.existsSync(secrets)) fs.rmSync(secrets);
  return Object.keys(files);
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** `export --snapshot <file>`: the organization as a snapshot (snapshot/write.ts). */
async function snapshotCommand(client: ApiClient, organizationId: string, credentials: Credentials, file: string, log: (line: string) => void, started: number): Promise<number> {
  let snapshot;
  try {
    snapshot = await writeSnapshot(new OrganizationReader(new SharedLists(client, { keepFailures: true }).readingOnce(), organizationId), new Date().toISOString());
  } catch (error) {
    if (isApiError(error) && isOrganizationRequestPath(error.path, organizationId)) throw organizationError(error, organizationId, credentials);
    if (isAuthenticationError(error)) throw organizationError(error, organizationId, credentials);
    throw error;
  }
  const text = `${JSON.stringify(snapshot, null, 2)}\n`;
  try {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, text);
  } catch (error) {
    // Read for nothing, but said plainly: which file, and why the system refused it (EISDIR, EACCES, ...).
    throw new UsageError(`--snapshot: cannot write ${file}: ${(error as Error).message}`);
  }
  const secrets = snapshot.secrets as unknown[];
  log(`wrote the snapshot of ${organizationId} to ${file} (${text.length} bytes, ${countObjects(snapshot)} objects) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (secrets.length > 0) log(`${secrets.length} secret(s) replaced by placeholders (listed under "secrets" in the file)`);
  return 0;
}

/** Every object the snapshot holds: the organization, its members and everything below. */
export function countObjects(snapshot: Record<string, unknown>): number {
  let count = 1;
  for (const key of ["members", "teams", "samlProviders", "collections", "spaces", "openApiSpecs", "translations"]) count += (snapshot[key] as unknown[]).length;
  for (const site of snapshot.sites as Record<string, unknown[]>[]) count += 1 + site.sectionGroups.length + site.sections.length + site.siteSpaces.length;
  if (snapshot.agentInstructions !== null) count += 1;
  return count;
}

/** The import file: readable by its owner only (the dynamic door's holds the secrets' values, marked secret for the state). */
function writeImportFile(file: string, content: string): void {
  fs.writeFileSync(file, content, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/** The warnings, the summary line and the exit code: 2 when the API refused to list a kind. */
function finish(result: ExportResult, objects: number, started: number, log: (line: string) => void): number {
  for (const warning of result.warnings) log(`warning: ${warning}`);
  log(
    `${objects} objects of ${result.counts.filter((count) => count.objects > 0).length} kinds exported from ${result.organization.id} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.skipped.length > 0) {
    log(`not exported, the API refused to list them (403): ${result.skipped.map((skip) => `${skip.kind} (${skip.reason})`).join("; ")}; the rest was written`);
    return 2;
  }
  return 0;
}

/**
 * `--door`: `dynamic` (the default) or `plugin`. The plugin's door writes the import file alone:
 * the program is Pulumi's to write from the import (in the project's language), so the flags that
 * shape the TypeScript program are refused with it.
 */
function doorOf(given: string | undefined, values: Record<string, string | boolean | undefined>): Door {
  if (given === undefined) return "dynamic";
  if (!(DOORS as readonly string[]).includes(given)) throw new UsageError(`--door: ${JSON.stringify(given)} is not a door; give ${DOORS.join(" or ")}`);
  const door = given as Door;
  if (door === "dynamic") return door;
  if (values["import-file"] === undefined)
    throw new UsageError("--door plugin is for the import file: give --import-file <file> too (the program is written by `pulumi import --file <file> --out <program file>`)");
  const programOnly = (["out", "package-spec", "stack", "project"] as const).filter((flag) => values[flag] !== undefined);
  if (values["no-adopt"]) programOnly.push("no-adopt" as never);
  if (programOnly.length > 0) throw new UsageError(`--door plugin writes the import file alone, no TypeScript program: it does not take --${programOnly.join(", --")}`);
  return door;
}

export async function exportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      org: { type: "string" },
      out: { type: "string" },
      only: { type: "string" },
      "no-adopt": { type: "boolean", default: false },
      "package-spec": { type: "string" },
      "import-file": { type: "string" },
      door: { type: "string" },
      snapshot: { type: "string" },
      hcl: { type: "boolean", default: false },
      environment: { type: "string" },
      stack: { type: "string" },
      project: { type: "string" },
      "api-url": { type: "string" },
      "token-stdin": { type: "boolean", default: false },
      "config-stack": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${EXPORT_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}\n${EXPORT_USAGE}`);
  if (values.stack !== undefined && !STACK_NAME_PATTERN.test(values.stack)) throw new UsageError("--stack: a stack name is letters, digits, -, _ and . only");
  if (values.project !== undefined && !PROJECT_NAME_PATTERN.test(values.project)) throw new UsageError("--project: a project name is letters, digits, -, _ and . only");
  if (values.snapshot !== undefined) {
    const programOnly = (["out", "only", "import-file", "door", "package-spec", "stack", "project"] as const).filter((flag) => values[flag] !== undefined);
    if (values["no-adopt"]) programOnly.push("no-adopt" as never);
    if (programOnly.length > 0) throw new UsageError(`--snapshot writes the whole organization and no program: it does not take --${programOnly.join(", --")}`);
    if (values.snapshot.trim() === "") throw new UsageError("--snapshot: give the file to write");
    if (isDirectory(values.snapshot))
      throw new UsageError(`--snapshot: ${values.snapshot} is a directory; give the file to write (e.g. ${path.join(values.snapshot, "snapshot.json")})`);
  }
  if (values.environment !== undefined && !values.hcl) throw new UsageError("--environment names the tfvars of --hcl: give --hcl too");
  if (values.hcl) {
    const pulumiOnly = (["import-file", "door", "snapshot", "package-spec", "stack", "project"] as const).filter((flag) => values[flag] !== undefined);
    if (pulumiOnly.length > 0) throw new UsageError(`--hcl writes an OpenTofu / Terraform root, no Pulumi program: it does not take --${pulumiOnly.join(", --")}`);
    if (values.out === undefined) throw new UsageError("--hcl writes several files: give the directory with --out <dir>");
    if (values.environment !== undefined && !STACK_NAME_PATTERN.test(values.environment)) throw new UsageError("--environment: a name is letters, digits, -, _ and . only");
  }
  const door = doorOf(values.door, values);
  const packageSpec = packageSpecOf(values["package-spec"]);
  let kinds;
  try {
    kinds = selectKinds(EXPORTERS, values.only);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }

  const started = Date.now();
  // Lines hold the API's text (the organization's title, error messages): no control character of it reaches the terminal.
  const log = (line: string) => process.stderr.write(`export: ${terminalText(line)}\n`);
  const credentials = await resolveCredentials({
    flags: { apiUrl: values["api-url"], token: values["token-stdin"] ? (await readStdin()).trim() : undefined, organizationId: values.org },
    env: process.env,
    stackConfig: stackConfigOf(process.cwd(), process.env, values["config-stack"]),
  });
  const client = new ApiClient({ baseUrl: credentials.apiUrl, token: credentials.token });
  try {
    const organizationId = await organizationOf(client, credentials);
    log(`API ${credentials.apiUrl} (from ${credentials.sources.apiUrl}), token from ${credentials.sources.token}`);
    if (values.snapshot !== undefined) return await snapshotCommand(client, organizationId, credentials, values.snapshot, log, started);
    let result: ExportResult;
    try {
      result = await exportOrganization({
        api: client,
        organizationId,
        kinds,
        adopt: !values["no-adopt"],
        project: values.project,
        stack: values.stack,
        apiUrl: credentials.apiUrl,
        progress: log,
        importFile: values["import-file"] !== undefined,
        door,
        ...(values.hcl ? { hcl: { environment: values.environment } } : {}),
      });
    } catch (error) {
      // The organization is read first: an error then is about it; later ones say what failed.
      if (isApiError(error) && isOrganizationRequestPath(error.path, organizationId)) throw organizationError(error, organizationId, credentials);
      if (isAuthenticationError(error)) throw organizationError(error, organizationId, credentials);
      throw error;
    }
    const objects = result.counts.reduce((sum, count) => sum + count.objects, 0);
    if (door === "plugin") {
      writeImportFile(values["import-file"]!, result.importFile!);
      log(
        `wrote the import file ${values["import-file"]} for the provider plugin: in the program's directory, with the plugin (docs/plugin.md) and the stack config ` +
          `docs-platform:apiUrl ${credentials.apiUrl} and docs-platform:organizationId ${result.organization.id}, run ` +
          `\`pulumi import --file ${values["import-file"]} --out <program file> --protect=false\`: each object is read through the plugin (reads only), and Pulumi writes the program in the project's language`,
      );
      return finish(result, objects, started, log);
    }
    if (result.hcl) {
      const written = writeRoot(values.out!, result.files, result.hcl.environment);
      const { environment, secrets } = result.hcl;
      const varFiles = [`-var-file=${environment}.tfvars`, ...(secrets.length > 0 ? [`-var-file=${environment}.secrets.tfvars`] : [])].join(" ");
      log(`wrote ${written.join(", ")} to ${values.out}`);
      log(
        values["no-adopt"]
          ? `${environment}.tfvars has no import ids: \`tofu apply ${varFiles}\` creates every object (${result.hcl.resources} resources)`
          : `\`tofu apply ${varFiles}\` (or terraform) in ${values.out} imports the ${result.hcl.resources} resources (reads only) and changes nothing; another environment gives a tfvars of its own ` +
              "(its organization_id, organization, members' emails, and import_ids = {} to create everything)",
      );
      if (secrets.length > 0) log(`${secrets.length} secret(s) in ${environment}.secrets.tfvars (in clear, owner-only): ${secrets.join(", ")}; keep it out of version control`);
      return finish(result, objects, started, log);
    }
    if (values.out) {
      const written = writeFiles(values.out, result, packageSpec, log);
      log(`wrote ${written.join(", ")} to ${values.out}`);
    } else {
      process.stdout.write(result.files["index.ts"]);
      log(`stack config (Pulumi.${result.stack}.yaml, written with --out):\n${result.files[`Pulumi.${result.stack}.yaml`].trimEnd()}`);
    }
    if (values["import-file"] !== undefined && result.importFile !== undefined) {
      writeImportFile(values["import-file"], result.importFile);
      log(
        `wrote the import file ${values["import-file"]}: run \`pulumi import --file ${values["import-file"]} --generate-code=false --protect=false --stack ${result.stack}\` ` +
          "in the program's directory, then `pulumi up` changes nothing (it holds secret values: delete it afterwards)",
      );
    }
    if (result.program.secrets.length > 0) {
      log(
        `${result.program.secrets.length} secret(s) read through config.requireSecret: ${result.program.secrets.map((secret) => secret.key).join(", ")}; ` +
          (values.out
            ? `set them with \`sh ${path.join(values.out, "secrets.sh")} --stack ${result.stack}\` (it holds the values: delete it afterwards)`
            : "set them with `pulumi config set --secret <key>` (--out writes a secrets.sh that does it)"),
      );
    }
    return finish(result, objects, started, log);
  } finally {
    await client.close();
  }
}
