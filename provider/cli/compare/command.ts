/**
 * `npx pulumi-docs-platform compare`: what differs between two organizations (see USAGE). Each
 * side is read the way `export` reads one (export/export.ts: the same reader, the same kinds, the
 * same inputs a program would declare), then the two are compared object by object (compare.ts)
 * and printed as Markdown (render.ts). A CI job reads the exit code: 0 the same, 1 different,
 * 2 could not tell.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { ApiClient, isApiError, isAuthenticationError } from "../../client";
import { isOrganizationRequestPath } from "../../api/organizations";
import { terminalText } from "../terminal";
import { type AdoptIds, type Credentials, type StackConfigReader, resolveCredentials, stackConfigOf } from "../export/credentials";
import { adoptedElsewhere } from "./adopted-elsewhere";
import { organizationError, organizationOf } from "../export/command";
import { type ExportResult, exportOrganization, selectKinds } from "../export/export";
import { EXPORTERS, type KindExporter } from "../../walker/kinds";
import { compareOrganizations } from "./compare";
import { type ComparedSide, SIDE_NAME, isComplete, renderComparison } from "./render";

export const COMPARE_USAGE = `usage: pulumi-docs-platform compare [--left-org <id>] [--left-api-url <url>] [--left-token-stdin] [--left-stack <name>] [--left-name <name>]
                                    [--right-org <id>] [--right-api-url <url>] [--right-token-stdin] [--right-stack <name>] [--right-name <name>]
                                    [--only <kinds>] [--output <file>]
  Reads two organizations through the API and prints, in Markdown, what differs between them: each object
  matched by its natural key (title, label, path, slug or email, within its site, team or collection) and
  its inputs compared as an exported program declares them. Ids, which user id each email has, and each
  organization's own title, email domains and hostname are each environment's stack config: not compared.
  For each side (left, then right):
  --left-org <id>         the organization (default: DOCS_PLATFORM_LEFT_ORGANIZATION_ID, the side's stack
                          config's docs-platform:organizationId, or the token's only organization)
  --left-api-url <url>    the API (default: DOCS_PLATFORM_LEFT_API_URL, then the side's stack config)
  --left-token-stdin      read the side's API token from standard input (with both --left-token-stdin and
                          --right-token-stdin, two lines: left, then right); default: DOCS_PLATFORM_LEFT_TOKEN,
                          then the side's stack config. A token is never printed.
  --left-stack <name>     read what the flags and the environment leave out from this stack's config, of the
                          Pulumi project in the current directory (\`pulumi config --show-secrets\`)
  --left-name <name>      how the summary names the side (default: the stack, else the organization id)
  (--right-... the same for the right side: DOCS_PLATFORM_RIGHT_TOKEN, DOCS_PLATFORM_RIGHT_API_URL, ...)
  --only <kinds>          compare these kinds only, e.g. Team,Site,SiteSection (default: every kind)
  --output <file>         write the Markdown to <file> instead of standard output
  A side's stack config whose \`adopt\` ids name the other side's objects (a config copied from one environment
  to another) is said at the top: that stack's \`pulumi up\` would be refused, an adoption never crosses organizations.
  Exit code: 0 no difference; 1 they differ (the differences written), or a stack adopts the other side's objects; 2 could not tell (an API error, a refused
  token, a kind the API refused to list, a bad flag).`;

export class CompareUsageError extends Error {}

type SideName = "left" | "right";

interface SideFlags {
  org?: string;
  apiUrl?: string;
  tokenStdin: boolean;
  stack?: string;
  name?: string;
}

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) text += chunk.toString();
  return text;
}

/** The names of one side's flags and variables, for its credentials' sources and messages. */
function namesOf(side: SideName, flags: SideFlags) {
  const upper = side.toUpperCase();
  return {
    apiUrlFlag: `--${side}-api-url`,
    tokenFlag: `--${side}-token-stdin`,
    organizationFlag: `--${side}-org`,
    apiUrlEnv: `DOCS_PLATFORM_${upper}_API_URL`,
    tokenEnv: `DOCS_PLATFORM_${upper}_TOKEN`,
    organizationEnv: `DOCS_PLATFORM_${upper}_ORGANIZATION_ID`,
    noStackConfig: flags.stack
      ? `there is no Pulumi project in the current directory to read the stack ${flags.stack} from`
      : `no stack config was read (give --${side}-stack <name> to read one)`,
  };
}

/**
 * One side's API URL, token and organization: flags, then the side's variables, then its stack's
 * config; checked as the provider checks them, the rehearsal guard included (resolveCredentials).
 * A side never reads the other side's variables, nor DOCS_PLATFORM_TOKEN: a token goes to the API
 * it was given for.
 */
async function sideCredentials(side: SideName, flags: SideFlags, token: string | undefined): Promise<{ credentials: Credentials; adopt: () => Promise<AdoptIds | undefined> }> {
  const names = namesOf(side, flags);
  // The stack config reader checks an encrypted token against DOCS_PLATFORM_TOKEN: the side's, here.
  const stackEnv: NodeJS.ProcessEnv = { ...process.env, DOCS_PLATFORM_TOKEN: process.env[names.tokenEnv] };
  // Read once, for the credentials and for its `adopt` ids.
  let read: ReturnType<StackConfigReader> | undefined;
  const stackConfig: StackConfigReader = flags.stack ? () => (read ??= stackConfigOf(process.cwd(), stackEnv, flags.stack)()) : () => Promise.resolve(undefined);
  const credentials = await resolveCredentials({ flags: { apiUrl: flags.apiUrl, token, organizationId: flags.org }, env: process.env, stackConfig, names });
  return { credentials, adopt: async () => (await stackConfig().catch(() => undefined))?.adopt };
}

