/**
 * `AgentInstructions`: the organization's agent instructions, one document per organization
 * (`GET` and `PUT /v1/orgs/{org}/agent-instructions`, 4.7).
 *
 * - The document always exists (an organization that never wrote one reads as the empty document),
 *   so this resource always adopts it: the id is the organization id, and create PUTs the declared
 *   document only when the organization's differs. There is no `adopt` input.
 * - `instructions` changes in place, replaced whole (PUT). Changing `organizationId` replaces the
 *   resource: the new organization's document is adopted, the old one is handled as on destroy.
 * - Destroy leaves the document as it is by default: removing the resource means "stop managing
 *   the instructions". With `clearOnDestroy: true` destroy writes the empty document instead.
 * - Refresh compares documents structurally and shows a real change of the document as drift;
 *   fields the API adds to what the program declared (a block's `key`, ...) are not drift.
 */
import { said, term } from "../adapter/door-words";
import { z } from "zod";
import { isNotFoundError } from "../client";
import { identifier } from "../adapter/check";
import { asWritten, documentInput, EMPTY_DOCUMENT } from "../domain/document";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { compact, jsonEqual } from "../adapter/values";
import { ofOrganization } from "../adapter/import-ids";
import { type ApiAgentInstructions, getAgentInstructions, replaceAgentInstructions } from "../api/agent-instructions";
import { wireMapping } from "../adapter/wire";

export const schema = z.strictObject({
  // In the request's path; the document does not carry it.
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization whose instructions these are. Changing it replaces the resource. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_acme",
  }),
  instructions: documentInput.meta({
    description: "The instructions, a rich-text document, replaced whole on a change.",
    example: {
      object: "document",
      data: { schemaVersion: 1 },
      nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Answer in a friendly tone.", marks: [] }] }] }],
    },
  }),
  clearOnDestroy: z
    .boolean()
    .optional()
    .meta({
      // Only the provider reads it (what destroy does): never sent, never in the document.
      sendAs: false,
      providerOnly: true,
      description:
        "What destroy (or removing the resource) does: `false` or left out leaves the organization's\n" +
        "instructions as they are; `true` clears them (writes the empty document).",
      example: true,
    }),
});

/** `adopt` is never an input here: the organization's document always exists and is always adopted. */
export type AgentInstructionsInputs = z.infer<typeof schema> & { adopt?: undefined };

/**
 * The state the organization's instructions stand for, from the declarations (`wire`, below the
 * outputs) and the request's path. By hand, each for its reason: the document is kept as written
 * (`written`: the inputs, or the previous state) when the API's holds all of it, so only a real
 * change is drift; `clearOnDestroy`, which only the provider reads, is carried over; `updatedBy` is
 * the member's id as production answers it (DESIGN.md 8), and a User object (an earlier emulator's
 * answer) gives its id.
 */
function fromApi(organizationId: string, current: ApiAgentInstructions, written: { instructions?: unknown; clearOnDestroy?: unknown }): State {
  return compact(
    wire.fromApi(current, {
      organizationId,
      instructions: asWritten(current.instructions, written.instructions),
      clearOnDestroy: typeof written.clearOnDestroy === "boolean" ? written.clearOnDestroy : undefined,
      updatedBy: updatedByOf(current.updatedBy),
    }),
  );
}

/** The writer's id: production's string, or the id of a User object an earlier emulator answered. */
export function updatedByOf(value: ApiAgentInstructions["updatedBy"]): string | undefined {
  if (typeof value === "string") return value === "" ? undefined : value;
  return typeof value?.id === "string" && value.id !== "" ? value.id : undefined;
}

function organizationOf(props: State, id: string): string {
  return typeof props.organizationId === "string" && props.organizationId !== "" ? props.organizationId : id;
}

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  updatedAt: z.string().optional().meta({ description: "When the instructions were last written." }),
  updatedBy: z.string().optional().meta({ description: "Id of the member (their user id) who last wrote them." }),
  urls: z.object({ location: z.string().optional() }),
});

/** The state of the instructions as the API answers them, and the body sent, from the declarations above. */
const wire = wireMapping(schema, outputs);

export const definition: ResourceDefinition<AgentInstructionsInputs> = {
  kind: "AgentInstructions",
  soleOwner: {
    keyInputs: ["organizationId"],
    object: ({ organizationId }) =>
      typeof organizationId === "string" ? { key: organizationId, description: `the agent instructions of organization ${organizationId}` } : undefined,
    sameOutput: "the agent instructions of the same organization",
    why: said`an organization has one agent instructions document, so every ${term.apply("up")} would overwrite the other's. Declare one ${term.kind("AgentInstructions")} per organization.`,
  },
  importId: ofOrganization,
  schema,
  outputs,
  ...declaredKeyLists(schema),

  async create(ctx, inputs) {
    const { organizationId } = inputs;
    const existing = await getAgentInstructions(ctx.api, organizationId);
    if (!existing) {
      throw new Error(
        `AgentInstructions: organization ${organizationId} does not exist or is not visible to this token; ` +
          "organizations cannot be created through the API, so organizationId must name an existing one",
      );
    }
    // The document always exists: the create writes it (whole: a PUT replaces it) only when the
    // organization's differs from the inputs (a document that holds all of the declared one does not).
    const found = fromApi(organizationId, existing, inputs);
    const differs = wire.sentKeys.some((key) => !jsonEqual(found[key], (inputs as State)[key]));
    const saved = differs ? await replaceAgentInstructions(ctx.api, organizationId, wire.bodyOf(inputs)) : existing;
    return { id: organizationId, state: fromApi(organizationId, saved, inputs) };
  },

  async read(ctx, id, previous) {
    const organizationId = organizationOf(previous, id);
    const found = await getAgentInstructions(ctx.api, organizationId);
    return found && fromApi(organizationId, found, previous);
  },

  async update(ctx, id, _olds, news, changed) {
    const organizationId = news.organizationId;
    // A `clearOnDestroy` change alone sends nothing: it only tells destroy what to do.
    const body = wire.patchOf(news, changed);
    const saved = Object.keys(body).length > 0 ? await replaceAgentInstructions(ctx.api, organizationId, body) : await getAgentInstructions(ctx.api, organizationId);
    if (!saved) throw new Error(`AgentInstructions: organization ${id} no longer exists or is not visible to this token`);
    return fromApi(organizationId, saved, news);
  },

  async delete(ctx, id, props) {
    if (props.clearOnDestroy !== true) return;
    try {
      await replaceAgentInstructions(ctx.api, organizationOf(props, id), wire.bodyOf({ instructions: EMPTY_DOCUMENT }));
    } catch (error) {
      // The organization is gone, and its instructions with it.
      if (isNotFoundError(error)) return;
      throw error;
    }
  },
};
