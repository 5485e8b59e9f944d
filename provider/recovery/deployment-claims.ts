/**
 * Objects a create of this deployment took over: keys such as `member:<org>/<userId>`. The provider
 * host runs one process per deployment (one `pulumi up`, `destroy`, ...), so this lives as long as
 * the deployment. A replacement creates the new resource before it deletes the old one; when both
 * name the same object (a member named by user id, then by email), the delete must not undo the
 * create that just took the object over.
 */
export class DeploymentClaims {
  private readonly keys = new Set<string>();

  claim(key: string): void {
    this.keys.add(key);
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }
}
