import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { organizationIdFor } from "../config/organization-default";
import { IDENTITY_KEY } from "../adapter/property-bag";

export { RESOURCE_MODULE } from "./resource-module";

/**
 * A resource argument: the value itself or an Output of it, and so on inside arrays and objects,
 * so programs can pass other resources' outputs anywhere.
 */
export type Wrapped<T> = T extends readonly (infer E)[] ? pulumi.Input<Wrapped<E>[]> : T extends object ? pulumi.Input<{ [K in keyof T]: Wrapped<T[K]> }> : pulumi.Input<T>;

/**
 * The argument type of input `K` of a kind whose input schema is `S`: what the schema accepts
 * (`z.input`, so a default or a transform takes what the program writes), a value or an Output at
 * any depth. The generated `<Kind>Args` (the end of each resources/<kind>.ts) are made of it.
 */
export type ArgOf<S extends z.ZodType, K extends keyof z.input<S>> = DeepInput<Exclude<z.input<S>[K], undefined>>;

/** The type of output `K` of a resource whose schema (input or `outputs`) is `S`: what the schema gives. */
export type OutputOf<S extends z.ZodType, K extends keyof z.output<S>> = pulumi.Output<z.output<S>[K]>;

/**
 * `T` as a value or an Output, and so on inside its arrays and objects. Unlike {@link Wrapped} it
 * does not split a union of primitives: `pulumi.Input<"admin" | "edit">` takes an
 * `Output<Role>` (and `Output<boolean>`), which `Input<"admin"> | Input<"edit">` would refuse.
 */
export type DeepInput<T> = pulumi.Input<DeepInputValue<T>>;
type DeepInputValue<T> = T extends readonly (infer E)[] ? DeepInput<E>[] : T extends object ? { [K in keyof T]: DeepInput<T[K]> } : T;

/**
 * A kind's server-owned outputs as the props its resource registers: each key `undefined`, so the
 * engine reports the value the provider returns (an output the resource does not register is not
 * read back). The keys are the definition's `outputs` that are not inputs, in their order.
 */
export function outputSlots(definition: { readonly schema: { readonly shape: object }; readonly outputs?: { readonly shape: object } }): Record<string, undefined> {
  const inputs = new Set(Object.keys(definition.schema.shape));
  return Object.fromEntries(
    Object.keys(definition.outputs?.shape ?? {})
      .filter((key) => !inputs.has(key))
      .map((key) => [key, undefined]),
  );
}

/**
 * The props of a resource of kind `kind` named `name`, plus its identity: the parent's URN, or
 * the project and stack for a resource at the top, then the kind and the name. Unique in a stack
 * as URNs are. Every kind takes an `organizationId`; one left out is the stack's default
 * (organization-default.ts).
 */
export function withIdentity<P extends { organizationId?: unknown }>(kind: string, name: string, props: P, opts?: pulumi.CustomResourceOptions): P {
  const parent = opts?.parent;
  const identity = parent ? parent.urn.apply((urn) => `${urn}/${kind}/${name}`) : `${pulumi.getProject()}/${pulumi.getStack()}/${kind}/${name}`;
  return { ...props, organizationId: organizationIdFor(kind, name, props.organizationId), [IDENTITY_KEY]: identity };
}
