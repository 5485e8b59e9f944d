/**
 * Text that holds for one door only, marked where it is written (a kind's Markdown description, a
 * field's or a lookup's description), so that each door's words are written once and the other
 * door never shows them: `<!-- pulumi only -->` or `<!-- terraform only -->`, then the text (words
 * inside a line, or whole lines), then `<!-- end -->`. A marker on lines of its own takes its lines
 * with it. Every door's reader of a description calls {@link forDoor}.
 */

/** The Pulumi doors (dynamic providers and the plugin, every language), and OpenTofu/Terraform's. */
export type Door = "pulumi" | "terraform";

/** A marker on a line of its own, to its end marker, with the blank lines around them (Prettier writes them). */
const DOOR_LINES = /(\n*)^<!-- (pulumi|terraform) only -->\n+([^]*?)\n*^<!-- end -->$\n*/gm;
/** A marker inside a line. */
const DOOR_WORDS = /<!-- (pulumi|terraform) only -->([^]*?)<!-- end -->/g;

/**
 * `text` as `door` reads it: the other door's marked text left out, the markers gone. Marked lines
 * join the lines around them without a blank line (they are items of a list, as Markdown writes
 * them tight), and two blocks in a row (one per door) give one door's lines.
 */
export function forDoor(text: string, door: Door, where = "a description"): string {
  const kept = text
    .replace(DOOR_LINES, (_all, before: string, marked: string, inner: string, offset: number) => {
      const atStart = offset === 0 || before === "";
      const lines = marked === door ? `${inner}\n` : "";
      return atStart ? lines : `\n${lines}`;
    })
    .replace(DOOR_WORDS, (_all, marked: string, inner: string) => (marked === door ? inner : ""));
  if (/<!-- (pulumi|terraform) only -->|<!-- end -->/.test(kept))
    throw new Error(`${where}: a door marker without its end, or one inside another`);
  return kept;
}
