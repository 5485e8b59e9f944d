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
