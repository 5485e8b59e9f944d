/**
 * Messages in each door's words. The core writes a message once; the parts of it that only a door
 * can say (a command: `pulumi up` or `tofu apply`; an input: `organizationId` or
 * `organization_id`; how to set the token; how to take over an existing object; the user's program
 * or configuration) are {@link Term}s: what they mean, as data, beside the words the Pulumi doors
 * say. A message ({@link Said}) reads as the Pulumi doors' text wherever it becomes a string (an
 * Error's `message`, `String(said)`), so those doors and their tests see no change; another door
 * renders it with its own words ({@link render}): the OpenTofu door's are provider/terraform/words.ts.
 *
 * An error carries its message as data ({@link SaidError}, {@link saidOf}), through the layers that
 * wrap it (operation-errors.ts, partial-create.ts); a check failure beside its reason (check.ts).
 */

/** What a term means, whatever the door's words for it. */
export type Term =
  /** The command that applies the deployment (`pulumi up`). */
  | { readonly meaning: "apply"; readonly pulumi: string }
  /** The command that plans it without a write (`pulumi preview`). */
  | { readonly meaning: "plan"; readonly pulumi: string }
  /** The command that reads the objects again into the state (`pulumi refresh`). */
  | { readonly meaning: "refresh"; readonly pulumi: string }
  /** The command that deletes everything the state holds (`pulumi destroy`). */
  | { readonly meaning: "destroy"; readonly pulumi: string }
  /** What the user writes the resources in (`program`). */
  | { readonly meaning: "program"; readonly pulumi: string }
  /** The tool that keeps the state (`Pulumi`). */
  | { readonly meaning: "tool"; readonly pulumi: string }
  /** An input of a kind by its path (`members.2`, `waitForProcessing.timeoutSeconds`); `kind`: another kind's than the message's. */
  | { readonly meaning: "field"; readonly pulumi: string; readonly path: string; readonly kind?: string }
  /** A kind (`TeamMember`). */
  | { readonly meaning: "kind"; readonly pulumi: string; readonly kind: string }
  /** A provider setting by its key (`the stack's docs-platform:organizationId`). */
  | { readonly meaning: "setting"; readonly pulumi: string; readonly key: string }
  /** How to give a provider setting a value (`with \`pulumi config set --secret docs-platform:token\``). */
  | { readonly meaning: "set setting"; readonly pulumi: string; readonly key: string }
  /**
   * How to take over an existing object, by its id when one is known: an instruction (`set adopt:
   * { id: "..." }`), or with `with`, the means after a verb (`take it over with adopt: true`).
   */
  | { readonly meaning: "take over"; readonly pulumi: string; readonly form: "instruction" | "with"; readonly id?: string }
  /** What a refused token means for a command that runs without the program (`pulumi refresh`, `pulumi destroy` use the recorded configuration). */
  | { readonly meaning: "token of a command without the program"; readonly pulumi: string; readonly key: string }
  /** What to do about an object deleted outside the tool that an update found gone. */
  | { readonly meaning: "gone object"; readonly pulumi: string };

type Part = string | Term | Said;

/** A message: text and terms, in order. */
export class Said {
  readonly parts: readonly Part[];
  constructor(parts: readonly Part[]) {
    this.parts = parts;
  }

  /** The Pulumi doors' text. */
  toString(): string {
    return render(this, (term) => term.pulumi);
  }
}

function isTerm(value: unknown): value is Term {
  return typeof value === "object" && value !== null && typeof (value as Term).meaning === "string" && typeof (value as Term).pulumi === "string";
}

/** A message from a template: each `${term}` a term, each `${said}` a message in it, anything else its text. */
export function said(strings: TemplateStringsArray, ...values: unknown[]): Said {
  const parts: Part[] = [];
  strings.forEach((text, index) => {
    if (text !== "") parts.push(text);
    if (index < values.length) {
      const value = values[index];
      parts.push(value instanceof Said || isTerm(value) ? value : String(value));
    }
  });
  return new Said(parts);
}

/** A door's words for each term. */
export type Words = (term: Term) => string;

/** A message (or a plain text) in a door's words; `text`, when given, rewrites its plain text (not its terms). */
export function render(message: Said | string, words: Words, text: (plain: string) => string = (plain) => plain): string {
  if (typeof message === "string") return text(message);
  return message.parts.map((part) => (typeof part === "string" ? text(part) : part instanceof Said ? render(part, words, text) : words(part))).join("");
}

// ---- terms, as the core's messages use them ------------------------------------------------------

export const term = {
  apply: (pulumi = "`pulumi up`"): Term => ({ meaning: "apply", pulumi }),
  plan: (pulumi = "`pulumi preview`"): Term => ({ meaning: "plan", pulumi }),
  refresh: (pulumi = "`pulumi refresh`"): Term => ({ meaning: "refresh", pulumi }),
  destroy: (pulumi = "`pulumi destroy`"): Term => ({ meaning: "destroy", pulumi }),
  program: (pulumi = "program"): Term => ({ meaning: "program", pulumi }),
  tool: (pulumi = "Pulumi"): Term => ({ meaning: "tool", pulumi }),
  /** An input by its core path, written as it is (`organizationId`). */
  field: (path: string, kind?: string, pulumi = path): Term => ({ meaning: "field", pulumi, path, ...(kind === undefined ? {} : { kind }) }),
  kind: (kind: string, pulumi = kind): Term => ({ meaning: "kind", pulumi, kind }),
  setting: (key: string, pulumi: string): Term => ({ meaning: "setting", pulumi, key }),
  setSetting: (key: string, pulumi: string): Term => ({ meaning: "set setting", pulumi, key }),
  takeOver: (pulumi: string, id?: string): Term => ({
    meaning: "take over",
    pulumi,
    form: pulumi.startsWith("with ") ? "with" : "instruction",
    ...(id === undefined ? {} : { id }),
  }),
  tokenWithoutProgram: (key: string, pulumi: string): Term => ({ meaning: "token of a command without the program", pulumi, key }),
  goneObject: (pulumi: string): Term => ({ meaning: "gone object", pulumi }),
};

// ---- errors ----------------------------------------------------------------------------------

/** An error whose message is a {@link Said}: `message` is the Pulumi doors' text. */
export class SaidError extends Error {
  readonly said: Said;
  constructor(message: Said, options?: ErrorOptions) {
    super(String(message), options);
    this.said = message;
  }
}

/** An error's message as data: its {@link Said} when it has one, else its text. */
export function saidOf(error: unknown): Said {
  const carried = (error as { said?: unknown } | null)?.said;
  if (carried instanceof Said) return carried;
  return new Said([error instanceof Error ? error.message : String(error)]);
}
