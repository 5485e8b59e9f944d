/**
 * What the release executable carries inside itself (scripts/release/bundle.mts replaces this
 * module's body when it bundles the plugin): the schema, the version and the SDK's gRPC channel
 * options, which the package reads from its files and its SDK instead. In the bundle there are no files beside the code to read, and a
 * require by computed path finds nothing; `bundled` tells the few places that load by path to take
 * their static route.
 */
export interface Embedded {
  /** True only in the release executable. */
  readonly bundled: boolean;
  /** provider/package.json's version at build time. */
  readonly version?: string;
  /** provider/docs-platform/schema.json's text at build time. */
  readonly schema?: string;
  /**
   * The bundled @pulumi/pulumi's `runtime/settings` grpcChannelOptions, read at build time: a start
   * would otherwise load that module (and some 190 of the SDK's with it) for this one object.
   */
  readonly grpcChannelOptions?: Record<string, unknown>;
}

export const EMBEDDED: Embedded = { bundled: false };
