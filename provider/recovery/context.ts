/**
 * What each operation of a resource gets: the API's requester, and the recovery state of this
 * deployment's provider process (its create journal, its claims) and, in a refresh, the lists
 * its resources share. The adapter builds it once per operation (runtime/core.ts).
 */
import type { ApiRequester, ListReader } from "../api/requester";
import type { CreateJournal } from "./create-journal";
import type { DeploymentClaims } from "./deployment-claims";

export interface ResourceContext {
  api: ApiRequester;
  /** The create journal of this provider host (see create-journal.ts); absent in direct tests. */
  journal?: CreateJournal;
  /** Inside `create`: the resource's identity in the journal (`<project>/<stack>/<kind>/<name>`). */
  createKey?: string;
  /** Objects this deployment's creates took over (see deployment-claims.ts); absent in direct tests. */
  claims?: DeploymentClaims;
  /**
   * Only in `read` (a refresh): the provider host's lists shared by every resource of a parent
   * (see shared-lists.ts). A kind reads its object from its parent's list when this is present,
   * and with the object's own GET otherwise (creates, updates, direct tests).
   */
  lists?: ListReader;
}
