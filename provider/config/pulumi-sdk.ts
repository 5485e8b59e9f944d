import type * as Pulumi from "@pulumi/pulumi";

/**
 * The Pulumi SDK, loaded on its first use. The modules every door shares (the lookups, the
 * organization default) read the stack config through it only inside a Pulumi program; the
 * OpenTofu door and the plugin reach those modules but never that path, and loading the SDK (some
 * 1,000 modules) took 4.4 s of the OpenTofu door's 6 s start under load. In a program it is the
 * module the program loaded already.
 */
export function pulumiSdk(): typeof Pulumi {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose (above)
  return require("@pulumi/pulumi") as typeof Pulumi;
}
