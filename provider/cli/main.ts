/**
 * `npx pulumi-docs-platform <command>`: the package's command-line tools.
 *
 *   pr-summary [file] [--stack <name> | --workspace <name>] [--tool tofu|terraform] [--events <file>] [--exit-code] [--output <file>]
 *     Reads the JSON of `pulumi preview --json`, or of `tofu show -json <plan file>` (`terraform
 *     show -json`), from the file or stdin and prints a Markdown summary for a pull-request
 *     comment (a plan through pr-summary/plan.ts, into the same renderer). --events adds the policy
 *     violations of the event log the same preview wrote (`--event-log <file>`). Exits 3 when the
 *     preview failed (after writing the comment). With --exit-code it exits 2 when the preview
 *     proposes no change (CI can skip the comment), 0 otherwise; 1 on bad input.
 *
 *   drift [file] [--stack <name> | --workspace <name>] [--tool tofu|terraform] [--output <file>]
 *     Reads the JSON of `pulumi preview --refresh --json` of the deployed program, or of a
 *     refresh-only plan (`tofu show -json` of `tofu plan -refresh-only -out=<file>`), and prints a
 *     Markdown drift report (drift/render.ts). Exits 0 in sync, 2 drift, 3 the refresh failed.
 *
 *   export [--org <id>] [--out <dir>] [--only <kinds>] [--no-adopt] [--hcl] ...
 *     Reads a live organization through the API and writes a Pulumi program that declares it, or
 *     with --hcl an OpenTofu/Terraform root (export/command.ts).
 *
 *   compare --left-org <id> --right-org <id> [--left-api-url <url>] [--right-api-url <url>] ...
 *     Reads two organizations and prints in Markdown what differs between them, object by object
 *     (compare/command.ts). Exits 0 the same, 1 different, 2 could not tell (any error too).
 *
 *   rehearsal-stack --from <stack> --to <stack>
 *     Creates a stack for a rehearsal against the twin from a real stack: its config, its
 *     passphrase salt and its state with the URNs renamed, secrets left encrypted (rehearsal-stack.ts).
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { readPolicyViolations } from "./pr-summary/policy";
import { InputError } from "./input-error";
import { type Preview, readPreview } from "./pr-summary/preview";
import { PLAN_TOOLS, type PlanJson, type PlanTool, isPlanJson, isShowJson, readPlan, sensitiveInClear } from "./pr-summary/plan";
import { hasNoChanges, renderSummary } from "./pr-summary/render";
import { findDrift, findPlanDrift, hasDrift, renderDrift } from "./drift/render";
import type { PreviewJson } from "./pr-summary/preview";
import { ApiClient, isApiError } from "../client";
import { API_URL_ENV, CredentialsError, TOKEN_ENV, resolveCredentials } from "./export/credentials";
import { withOutsideTitles } from "./pr-summary/titles";
import { EXPORT_USAGE, UsageError as ExportUsageError, exportCommand } from "./export/command";
import { COMPARE_USAGE, CompareUsageError, compareCommand } from "./compare/command";
import { terminalText } from "./terminal";
import { REHEARSAL_STACK_USAGE, RehearsalStackError, rehearsalStackCommand } from "./rehearsal-stack";

const PR_SUMMARY_USAGE = `usage: pulumi-docs-platform pr-summary [preview.json | plan.json] [--stack <name> | --workspace <name>] [--tool tofu|terraform]
                                       [--events <event-log>] [--exit-code] [--output <file>] [--api-url <url>]
  Reads \`pulumi preview --json\` output, or an OpenTofu or Terraform plan's (\`tofu plan -out=plan.out\`, then
  \`tofu show -json plan.out\`), from a file or stdin, and prints a Markdown summary for a pull request.
  An id an input holds is shown as the title of the preview's resource it names; with --api-url (or
  DOCS_PLATFORM_API_URL) and the token in DOCS_PLATFORM_TOKEN, an object outside the program by the title the API gives.
  --stack, --workspace: the stack's or workspace's name, in the comment's marker (a plan's default: default).
  --tool: which CLI wrote the plan, for the commands the comment names (default: the plan's providers' registry says).
  --events: the event log of the same preview (PULUMI_DEBUG_COMMANDS=true pulumi preview --json --event-log <file>),
  for its policy violations, which the JSON leaves out.
  A plan's sensitive values are masked; the plan file itself holds them in clear, which is said on stderr.
  Exit code: 0 written; 3 written, and the preview or plan failed; 2 (with --exit-code) no change to review; 1 bad input.`;
const DRIFT_USAGE = `usage: pulumi-docs-platform drift [preview.json | plan.json] [--stack <name> | --workspace <name>] [--tool tofu|terraform] [--output <file>]
  Reads \`pulumi preview --refresh --json\` of the deployed program, or a refresh-only plan (\`tofu plan -refresh-only
  -out=drift.plan\`, then \`tofu show -json drift.plan\`), from a file or stdin, and prints a Markdown report of
  what changed outside Pulumi (or OpenTofu), what was deleted, and what \`pulumi up\` (\`tofu apply\`) would do to repair it.
  Exit code: 0 in sync; 2 drift (report written); 3 the refresh failed (report written); 1 bad input.`;
const USAGE = `${PR_SUMMARY_USAGE}
${DRIFT_USAGE}
${EXPORT_USAGE}
${COMPARE_USAGE}
${REHEARSAL_STACK_USAGE}`;

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

/** `--tool`: the CLI that wrote a plan (its name and commands in the text); undefined: the plan says (plan.ts planToolOf). */
function toolOf(given: string | undefined): PlanTool | undefined {
  if (given === undefined) return undefined;
  const tool = PLAN_TOOLS[given];
  if (!tool) throw new UsageError(`--tool: ${JSON.stringify(given)} is not one; give ${Object.keys(PLAN_TOOLS).join(" or ")}`);
  return tool;
}

