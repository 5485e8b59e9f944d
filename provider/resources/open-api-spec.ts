/**
 * `OpenApiSpec`: an OpenAPI specification of an organization.
 *
 * The resource's id is the spec's slug: the key of every path of the API. The server's own id is
 * the `specId` output. The slug is the natural key and must stay unique, so a slug change deletes
 * the old spec before creating the new one.
 *
 * Processing is asynchronous (`processingState`). With `waitForProcessing`, create and a source
 * change wait until it ends and fail with the slug, the state and `lastProcessErrorCode` when it
 * fails or does not end in time.
 */
import { Said, SaidError, said, term } from "../adapter/door-words";
import { z } from "zod";
import { isConflictError } from "../client";
import { redactUrlCredentials, urlCredential, withoutUrlCredentials as withoutCredentialsIn } from "../client/redact";
import { adoptInput } from "../adapter/adopt";
import type { ApiRequester } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import { httpUrl, identifier, text } from "../adapter/check";
import { createOnce } from "../recovery/create-once";
import { PartialCreateError } from "../recovery/partial-create";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { stateStrings } from "../adapter/values";
import { wireMapping } from "../adapter/wire";
import { bySlug } from "../adapter/import-ids";
import {
  type ApiOpenApiSpec,
  createOpenApiSpec,
  deleteOpenApiSpec,
  getOpenApiSpec,
  readOpenApiSpecThroughList,
  replaceOpenApiSpecSource,
  updateOpenApiSpec,
} from "../api/openapi-specs";

/** What `adopt: true`, an interrupted create, the preview's duplicate check and the messages match by. */
const NATURAL_KEY = "slug";

/** the API's reference. */
export const SLUG_PATTERN = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/;

/** the production service's behaviour (production; the API's reference gives only the pattern): slugs are 1..100 characters. */
export const SLUG_MAX = 100;

/** the API's reference. */
export const SPEC_VISIBILITIES = ["private", "public"] as const;

/** Default and bounds of `waitForProcessing.timeoutSeconds`. */
export const WAIT_DEFAULT_TIMEOUT_SECONDS = 300;
export const WAIT_MAX_TIMEOUT_SECONDS = 3600;
/** Polling starts fast (processing is often quick) and backs off to at most this interval. */
export const POLL_FIRST_INTERVAL_MS = 100;
export const POLL_MAX_INTERVAL_MS = 2000;

/**
 * Credentials in `source.url` (`user:password@`, `?token=...`) are refused: the API stores the URL
 * and returns it on every read, and Pulumi keeps inputs and outputs in the state in plain text;
 * export and the twin's snapshot would copy it too.
 */
function credentialReason(url: string): string | undefined {
  const found = urlCredential(url);
  return found === undefined
    ? undefined
    : `must not contain ${found} (value not shown): the API stores the URL and the state holds it in plain text; ` + "serve the spec from a URL the API can fetch without them";
}

