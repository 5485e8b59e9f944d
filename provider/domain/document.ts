/**
 * The API's rich-text Document, used by translation `instructions` and the
 * organization's agent `instructions`: its input schema, the empty document, and the comparison
 * that lets a refresh show a real change of a document and nothing else.
 */
import { z } from "zod";
import { text } from "../adapter/check";
import type { Document, DocumentBlock, DocumentNode } from "../api/document";

/** No blocks, frozen: the empty document's nodes. */
const NO_BLOCKS: DocumentBlock[] = [];
Object.freeze(NO_BLOCKS);

/** The document with nothing in it: what the API holds before any is written. Frozen: destroy sends it. */
export const EMPTY_DOCUMENT: Readonly<Document> = Object.freeze({
  object: "document",
  data: Object.freeze({ schemaVersion: 1 }),
  nodes: NO_BLOCKS,
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const block: z.ZodType<DocumentBlock> = z.lazy(() =>
  z.strictObject({
    object: z.literal("block", 'must be "block"'),
    type: text({ min: 1 }),
    key: z.string().optional(),
    nodes: z.array(childNode).optional(),
    isVoid: z.boolean().optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
);

/** A node the API's reference leaves open (text, inline, ...): an object that names its kind. */
const otherNode = z.looseObject({
  object: z.string('must be a string naming the kind of node, e.g. "text" or "block"').min(1, 'must name the kind of node, e.g. "text" or "block"'),
});

/**
 * A block's child: checked as a block when it says it is one, as an open node otherwise. Chosen by
 * `object` rather than with a union, so a wrong block gets the block's own failures (`nodes.0.type:
 * must not be empty`) instead of zod's "Invalid input" for a union.
 */
const childNode: z.ZodType<DocumentNode> = z.custom<DocumentNode>().superRefine((value, ctx) => {
  const schema = isRecord(value) && value.object === "block" ? block : otherNode;
  const result = schema.safeParse(value);
  if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue });
});

/** Anything but a block where a block must be: reported as that one fact, not as every field it lacks. */
const notABlock = z.looseObject({ object: z.literal("block", 'must be "block": the nodes of a document are blocks') });

/** A node of the document itself: a block. */
const topNode: z.ZodType<DocumentBlock> = z.custom<DocumentBlock>().superRefine((value, ctx) => {
  const schema = isRecord(value) && value.object === "block" ? block : notABlock;
  const result = schema.safeParse(value);
  if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue });
});

/** The input schema of a Document. */
export const documentInput: z.ZodType<Document> = z.strictObject({
  object: z.literal("document", 'must be "document"'),
  // Optional: production stores its current version when a request leaves it out.
  data: z.looseObject({ schemaVersion: z.number("must be a number, e.g. 1").optional() }).meta({
    description: "`schemaVersion` (a number; optional: the API then stores its current version) plus any additional properties.",
  }),
  nodes: z.array(topNode).meta({ description: "The document's blocks, in order." }),
});

/**
 * Whether `actual` (a value as the API returns it) holds everything `declared` does: every member
 * of each declared object present and equal, arrays of the same length, item by item. Members the
 * declared value does not have are ignored: the API may fill some in (a block's `key`, `isVoid`,
 * `data`), and they are not what the program manages. Iterative, like every walk over inputs.
 */
export function covers(actual: unknown, declared: unknown): boolean {
  const pending: [unknown, unknown][] = [[actual, declared]];
  while (pending.length > 0) {
    const [have, want] = pending.pop()!;
    if (have === want) continue;
    if (want === undefined) continue;
    if (have === null || want === null || typeof have !== "object" || typeof want !== "object") return false;
    if (Array.isArray(have) !== Array.isArray(want)) return false;
    if (Array.isArray(have) && Array.isArray(want)) {
      if (have.length !== want.length) return false;
      want.forEach((item, index) => pending.push([have[index], item]));
      continue;
    }
    for (const [key, item] of Object.entries(want as Record<string, unknown>)) {
      if (item === undefined) continue;
      const present = Object.hasOwn(have, key) ? (have as Record<string, unknown>)[key] : undefined;
      if (present === undefined) return false;
      pending.push([present, item]);
    }
  }
  return true;
}

/**
 * The value `actual` as the program wrote it: `written` itself when `actual` holds all of it (so
 * members the API added never show as drift), else `actual` as it is (a real change, shown whole).
 */
export function asWritten<T>(actual: T, written: unknown): T {
  return written !== undefined && covers(actual, written) ? (written as T) : actual;
}
