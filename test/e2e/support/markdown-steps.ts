// A documentation section followed word for word: its shell blocks and files, in order, as one
// script (test/e2e/install.test.ts for the README, plugin-install.test.ts for docs/plugin.md).
import { runGroup } from "../../pulumi-cli/process-groups.ts";
import type { Heading, Root, RootContent } from "mdast";
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
    const code = node;
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

/**
 * The install docs' lines that touch the checkout: the one that installs and packs in it, and
 * those that install its tarball. install.test.ts and plugin-install.test.ts follow the README and
 * docs/plugin.md side by side, so each such line runs under a lock on the checkout: the packing
 * line alone (two `npm install`s in one checkout would relink what the other reads, and `npm
 * pack` rewrites the tarball), the tarball's installs together. The lines' words are unchanged,
 * only wrapped in `flock`.
 */
export function lockingCheckout(script: string, lockFile: string): string {
  const wrap = (line: string, mode: "-x" | "-s") => `flock ${mode} ${quote(lockFile)} bash -euo pipefail -c ${quote(line)}`;
  let packs = 0;
  const lines = script.split("\n").map((line) => {
    if (/\bnpm pack\b/.test(line) && line.includes('"$CHECKOUT"')) {
      packs++;
      return wrap(line, "-x");
    }
    return line.includes('"$CHECKOUT/') && /\bnpm install\b/.test(line) ? wrap(line, "-s") : line;
  });
  if (packs > 1) throw new Error(`the script packs the checkout ${packs} times, not at most once`);
  return lines.join("\n");
}

/** `text` quoted for bash. */
function quote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** Runs a bash script; resolves with its output, whatever the exit code. */
export function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  // A documented step may start the emulator in the background: the group goes with the script.
  return runGroup("bash", ["-euo", "pipefail", "-c", script], { cwd, env }).then(({ code, output }) => ({ code, output }));
}

/** The steps as one script: shell blocks as they are, each file written where it appears. */
export function scriptOf(steps: readonly Step[]): string {
  return steps.map((step, index) => (step.kind === "shell" ? step.text : `cat > ${JSON.stringify(step.name)} <<'DOC_FILE_${index}'\n${step.text}DOC_FILE_${index}`)).join("\n");
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
