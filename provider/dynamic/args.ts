import * as pulumi from "@pulumi/pulumi";
import { organizationIdFor } from "../config/organization-default";
import { IDENTITY_KEY } from "../adapter/property-bag";

export { RESOURCE_MODULE } from "./resource-module";

/**
 * A resource argument: the value itself or an Output of it, and so on inside arrays and objects,
 * so programs can pass other resources' outputs anywhere.
 */
export type Wrapped<T> = T extends readonly (infer E)[]
  ? pulumi.Input<Wrapped<E>[]>
  : T extends object
    ? pulumi.Input<{ [K in keyof T]: Wrapped<T[K]> }>
    : pulumi.Input<T>;


/**
 * The props of a resource of kind `kind` named `name`, plus its identity: the parent's URN, or
 * the project and stack for a resource at the top, then the kind and the name. Unique in a stack
 * as URNs are. Every kind takes an `organizationId`; one left out is the stack's default
 * (organization-default.ts).
 */
export function withIdentity<P extends { organizationId?: unknown }>(kind: string, name: string, props: P, opts?: pulumi.CustomResourceOptions): P {
  const parent = opts?.parent;
  const identity = parent
    ? parent.urn.apply((urn) => `${urn}/${kind}/${name}`)
    : `${pulumi.getProject()}/${pulumi.getStack()}/${kind}/${name}`;
  return { ...props, organizationId: organizationIdFor(kind, name, props.organizationId), [IDENTITY_KEY]: identity };
}
