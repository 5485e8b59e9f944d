/**
 * Text that nobody can turn into markup. Every string the summary shows comes from a program, the
 * API or the engine (names, titles, values, property names, messages), and a pull-request comment
 * is where a team decides what reaches its organization: such a string must never become an
 * element, a comment, a mention, a cross-reference, a link or an image, close a code span, split a
 * table cell, reorder the text around it, or forge the summary's marker line.
 *
 * So each one is shown as code, where GitHub renders neither Markdown, HTML, mentions nor
 * references: an inline code span (`code`), a `<code>` element in HTML (`htmlCode`), or a fenced
 * block (`codeBlock`), each built so no content can end it, and each on one line but the block.
 */

/**
 * Characters that reorder or hide text (bidirectional controls, zero-width characters, other
 * control characters): shown as their code point, so `\u202E` cannot flip what a reviewer reads.
 */
// eslint-disable-next-line no-control-regex -- control characters other than tab, newline and carriage return, matched on purpose.
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/g;

export function visible(text: string): string {
  return text.replace(INVISIBLE, (character) => `\\u${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`);
}

/** One line: a line break shows as `⏎`, so a value cannot add rows, items or lines. */
function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, "⏎");
}

/**
 * The start of an HTML comment, defused: the summary's marker (`<!-- pulumi-docs-platform:...`)
 * is found by CI as a whole line, and no content may write one, even as code.
 */
function noComment(text: string): string {
  return text.replace(/<!--/g, "<!\u2010\u2010");
}

/** The longest run of backticks in `text`: a fence one longer cannot be closed by it. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}

/**
 * An inline code span of `text`, one line, that no content closes (CommonMark: a span ends only at
 * a run of backticks as long as the one that opened it). In a GFM table (`inTable`) a `|` shows
 * as `│`: a table row is split at every pipe an odd run of backslashes does not escape, which
 * content could arrange, so no pipe of its own is left to split the cell.
 */
export function code(text: string, options: { inTable?: boolean } = {}): string {
  let content = noComment(oneLine(visible(text)));
  if (content === "") return "_(empty)_";
  if (options.inTable) content = content.replace(/\|/g, "\u2502");
  const fence = "`".repeat(longestBacktickRun(content) + 1);
  // A space on each side is stripped by the renderer: needed when the content starts or ends
  // with a backtick, and to keep spaces that both start and end it.
  const pad = content.startsWith("`") || content.endsWith("`") || (content.startsWith(" ") && content.endsWith(" ")) ? " " : "";
  return `${fence}${pad}${content}${pad}${fence}`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "@": "&#64;", "#": "&#35;", "`": "&#96;", "|": "&#124;" };

/** `text` as a `<code>` element, for HTML contexts (a `<summary>`): every markup character escaped. */
export function htmlCode(text: string): string {
  return `<code>${oneLine(visible(text)).replace(/[&<>"'@#`|]/g, (character) => HTML_ESCAPES[character])}</code>`;
}

/** A fenced code block of `text` (several lines), with a fence no line of it can close. */
export function codeBlock(text: string): string[] {
  const content = noComment(visible(text.replace(/\r\n|\r/g, "\n")));
  const fence = "`".repeat(Math.max(3, longestBacktickRun(content) + 1));
  return [fence, ...content.split("\n"), fence];
}
