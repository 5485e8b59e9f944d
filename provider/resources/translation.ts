/**
 * `Translation`: a translation of an organization's content into a language.
 *
 * - Created with `POST /v1/orgs/{org}/translations` from `{ language, source, instructions? }`; the
 *   API needs `source`, its space and its language (the production service's behaviour: a 400 without them).
 * - `instructions` changes in place (`PUT .../translations/{id}` takes only the instructions);
 *   `language` and `source` cannot change through the API, so a change of either replaces the
 *   translation, as does an `organizationId` change.
 * - Running is explicit: `runTrigger` is an opaque string (a release tag, a content version). Each
 *   time `pulumi up` sees it set to a value it has not applied yet (at creation, or changed), it
 *   runs the translation once (`POST .../run`) after the create or the instructions update. The same
 *   value never runs again, and an `up` that changes anything else never runs. Removing it runs
 *   nothing. Adopting an existing translation does not run it: the value is recorded as applied.
 * - `status`, `result` and `stats` are the server's (outputs); `stats.runs` counts the runs.
 * - Natural key for `adopt: true`: the same `language` and the same `source` within the
 *   organization. The API does not promise that pair to be unique: when several match, adopt
 *   fails and names them, and one is adopted by id.
 * - Removing `instructions` stops managing them (the translation keeps its own).
 * - Destroy deletes the translation; one already gone counts as deleted.
 */
import { ref, setting } from "../adapter/example-values";
import { z } from "zod";
import { isOutcomeUnknown } from "../client";
import { adoptInput } from "../adapter/adopt";
import type { ApiRequester } from "../api/requester";
import { identifier, text } from "../adapter/check";
import { createOnce } from "../recovery/create-once";
import { asWritten, covers, documentInput } from "../domain/document";
import { PartialCreateError } from "../recovery/partial-create";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { compact, stateStrings } from "../adapter/values";
import {
  type ApiTranslation,
  createTranslation,
  deleteTranslation,
  getTranslation,
  listTranslations,
  readTranslationThroughList,
  runTranslation,
  updateTranslation,
} from "../api/translations";
import { wireMapping } from "../adapter/wire";
import { SaidError, said, term } from "../adapter/door-words";

/** What `adopt: true`, an interrupted create, the preview's duplicate check and the messages match by. */
const NATURAL_KEY = "language and source within the organization";

/**
 * The languages the platform translates into (the service's list): a well-formed code outside it
 * would pass a preview and fail at `up`, so the target language is checked against it.
 */
export const TRANSLATION_LANGUAGES = [
  "ar",
  "cs",
  "da",
  "de",
  "el",
  "en",
  "es",
  "fi",
  "fr",
  "he",
  "hi",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "nl",
  "no",
  "pl",
  "pt",
  "pt-br",
  "ro",
  "ru",
  "sv",
  "th",
  "tr",
  "uk",
  "vi",
  "zh",
  "zh-tw",
] as const;

const targetLanguage = () =>
  z.string().refine((value) => (TRANSLATION_LANGUAGES as readonly string[]).includes(value), {
    message: `must be one of the languages the platform translates into: ${TRANSLATION_LANGUAGES.join(", ")}`,
  });

// The API needs both: a translation is of one space, from one language.
const sourceInput = z.strictObject({
  space: identifier().meta({ refersTo: "Space", description: "Id of the space to translate." }),
  language: targetLanguage().meta({ description: "Language code of the source content." }),
});