export const openApiSpecInputs = z.strictObject({
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization that owns the spec. Changing it replaces the spec. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_123",
  }),
  slug: text({ min: 1, max: SLUG_MAX })
    .regex(SLUG_PATTERN, "must be letters and digits in groups joined by single hyphens, e.g. petstore-v2 (pattern of the API's reference)")
    .meta({
      replaces: true,
      description:
        "Unique name of the spec in the organization, 1 to 100 characters, pattern `^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$`. It is\n" +
        "the resource's id and natural key: changing it deletes the spec, then creates the new one.",
      example: "petstore",
    }),
  // the API's reference gives `{url}`; the API takes an absolute http(s) URL of at most 2048 characters, without credentials.
  // Sent by the POST and by a PUT of its own (a new version), never in the PATCH.
  source: z
    .strictObject({
      url: httpUrl({ max: 2048 }).superRefine((value, ctx) => {
        const reason = credentialReason(value);
        if (reason !== undefined) ctx.addIssue({ code: "custom", message: reason });
      }),
    })
    .meta({
      updatedApart: true,
      description:
        "Where the API fetches the specification from: an absolute http(s) URL of at most 2048\n" +
        "characters. Changing it uploads a new version of the same spec (PUT), it does not replace the spec.",
      example: { url: "https://example.com/openapi.yaml" },
    }),
  visibility: z
    .enum(SPEC_VISIBILITIES)
    .optional()
    .meta({ description: "`private` (not publicly available) or `public` (anyone with a public link). Removing it stops managing it.", example: "public" }),
  waitForProcessing: z
    .union(
      [
        z.boolean(),
        z.strictObject({
          timeoutSeconds: z.number().int("must be a whole number of seconds").min(1).max(WAIT_MAX_TIMEOUT_SECONDS).optional(),
        }),
      ],
      { error: `must be true, false or { timeoutSeconds: <whole number from 1 to ${WAIT_MAX_TIMEOUT_SECONDS}> }` },
    )
    .optional()
    .meta({
      sendAs: false,
      description:
        "Wait, when the spec is created or its source changes, until the API has processed the new\n" +
        "version; fail with the processing error when it fails or does not end in time. `true` waits up\n" +
        'to 300 seconds; an object whose `"timeoutSeconds"` is a number of seconds sets the limit (1 to 3600).\n' +
        "Default: do not wait. Only\n" +
        "changes how `create`/`update` behave: changing it alone is never a change of the spec.",
      example: { timeoutSeconds: 120 },
    }),
  adopt: adoptInput.optional().meta({
    description:
      'Take over an existing spec instead of creating one: `{ id: "<slug>" }`, or `true` to adopt the\n' +
      "spec with this `slug` (created when there is none). It is then reconciled to these inputs.",
  }),
});

export type OpenApiSpecInputs = z.infer<typeof openApiSpecInputs>;

/** the API's reference names only `pending`; the emulator and the production service also report `progress`. */
const IN_PROGRESS = new Set(["pending", "progress", "processing", "in-progress"]);

function organizationOf(bag: State): string {
  return stateStrings(bag, ["organizationId"], "OpenApiSpec: the state has no organizationId; cannot address the spec").organizationId;
}

/**
 * The spec without URL credentials. Inputs cannot carry them (see `credentialReason`), but a
 * source set outside Pulumi can, and the API echoes it in `sourceURL` and in processing errors.
 */
function withoutUrlCredentials(spec: ApiOpenApiSpec): ApiOpenApiSpec {
  // Tolerant of a response that lacks the fields: this only cleans, it does not validate.
  const clean = <T>(text: T): T => (typeof text === "string" ? (redactUrlCredentials(text) as T) : text);
  return {
    ...spec,
    sourceURL: typeof spec.sourceURL === "string" ? withoutCredentialsIn(spec.sourceURL) : spec.sourceURL,
    ...(Array.isArray(spec.lastProcessedErrors) && {
      lastProcessedErrors: spec.lastProcessedErrors.map((error) => ({ ...error, message: clean(error.message) })),
    }),
  };
}

/**
 * The state of a spec, from the declarations (`wire`, below the outputs) and the request's path. By
 * hand: credentials are taken out of the URLs first (no secret in a state), the source object is
 * made of the API's flat `sourceURL`, and `waitForProcessing` (how to apply, not a value of the
 * spec) is not in the state.
 */
function stateOf(organizationId: string, raw: ApiOpenApiSpec): State {
  const spec = withoutUrlCredentials(raw);
  const { waitForProcessing: _howToApply, ...state } = wire.fromApi(spec, { organizationId, source: { url: spec.sourceURL } });
  return state;
}

/** The spec's processing ended badly, or did not end in time. Carries the spec as it was last seen. */
export class ProcessingError extends SaidError {
  readonly spec: ApiOpenApiSpec;
  constructor(message: Said, spec: ApiOpenApiSpec) {
    super(new Said(message.parts.map((part) => (typeof part === "string" ? redactUrlCredentials(part) : part))));
    this.name = "ProcessingError";
    this.spec = withoutUrlCredentials(spec);
  }
}

