import type * as pulumi from "@pulumi/pulumi";

/** Pulumi config/type namespace of every resource: `pulumi-nodejs:dynamic/docs-platform:<Kind>`. */
export const RESOURCE_MODULE = "docs-platform";

/**
 * A resource argument: the value itself or an Output of it, and so on inside arrays and objects,
 * so programs can pass other resources' outputs anywhere.
 */
export type Wrapped<T> = T extends readonly (infer E)[]
  ? pulumi.Input<Wrapped<E>[]>
  : T extends object
    ? pulumi.Input<{ [K in keyof T]: Wrapped<T[K]> }>
    : pulumi.Input<T>;