export const schema = z.strictObject({
  // In the request's path; the translation does not carry it.
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization that owns the translation. Changing it replaces the translation. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_acme",
  }),
  language: targetLanguage().meta({
    replaces: true,
    description:
      "Language to translate into: a language code (2 or 3 lowercase letters, optionally a hyphen and\n" + "a region, such as `pt-br`). Changing it replaces the translation.",
    example: "fr",
  }),
  source: sourceInput.meta({
    replaces: true,
    description: "What to translate: the source space and its language, both required. Changing it replaces\n" + "the translation.",
    example: { space: ref("Space", "guides"), language: "en" },
  }),
  instructions: documentInput.optional().meta({
    description: "Instructions for the translator, a rich-text document; changes in place.",
    example: {
      object: "document",
      data: { schemaVersion: 1 },
      nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Keep product names in English.", marks: [] }] }] }],
    },
  }),
  runTrigger: text({ min: 1 })
    .optional()
    .meta({
      // Only the provider reads it (when to run): never sent, never in the translation.
      sendAs: false,
      providerOnly: true,
      description:
        "Runs the translation once whenever it is set to a new value: at creation, and on every `up`\n" +
        "where it changed. Use a value that changes when the source should be translated again, such as\n" +
        "a release tag. The same value never runs again, other changes never run, and removing it runs\n" +
        "nothing.",
      example: setting("releaseTag", "v2.4.0"),
    }),
  adopt: adoptInput.optional().meta({
    description:
      'Take over an existing translation instead of creating one: `{ id: "tr_123" }`, or `true` to\n' +
      "adopt the one translation with this `language` and `source` (created if there is none). It is\n" +
      "then reconciled to these inputs, without running it. Only read at creation.",
  }),
});

export type TranslationInputs = z.infer<typeof schema>;

/** Where a translation takes its content from (its fields are described on `sourceInput`). */
export interface TranslationSource {
  space: string;
  language: string;
}

/** The target of a translation's result. */
export interface TranslationResult {
  space?: string;
  revision?: string;
}

/** Counters of a translation's runs. */
export interface TranslationStats {
  runs: number;
  totalWords: number;
  totalPages: number;
  totalDuration: number;
  latestRunDuration: number;
  latestPages: number;
  latestWords: number;
}

/**
 * The state a translation stands for, from the declarations (`wire`, below the outputs) and the
 * request's path. By hand, each for its reason: the source and the instructions are kept as
 * written (`written`: the inputs, or the previous state) when the API's hold all of it, so fields
 * the API adds (a document's block keys, its schema version) never show as drift; `runTrigger`
 * exists only in Pulumi and is carried over.
 */
function fromApi(organizationId: string, translation: ApiTranslation, written: { source?: unknown; instructions?: unknown; runTrigger?: unknown }): State {
  return compact(
    wire.fromApi(translation, {
      organizationId,
      source: asWritten(translation.source, written.source),
      instructions: asWritten(translation.instructions, written.instructions),
      runTrigger: typeof written.runTrigger === "string" ? written.runTrigger : undefined,
    }),
  );
}

function organizationOf(props: State): string {
  return stateStrings(
    props,
    ["organizationId"],
    said`${term.kind("Translation")}: the state has no ${term.field("organizationId")}; run ${term.refresh()} or recreate the resource`,
  ).organizationId;
}

/** The translations with the inputs' language and declared source: the natural key. */
async function translationsMatching(api: ApiRequester, inputs: TranslationInputs): Promise<ApiTranslation[]> {
  const translations = await listTranslations(api, inputs.organizationId);
  return translations.filter((translation) => translation.language === inputs.language && covers(translation.source ?? {}, inputs.source ?? {}));
}

const runsOf = (translation: ApiTranslation | undefined) => translation?.stats?.runs ?? 0;

/**
 * Runs the translation exactly once and returns it as it is after the run. A run request whose
 * outcome is unknown (a lost connection, a 5xx) is settled by the run counter rather than sent
 * again, so a translation is never run twice for one trigger; `runsBefore` is the counter before.
 */