function timeoutOf(wait: OpenApiSpecInputs["waitForProcessing"]): number | undefined {
  if (wait === undefined || wait === false) return undefined;
  if (wait === true) return WAIT_DEFAULT_TIMEOUT_SECONDS;
  return wait.timeoutSeconds ?? WAIT_DEFAULT_TIMEOUT_SECONDS;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function failureDetail(spec: ApiOpenApiSpec): string {
  const code = spec.lastProcessErrorCode ? ` with ${spec.lastProcessErrorCode}` : "";
  const messages = (spec.lastProcessedErrors ?? []).map((error) => error.message).filter(Boolean);
  return `${code}${messages.length > 0 ? `: ${messages.join("; ")}` : ""}`;
}

/**
 * Polls the spec until `lastVersion` (the version just uploaded) is processed. A failed state, or
 * an error code on a state that is not `complete`, is a failure.
 */
async function waitForProcessing(api: ApiRequester, organizationId: string, initial: ApiOpenApiSpec, timeoutSeconds: number): Promise<ApiOpenApiSpec> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let spec = initial;
  let interval = POLL_FIRST_INTERVAL_MS;
  while (IN_PROGRESS.has(spec.processingState)) {
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new ProcessingError(
        said`OpenAPI spec "${spec.slug}" is still ${spec.processingState} after ${timeoutSeconds}s (version ${spec.lastVersion ?? "unknown"}); raise ${term.field("waitForProcessing.timeoutSeconds")}, or run ${term.apply()} again to retry`,
        spec,
      );
    }
    await sleep(Math.min(interval, left));
    interval = Math.min(interval * 2, POLL_MAX_INTERVAL_MS);
    const next = await getOpenApiSpec(api, organizationId, spec.slug);
    if (!next) throw new Error(`OpenAPI spec "${spec.slug}" disappeared while waiting for its processing`);
    spec = next;
  }
  if (spec.processingState === "failed" || (spec.processingState !== "complete" && spec.lastProcessErrorCode)) {
    throw new ProcessingError(
      said`OpenAPI spec "${spec.slug}" failed processing (state ${spec.processingState}${failureDetail(spec)}) for source ${spec.sourceURL}; fix the source and run ${term.apply()} again`,
      spec,
    );
  }
  return spec;
}

async function create(ctx: ResourceContext, inputs: OpenApiSpecInputs): Promise<{ id: string; state: State }> {
  const { api } = ctx;
  const organizationId = inputs.organizationId;
  let spec: ApiOpenApiSpec;
  try {
    spec = await createOnce<ApiOpenApiSpec>(ctx, {
      kind: "OpenApiSpec",
      describe: `OpenAPI spec "${inputs.slug}"`,
      matchedBy: NATURAL_KEY,
      send: () => createOpenApiSpec(api, organizationId, inputs.slug, inputs.source.url),
      find: async () => {
        const existing = await getOpenApiSpec(api, organizationId, inputs.slug);
        return existing ? [existing] : [];
      },
      get: (slug) => getOpenApiSpec(api, organizationId, slug),
      idOf: (existing) => existing.slug,
      createdAtOf: (existing) => existing.createdAt,
    });
  } catch (error) {
    if (isConflictError(error)) {
      throw new SaidError(
        said`${error.message}. An OpenAPI spec with slug "${inputs.slug}" already exists: if no other resource of this ${term.program()} manages it, take it over ${term.takeOver("with adopt: true", inputs.slug)}; if one does, give this one another ${term.field("slug")} (two resources must not manage one spec)`,
        { cause: error },
      );
    }
    throw error;
  }
  try {
    // What the POST does not take (the slug and the source are its own arguments).
    const rest = wire.patchOf(inputs, wire.sentKeys);
    if (Object.keys(rest).length > 0) spec = await updateOpenApiSpec(api, organizationId, spec.slug, rest);
    const timeout = timeoutOf(inputs.waitForProcessing);
    if (timeout !== undefined) spec = await waitForProcessing(api, organizationId, spec, timeout);
  } catch (cause) {
    const now = cause instanceof ProcessingError ? cause.spec : await getOpenApiSpec(api, organizationId, spec.slug).catch(() => undefined);
    const state = stateOf(organizationId, now ?? spec);
    // The source was not processed: leave it out of the state, so the next `up` uploads it again
    // (a new version) instead of accepting a spec that never processed.
    if (cause instanceof ProcessingError) delete state.source;
    throw new PartialCreateError(spec.slug, state, cause);
  }
  return { id: spec.slug, state: stateOf(organizationId, spec) };
}

