// A documentation section followed word for word: its shell blocks and files, in order, as one
// script (test/e2e/install.test.ts for the README, plugin-install.test.ts for docs/plugin.md).
import { runGroup } from "../../pulumi-cli/process-groups.ts";
import type { Code, Heading, Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

/** The blocks of the README section: shell to run, or a file to write (info string `<lang> file=<name>`). */
export type Step = { kind: "shell"; text: string } | { kind: "file"; name: string; text: string };

export function sectionSteps(markdown: string, title: string, depth = 2): Step[] {
  const tree: Root = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const start = tree.children.findIndex((node) => node.type === "heading" && node.depth === depth && textOf(node) === title);
  if (start === -1) throw new Error(`no "${"#".repeat(depth)} ${title}" section`);
  const steps: Step[] = [];
  for (const node of tree.children.slice(start + 1)) {
    if (node.type === "heading" && node.depth <= depth) break;
    if (node.type !== "code") continue;
    const code = node as Code;
    const file = /(?:^|\s)file=(\S+)/.exec(code.meta ?? "")?.[1];
    if (file) steps.push({ kind: "file", name: file, text: `${code.value}\n` });
    else if (code.lang === "sh") steps.push({ kind: "shell", text: code.value });
  }
  return steps;
}

function textOf(node: Heading | RootContent): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  if ("children" in node) return (node.children as RootContent[]).map(textOf).join("");
  return "";
}

/** Runs a bash script; resolves with its output, whatever the exit code. */
export function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  // A documented step may start the emulator in the background: the group goes with the script.
  return runGroup("bash", ["-euo", "pipefail", "-c", script], { cwd, env }).then(({ code, output }) => ({ code, output }));
}


/** The steps as one script: shell blocks as they are, each file written where it appears. */
export function scriptOf(steps: readonly Step[]): string {
  return steps
    .map((step, index) => (step.kind === "shell" ? step.text : `cat > ${JSON.stringify(step.name)} <<'DOC_FILE_${index}'\n${step.text}DOC_FILE_${index}`))
    .join("\n");
}

/**
 * A new stack's whole life against the emulator, as a user types it: configured (the token from
 * `$DOCS_PLATFORM_TOKEN`, as a secret), up, a no-change preview, destroy.
 */
export function stackLifecycleScript(stack: string, apiUrl: string, organizationId: string): string {
  return [
    `pulumi stack init ${stack}`,
    `pulumi config set docs-platform:apiUrl ${apiUrl}`,
    `pulumi config set --secret docs-platform:token "$DOCS_PLATFORM_TOKEN"`,
    `pulumi config set docs-platform:organizationId ${organizationId}`,
    "pulumi up",
    "pulumi preview --expect-no-changes",
    "pulumi destroy --yes",
  ].join("\n");
}