async function runOnce(api: ApiRequester, organizationId: string, id: string, runsBefore: number): Promise<ApiTranslation> {
  let after: ApiTranslation | undefined;
  try {
    await runTranslation(api, organizationId, id);
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw error;
    after = await getTranslation(api, organizationId, id);
    if (runsOf(after) <= runsBefore) throw error;
  }
  after ??= await getTranslation(api, organizationId, id);
  if (!after) throw new SaidError(said`Translation ${id} disappeared while it was run; run ${term.refresh()}`);
  return after;
}

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  status: z.string().meta({ description: "State of the translation; `pending` appears." }),
  result: z.object({ space: z.string().optional(), revision: z.string().optional() }).optional().meta({ description: "Where the translated content is, once there is some." }),
  stats: z
    .object({
      runs: z.number(),
      totalWords: z.number(),
      totalPages: z.number(),
      totalDuration: z.number(),
      latestRunDuration: z.number(),
      latestPages: z.number(),
      latestWords: z.number(),
    })
    .meta({ description: "Counters of the runs; `stats.runs` is the number of runs." }),
  urls: z.object({ location: z.string().optional() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The state of a translation as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(schema, outputs);

export const definition: ResourceDefinition<TranslationInputs> = {
  kind: "Translation",
  schema,
  outputs,
  ...declaredKeyLists(schema),
  naturalKey: NATURAL_KEY,

  async create(ctx, inputs) {
    const { organizationId } = inputs;
    const created = await createOnce<ApiTranslation>(ctx, {
      kind: "Translation",
      describe: `translation into "${inputs.language}"`,
      matchedBy: NATURAL_KEY,
      // A POST makes a new translation every time it is sent: never re-sent blindly.
      send: () => createTranslation(ctx.api, organizationId, wire.bodyOf(inputs)),
      find: () => translationsMatching(ctx.api, inputs),
      get: (id) => getTranslation(ctx.api, organizationId, id),
      idOf: (translation) => translation.id,
      createdAtOf: (translation) => translation.createdAt,
    });
    if (inputs.runTrigger === undefined) return { id: created.id, state: fromApi(organizationId, created, inputs) };
    try {
      const ran = await runOnce(ctx.api, organizationId, created.id, runsOf(created));
      return { id: created.id, state: fromApi(organizationId, ran, inputs) };
    } catch (cause) {
      // Recorded without the trigger, so the next `up` sees it as not applied yet and runs it.
      throw new PartialCreateError(created.id, fromApi(organizationId, created, { ...inputs, runTrigger: undefined }), cause);
    }
  },

  async read(ctx, id, previous) {
    const organizationId = organizationOf(previous);
    // In a refresh or an import, from the organization's translation list shared by every translation (see shared-lists.ts).
    const translation = await readTranslationThroughList(ctx, organizationId, id);
    return translation && fromApi(organizationId, translation, previous);
  },

  async update(ctx, id, olds, news, changed) {
    const organizationId = news.organizationId;
    const fixed = (["language", "source"] as const).filter((key) => changed.has(key));
    if (fixed.length > 0) {
      // Only reachable through adopt: diff replaces on these keys.
      const differences = fixed.map((key) => `${key} ${JSON.stringify(olds[key] ?? null)} (declared ${JSON.stringify(news[key] ?? null)})`).join(", ");
      throw new Error(
        `Translation ${id} has ${differences}; the API cannot change a translation's language or source. ` +
          "Declare the translation's own values, or leave out adopt to create a new translation.",
      );
    }
    let translation: ApiTranslation | undefined;
    // The translation's PUT takes only the instructions, and needs them (DESIGN.md 8): the one
    // field that changes in place, sent when it changed and is still declared.
    const body = wire.patchOf(news, changed);
    if (Object.keys(body).length > 0) translation = await updateTranslation(ctx.api, organizationId, id, body);
    if (changed.has("runTrigger") && news.runTrigger !== undefined) {
      const before = translation ?? (await getTranslation(ctx.api, organizationId, id));
      if (!before) throw new SaidError(said`Translation ${id} no longer exists; run ${term.refresh()}`);
      translation = await runOnce(ctx.api, organizationId, id, runsOf(before));
    }
    translation ??= await getTranslation(ctx.api, organizationId, id);
    if (!translation) throw new SaidError(said`Translation ${id} no longer exists; run ${term.refresh()}`);
    return fromApi(organizationId, translation, news);
  },

  async delete(ctx, id, props) {
    await deleteTranslation(ctx.api, organizationOf(props), id);
  },

  async findByNaturalKey(ctx, inputs) {
    const matches = await translationsMatching(ctx.api, inputs);
    return matches.map((translation) => ({ id: translation.id, state: fromApi(inputs.organizationId, translation, inputs) }));
  },
};
