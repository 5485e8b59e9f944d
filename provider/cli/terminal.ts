/**
 * Text for a terminal. What the commands print comes partly from the API (an organization's
 * title, an error's message), and a terminal obeys the control characters in it: an escape
 * sequence can rewrite what was printed before, retitle the window or hide the text after it. So
 * every control character but the line break (and the tab) is shown as its code point, as the
 * pull-request summary shows them (pr-summary/inert.ts).
 */
import { visible } from "./pr-summary/inert";

export function terminalText(text: string): string {
  return visible(text).replace(/\r/g, "\\r");
}
