/**
 * The oldest Node.js the package runs on, checked before anything else loads: the package's
 * entry (index.ts), its command-line tool (bin/) and the provider host's entry (runtime/host.ts)
 * import this module first. Below it, undici (which needs 22.19) would fail inside its own code
 * with a TypeError that names nothing; this names the running and the required version instead.
 *
 * Keep it free of imports and of syntax newer than the Node.js versions it turns away.
 */
export const MINIMUM_NODE_VERSION = "22.19.0";

/** Whether `version` ("22.19.0", "v20.20.2") is at least {@link MINIMUM_NODE_VERSION}. */
export function isSupportedNodeVersion(version: string): boolean {
  const parts = version.replace(/^v/, "").split(".").map(Number);
  const minimum = MINIMUM_NODE_VERSION.split(".").map(Number);
  for (let i = 0; i < minimum.length; i++) {
    const part = parts[i] ?? 0;
    if (part !== minimum[i]) return part > minimum[i];
  }
  return true;
}

/** The one line said on an older Node.js. */
export function unsupportedNodeMessage(version: string): string {
  return `pulumi-docs-platform needs Node.js ${MINIMUM_NODE_VERSION} or later; this is Node.js ${version.replace(/^v/, "")}. Install a newer Node.js (for example \`npm install node@24\`) and run again.`;
}

if (!isSupportedNodeVersion(process.versions.node)) {
  // An error whose stack is its message: the one line is what Node.js and Pulumi print.
  const error = new Error(unsupportedNodeMessage(process.versions.node));
  error.stack = error.message;
  throw error;
}
