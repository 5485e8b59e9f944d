/**
 * Values printed for a person to paste into a shell come from files and flags the emulator does
 * not control (a snapshot's organization id, `--token`): pasted unquoted, `$(...)`, backticks or
 * `;` in them would run as commands.
 */

/** `value` as one POSIX sh word that stands for exactly itself: single-quoted, each `'` written as `'\''`. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `export NAME='value'`, safe to paste into sh, bash or zsh. */
export function exportLine(name: string, value: string): string {
  return `export ${name}=${shellQuote(value)}`;
}

/**
 * The `export NAME='value'` lines in `text` (as {@link exportLine} prints them), read back:
 * `{ NAME: value }`, each value exactly as it was before quoting. What a program that starts the
 * emulator reads instead of evaluating the lines in a shell.
 */
export function readExportLines(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const match of text.matchAll(/^export ([A-Z_][A-Z0-9_]*)=((?:'[^']*'|\\')+)$/gm)) {
    values[match[1]] = match[2].replace(/'([^']*)'|\\'/g, (_whole, quoted: string | undefined) => quoted ?? "'");
  }
  return values;
}