/** `--stack` or `--workspace` (one name, either flag), refused when both differ. */
function nameOf(values: { stack?: string; workspace?: string }): string | undefined {
  if (values.stack !== undefined && values.workspace !== undefined && values.stack !== values.workspace) throw new UsageError("give --stack or --workspace, not both");
  return values.workspace ?? values.stack;
}

/**
 * A preview's or a plan's changes, whichever the JSON is. A plan's sensitive values never reach
 * the comment, but its file holds them in clear: said on stderr, where the job's log is read.
 */
function readChanges(json: unknown, tool: PlanTool | undefined, command: string): Preview {
  if (!isShowJson(json)) return readPreview(json);
  const preview = readPlan(json, tool);
  const places = isPlanJson(json) ? sensitiveInClear(json) : [];
  if (places.length > 0) {
    const shown = places.slice(0, 5).join(", ") + (places.length > 5 ? ` and ${places.length - 5} more` : "");
    process.stderr.write(
      `pulumi-docs-platform ${command}: note: the plan's JSON holds ${places.length} sensitive value${places.length === 1 ? "" : "s"} in clear (${terminalText(shown)}); ` +
        "the comment masks them, but keep the plan file and its JSON out of artifacts and logs, and delete them after use\n",
    );
  }
  return preview;
}

