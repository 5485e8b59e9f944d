import { isApiError, isOutcomeUnknown } from "../client";
import type { ApiRequester } from "../api/requester";
import { getCollection } from "../api/collections";
import { SaidError, said, term } from "../adapter/door-words";

/**
 * The API's wording of the two transfer outcomes the API's reference names for collections (it gives no
 * codes for them); a space's transfer is read the same way, so either answer is explained rather
 * than passed on raw.
 */
export const NO_UPDATE = /would not result in any update/i;
export const CANNOT_MOVE = /cannot be moved/i;

/** What moves to another organization, and how to read it, send it and explain its refusals. */
export interface OrganizationTransfer<T extends { organization?: string }> {
  /** `Collection col_1: transferring it from organization org_a to org_b`: how every error starts. */
  what: string;
  /** `space` / `collection`: the noun of the "would not result in any update" error. */
  noun: string;
  target: string;
  /** The wanted parent collection in the target organization, checked before anything is sent. */
  parent?: { id: string; phrase: string; fix: string };
  /** The object now, or undefined when it is gone. */
  read(): Promise<T | undefined>;
  gone(): Error;
  send(): Promise<unknown>;
  /** The kind's own explanation of a refusal other than the two settled here; undefined: rethrow it as is. */
  explainRefusal(error: unknown, apiMessage: string): Error | undefined;
}

/**
 * Transfers an object to `transfer.target` unless a read shows it there already; returns whether
 * it transferred. The parent is checked first, so a transfer is never left half done by a move that
 * could not follow it. A lost answer, or "would not result in any update", is settled by reading
 * where the object is now, never by sending the transfer again.
 */
export async function transferToOrganization<T extends { organization?: string }>(api: ApiRequester, transfer: OrganizationTransfer<T>): Promise<boolean> {
  const { what, target, parent } = transfer;
  if (parent !== undefined) {
    const collection = await getCollection(api, parent.id);
    if (!collection || collection.organization !== target) {
      throw new Error(
        `${what} ${parent.phrase} ${parent.id} is not possible: ${collection ? `that collection belongs to organization ${collection.organization}` : "that collection does not exist"}. ` +
          `Nothing was changed. ${parent.fix}`,
      );
    }
  }
  const current = await transfer.read();
  if (!current) throw transfer.gone();
  if (current.organization === target) return false;
  try {
    await transfer.send();
    return true;
  } catch (error) {
    const apiMessage = isApiError(error) ? (error.apiMessage ?? error.message) : "";
    if (isOutcomeUnknown(error) || NO_UPDATE.test(apiMessage)) {
      const after = await transfer.read();
      if (after?.organization === target) return true;
      if (NO_UPDATE.test(apiMessage)) {
        throw new SaidError(
          said`${what} was refused: the API says it "would not result in any update", yet the ${transfer.noun} reads as belonging to organization ${after?.organization ?? "(none: it is gone)"}. Nothing was changed. Run ${term.refresh()} and ${term.apply()} again.`,
          { cause: error },
        );
      }
      throw error;
    }
    throw transfer.explainRefusal(error, apiMessage) ?? error;
  }
}