async function read(ctx: ResourceContext, slug: string, previous: State): Promise<State | undefined> {
  const organizationId = organizationOf(previous);
  // In a refresh, from the organization's spec list shared by every spec (listed by slug).
  const spec = await readOpenApiSpecThroughList(ctx, organizationId, slug);
  return spec && stateOf(organizationId, spec);
}

async function update(ctx: ResourceContext, slug: string, olds: State, news: OpenApiSpecInputs, changed: ReadonlySet<string>): Promise<State> {
  const { api } = ctx;
  const organizationId = organizationOf(olds);
  if (changed.has("slug") && news.slug !== slug) {
    // Only reachable through adopt (diff replaces on a slug change).
    throw new Error(`OpenAPI spec "${slug}" cannot be renamed to "${news.slug}": the slug cannot be changed in place`);
  }
  let spec: ApiOpenApiSpec | undefined;
  const body = wire.patchOf(news, changed);
  if (Object.keys(body).length > 0) spec = await updateOpenApiSpec(api, organizationId, slug, body);
  if (changed.has("source")) {
    spec = await replaceOpenApiSpecSource(api, organizationId, slug, news.source.url);
    const timeout = timeoutOf(news.waitForProcessing);
    if (timeout !== undefined) spec = await waitForProcessing(api, organizationId, spec, timeout);
  }
  spec ??= await getOpenApiSpec(api, organizationId, slug);
  if (!spec) throw new SaidError(said`OpenAPI spec "${slug}" no longer exists in organization ${organizationId}; run ${term.refresh()} to drop it from the state`);
  return stateOf(organizationId, spec);
}

async function remove(ctx: ResourceContext, slug: string, props: State): Promise<void> {
  await deleteOpenApiSpec(ctx.api, organizationOf(props), slug);
}

async function findByNaturalKey(ctx: ResourceContext, inputs: OpenApiSpecInputs): Promise<{ id: string; state: State }[]> {
  const spec = await getOpenApiSpec(ctx.api, inputs.organizationId, inputs.slug);
  return spec ? [{ id: spec.slug, state: stateOf(inputs.organizationId, spec) }] : [];
}

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  specId: z.string().meta({ readFrom: "id", description: "The server's id of the spec (the resource's id is the slug)." }),
  processingState: z.string().meta({ description: "`pending`, `progress`, `complete` or `failed` (the API's reference names only `pending`)." }),
  lastVersion: z.string().meta({ description: "Id of the latest version." }),
  lastProcessedAt: z.string().optional(),
  lastProcessErrorCode: z.string().optional().meta({ description: "Why the last processing failed, e.g. `FETCH_TIMEOUT`." }),
  lastProcessedErrors: z.array(z.object({ message: z.string(), code: z.string().optional() })).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  urls: z.object({ location: z.string().optional(), app: z.string().optional(), published: z.string().optional() }),
  publishedUrl: z.string().optional().meta({ readFrom: "urls.published" }),
});

/** The state of a spec as the API answers it, and the PATCH body, from the declarations above. */
const wire = wireMapping(openApiSpecInputs, outputs);

export const definition: ResourceDefinition<OpenApiSpecInputs> = {
  kind: "OpenApiSpec",
  soleOwner: {
    keyInputs: ["organizationId", "slug"],
    object: ({ organizationId, slug }) =>
      typeof organizationId === "string" && typeof slug === "string"
        ? { key: `${organizationId}/${slug}`, description: `the OpenAPI spec "${slug}" of organization ${organizationId}` }
        : undefined,
    sameOutput: "the OpenAPI spec of the same slug",
    why: said`a slug names one spec, so each ${term.apply("up")} would undo the other's changes. Declare one ${term.kind("OpenApiSpec")} per slug.`,
  },
  // The API addresses a spec by its slug, the resource's id; the spec's own `id` addresses nothing.
  importId: bySlug,
  schema: openApiSpecInputs,
  outputs,
  // `waitForProcessing` is deliberately not an input key: changing it alone must not be a diff.
  uncomparedInputKeys: ["waitForProcessing"],
  ...declaredKeyLists(openApiSpecInputs),
  deleteBeforeReplace: true,
  naturalKey: NATURAL_KEY,
  // The API refuses a second spec with a slug (409): the preview fails as the create would.
  duplicates: "refused",
  naturalKeyInput: "slug",
  create,
  read,
  update,
  delete: remove,
  findByNaturalKey,
};
