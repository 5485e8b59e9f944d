/**
 * Pulumi config/type namespace of every resource: `pulumi-nodejs:dynamic/docs-platform:<Kind>`.
 * A file of its own, without @pulumi/pulumi: runtime/engine-log.ts needs it, and the plugin loads
 * engine-log at its start, before any call needs the SDK (plugin/service.ts).
 */
export const RESOURCE_MODULE = "docs-platform";
