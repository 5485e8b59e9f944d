/**
 * HTML built only through the `html` tag: every interpolated value is escaped unless it is itself
 * `Html` made by the tag. There is no way to insert unescaped text, so a title holding
 * `<script>` can only ever show as text.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

/**
 * Markup the tag produced. The class stays private to this module, so no other code can make an
 * instance around text of its own.
 */
class Markup {
  readonly #text: string;

  constructor(parts: readonly string[], values: readonly Renderable[]) {
    let text = parts[0] ?? "";
    for (let i = 0; i < values.length; i++) text += render(values[i]) + (parts[i + 1] ?? "");
    this.#text = text;
  }

  toString(): string {
    return this.#text;
  }
}

export type Html = Markup;

/** What a template may interpolate. null, undefined and false render as nothing, so `cond && html\`...\`` works. */
export type Renderable = Html | string | number | boolean | null | undefined | readonly Renderable[];

function render(value: Renderable): string {
  if (value instanceof Markup) return value.toString();
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Renderable[]): Html {
  return new Markup([...strings], values);
}

/**
 * A URL the console may put in an `href`: absolute http(s) only, so a stored `javascript:` or
 * `data:` value never becomes a link. Anything else is shown as text by the caller.
 */
export function linkTarget(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** A path-segment-safe form of an id for the console's own links. */
export const segment = (id: string) => encodeURIComponent(id);
