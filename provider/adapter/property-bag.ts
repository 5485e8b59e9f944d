/** Property bags as both doors pass them to the adapter: plain JSON objects. */
export type PropertyBag = Record<string, unknown>;

/**
 * Input key that carries the resource's identity to `create`, for the create journal
 * (create-journal.ts). Set by every resource class, never validated, compared or returned.
 */
export const IDENTITY_KEY = "__identity";