async function prSummary(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      stack: { type: "string" },
      workspace: { type: "string" },
      tool: { type: "string" },
      events: { type: "string" },
      "exit-code": { type: "boolean", default: false },
      output: { type: "string" },
      "api-url": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${PR_SUMMARY_USAGE}\n`);
    return 0;
  }
  const tool = toolOf(values.tool);
  const name = nameOf(values);
  let preview = readChanges(await previewJson(positionals), tool, "pr-summary");
  if (values.events && preview.plan) throw new UsageError("--events is the event log of a Pulumi preview; a plan has none");
  if (values.events) preview.policyViolations = readPolicyViolations(fs.readFileSync(values.events, "utf8"));
  const access = await summaryAccess(values["api-url"]);
  if (access) {
    // Titles are a courtesy: an API that does not answer within 15 s leaves the ids as they are.
    const client = new ApiClient({ baseUrl: access.apiUrl, token: access.token, deadlineMs: 15_000, requestTimeoutMs: 10_000 });
    try {
      preview = await withOutsideTitles(preview, client);
    } finally {
      await client.close();
    }
  }
  const markdown = renderSummary(preview, { stack: name });
  if (values.output) fs.writeFileSync(values.output, markdown);
  else process.stdout.write(markdown);
  // A failed preview fails the job too, once its comment is written.
  if (preview.errors.length > 0) return 3;
  return values["exit-code"] && hasNoChanges(preview) ? 2 : 0;
}

/** The JSON of a preview, from a file or stdin; a UsageError when it is not JSON. */
async function previewJson(positionals: string[]): Promise<unknown> {
  if (positionals.length > 1) throw new UsageError("give at most one preview file");
  const text = positionals[0] && positionals[0] !== "-" ? fs.readFileSync(positionals[0], "utf8") : await readAll(process.stdin);
  try {
    // `pulumi preview --json` can print lines before its JSON (e.g. a plugin's message): start at the first "{".
    return JSON.parse(text.slice(Math.max(0, text.indexOf("{"))));
  } catch {
    throw new UsageError(
      "the input is not JSON: pipe `pulumi preview --json` into it, or give the file it wrote; for OpenTofu or Terraform, " +
        "write the plan with `tofu plan -out=plan.out` and give `tofu show -json plan.out` (not the log lines of `tofu plan -json`)",
    );
  }
}

async function drift(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { stack: { type: "string" }, workspace: { type: "string" }, tool: { type: "string" }, output: { type: "string" }, help: { type: "boolean", default: false } },
  });
  if (values.help) {
    process.stdout.write(`${DRIFT_USAGE}\n`);
    return 0;
  }
  const tool = toolOf(values.tool);
  const json = await previewJson(positionals);
  const preview = readChanges(json, tool, "drift");
  if (preview.plan) {
    // An errored plan's drift may be incomplete: the report says so (its errors), and the job fails.
    const found = { ...findPlanDrift(json as PlanJson, nameOf(values) ?? "default", preview.plan.tool), errors: preview.errors };
    const markdown = renderDrift(found);
    if (values.output) fs.writeFileSync(values.output, markdown);
    else process.stdout.write(markdown);
    if (found.errors.length > 0) return 3;
    return hasDrift(found) ? 2 : 0;
  }
  // A given --stack wins: the preview's URNs hold only the short name of `org/project/stack`.
  const stack = nameOf(values) ?? preview.stack;
  if (!stack) throw new UsageError("the preview does not name its stack: give --stack");
  const found = findDrift(preview, json as PreviewJson, stack);
  const markdown = renderDrift(found);
  if (values.output) fs.writeFileSync(values.output, markdown);
  else process.stdout.write(markdown);
  if (found.errors.length > 0) return 3;
  return hasDrift(found) ? 2 : 0;
}

class UsageError extends Error {}

/**
 * The API pr-summary may read the titles of objects outside the program from: --api-url or
 * DOCS_PLATFORM_API_URL, with the token in DOCS_PLATFORM_TOKEN, checked as the provider checks
 * them (the rehearsal guard too). None given: no access, and ids stay ids.
 */
async function summaryAccess(apiUrl: string | undefined): Promise<{ apiUrl: string; token: string } | undefined> {
  if (apiUrl === undefined && !process.env[API_URL_ENV]) return undefined;
  if (!process.env[TOKEN_ENV]) {
    if (apiUrl === undefined) return undefined;
    throw new UsageError(`--api-url: give the token in the environment variable ${TOKEN_ENV} too (to read the titles of objects outside the program)`);
  }
  return resolveCredentials({ flags: { apiUrl }, env: process.env, stackConfig: () => Promise.resolve(undefined) });
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "pr-summary") return await prSummary(rest);
    if (command === "drift") return await drift(rest);
    if (command === "export") return await exportCommand(rest);
    if (command === "compare") return await compareCommand(rest);
    if (command === "rehearsal-stack") return rehearsalStackCommand(rest);
    process.stderr.write(`${command ? `unknown command: ${command}\n` : ""}${USAGE}\n`);
    return 1;
  } catch (error) {
    // API errors (unreachable, timed out, refused) are told, not debugged: their messages say what failed.
    const known =
      error instanceof UsageError ||
      error instanceof InputError ||
      error instanceof ExportUsageError ||
      error instanceof CompareUsageError ||
      error instanceof CredentialsError ||
      error instanceof RehearsalStackError ||
      isApiError(error);
    // An unexpected failure shows its stack too (a bug to report); an expected one, just what to do.
    const text = known || !(error instanceof Error) ? String((error as Error).message) : (error.stack ?? error.message);
    // Messages may quote the API (an organization's title): shown without their control characters.
    process.stderr.write(`pulumi-docs-platform ${command}: ${terminalText(text)}\n`);
    // compare's 1 means "they differ": a comparison that failed could not tell, 2.
    return command === "compare" ? 2 : 1;
  }
}

// A rejection is left unhandled on purpose: Node.js prints it and exits with code 1.
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