interface ReadSide {
  side: ComparedSide;
  result: ExportResult;
}

async function readSide(side: SideName, flags: SideFlags, credentials: Credentials, kinds: KindExporter[], log: (line: string) => void): Promise<ReadSide> {
  const client = new ApiClient({ baseUrl: credentials.apiUrl, token: credentials.token });
  try {
    const organizationId = await organizationOf(client, credentials);
    log(`${side}: organization ${organizationId}, API ${credentials.apiUrl} (from ${credentials.sources.apiUrl}), token from ${credentials.sources.token}`);
    let result: ExportResult;
    try {
      result = await exportOrganization({ api: client, organizationId, kinds, adopt: false, apiUrl: credentials.apiUrl, progress: (line) => log(`${side}: ${line}`) });
    } catch (error) {
      if (isApiError(error) && isOrganizationRequestPath(error.path, organizationId)) throw organizationError(error, organizationId, credentials);
      if (isAuthenticationError(error)) throw organizationError(error, organizationId, credentials);
      throw error;
    }
    for (const warning of result.warnings) log(`${side}: warning: ${warning}`);
    const name = flags.name ?? (flags.stack && SIDE_NAME.test(flags.stack) ? flags.stack : organizationId);
    return { side: { name: SIDE_NAME.test(name) ? name : side, organizationId, apiUrl: credentials.apiUrl, skipped: result.skipped }, result };
  } finally {
    await client.close();
  }
}

export async function compareCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "left-org": { type: "string" },
      "left-api-url": { type: "string" },
      "left-token-stdin": { type: "boolean", default: false },
      "left-stack": { type: "string" },
      "left-name": { type: "string" },
      "right-org": { type: "string" },
      "right-api-url": { type: "string" },
      "right-token-stdin": { type: "boolean", default: false },
      "right-stack": { type: "string" },
      "right-name": { type: "string" },
      only: { type: "string" },
      output: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${COMPARE_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new CompareUsageError(`unexpected argument ${JSON.stringify(positionals[0])}\n${COMPARE_USAGE}`);
  for (const flag of ["left-name", "right-name"] as const) {
    if (values[flag] !== undefined && !SIDE_NAME.test(values[flag])) throw new CompareUsageError(`--${flag}: a name is letters, digits, -, _, . and / only`);
  }
  let kinds;
  try {
    kinds = selectKinds(EXPORTERS, values.only);
  } catch (error) {
    throw new CompareUsageError((error as Error).message);
  }
  const flags: Record<SideName, SideFlags> = {
    left: { org: values["left-org"], apiUrl: values["left-api-url"], tokenStdin: values["left-token-stdin"], stack: values["left-stack"], name: values["left-name"] },
    right: { org: values["right-org"], apiUrl: values["right-api-url"], tokenStdin: values["right-token-stdin"], stack: values["right-stack"], name: values["right-name"] },
  };
  const log = (line: string) => process.stderr.write(`compare: ${terminalText(line)}\n`);
  const stdinLines = flags.left.tokenStdin || flags.right.tokenStdin ? (await readStdin()).split(/\r?\n/).map((line) => line.trim()) : [];
  const tokens = {
    left: flags.left.tokenStdin ? stdinLines[0] : undefined,
    right: flags.right.tokenStdin ? stdinLines[flags.left.tokenStdin ? 1 : 0] : undefined,
  };
  for (const side of ["left", "right"] as const) {
    if (flags[side].tokenStdin && !tokens[side])
      throw new CompareUsageError(
        `--${side}-token-stdin: no ${side} token on standard input (${flags.left.tokenStdin && flags.right.tokenStdin ? "two lines: the left token, then the right one" : "one line"})`,
      );
  }
  // Both sides' credentials first: a missing or refused value stops before any request.
  const configs = { left: await sideCredentials("left", flags.left, tokens.left), right: await sideCredentials("right", flags.right, tokens.right) };
  const [left, right] = await Promise.all((["left", "right"] as const).map((side) => readSide(side, flags[side], configs[side].credentials, kinds, log)));
  if (left.side.name === right.side.name) {
    left.side.name = `${left.side.name}-left`;
    right.side.name = `${right.side.name}-right`;
  }
  const comparison = compareOrganizations(
    left.result.planned.map((item) => item.object),
    right.result.planned.map((item) => item.object),
  );
  // A side whose stack adopts the other side's objects: its `up` would be refused.
  const crossing = {
    left: adoptedElsewhere(
      await configs.left.adopt(),
      right.result.planned.map((item) => item.object),
    ),
    right: adoptedElsewhere(
      await configs.right.adopt(),
      left.result.planned.map((item) => item.object),
    ),
  };
  const markdown = renderComparison(comparison, left.side, right.side, crossing);
  if (values.output) fs.writeFileSync(values.output, markdown);
  else process.stdout.write(markdown);
  const complete = isComplete(left.side, right.side);
  log(
    comparison.differences.length === 0
      ? `no difference${complete ? "" : " in what could be compared"}: ${comparison.same} objects the same`
      : `${comparison.differences.length} difference${comparison.differences.length === 1 ? "" : "s"}, ${comparison.same} objects the same`,
  );
  if (!complete) {
    log("could not tell: the API refused to list some kinds (above); exit code 2");
    return 2;
  }
  for (const side of ["left", "right"] as const) {
    if (crossing[side].length > 0)
      log(`${side}: its stack config adopts ${crossing[side].length} object(s) of the other side's organization: its \`pulumi up\` would be refused (exit code 1)`);
  }
  return comparison.differences.length === 0 && crossing.left.length === 0 && crossing.right.length === 0 ? 0 : 1;
}
