import * as pulumi from "@pulumi/pulumi";
import type { SoleOwnership } from "../adapter/deployment-owners";
import type { ExclusiveWay } from "../adapter/exclusive-ways";
import { RESOURCE_MODULE, outputSlots, withIdentity } from "./args";
import { claimInputWay, registerOwnIdWay } from "./exclusive-way-owners";
import { claimSoleOwner } from "./object-owners";

/**
 * What every resource of this package stores in its `__provider` property, and the resource base
 * class that stores it.
 *
 * The Node.js provider host loads a dynamic resource's provider from the `__provider` text of its
 * inputs or outputs (`requireFromString(text).handler()`), then calls `configure` once per text
 * and the CRUD methods per resource. `pulumi.dynamic.Resource` writes that text by serializing a
 * provider object with its closure: 2.5 KB at best for our seven methods, stored twice per
 * resource (inputs and outputs) and rewritten by the engine with the whole state after every step.
 * This package writes the module text itself instead: one line that loads the package's runtime by
 * name inside the provider host and asks it for the kind's provider. So `__provider` is ~110 bytes,
 * costs no serialization in the program, holds no credentials (they are read by `configure`,
 * which runs only in the provider host) and lets new package code take effect on refresh and
 * destroy too.
 *
 * Every `__provider` text ever shipped stays in existing states (the engine takes today's among a
 * resource's inputs on the next `up`, but its outputs keep the one the object was last written
 * with), so runtime/host's entry points are stable: `handlerFor(kind)` (this text), and
 * `configure(req)` with `providerFor(kind).check/diff/create/read/update/delete` (the serialized
 * stubs of 0.1.0; test/e2e/upgrade.test.ts runs a 0.1.0 state).
 */

/** The `__provider` module text of a resource kind. */
export function providerModuleText(kind: string): string {
  if (!/^[A-Z][A-Za-z]*$/.test(kind)) throw new Error(`pulumi-docs-platform: invalid resource kind ${JSON.stringify(kind)}`);
  return `exports.handler = () => require("pulumi-docs-platform/dist/runtime/host").handlerFor("${kind}");\n`;
}

/**
 * What the base class reads of a kind's definition (adapter/resource.ts `ResourceDefinition`):
 * its inputs and outputs, the inputs that are secrets, and the guards it applies in the program.
 */
export interface ProgramDefinition {
  readonly kind: string;
  readonly schema: { readonly shape: object };
  readonly outputs?: { readonly shape: object };
  readonly secretInputKeys?: readonly string[];
  readonly soleOwner?: SoleOwnership;
  readonly exclusiveWay?: ExclusiveWay;
}

/**
 * Base class of every resource of the package: a dynamic resource (type token
 * `pulumi-nodejs:dynamic/docs-platform:<kind>`, served by the Node.js provider host) whose
 * `__provider` is {@link providerModuleText}. What `pulumi.dynamic.Resource` does, less the
 * closure serialization; plus what every kind's resource does from its definition: register its
 * server-owned outputs and its identity (args.ts), mark its secret inputs, and apply the program
 * guards its definition declares, at construction, so a program that would make two resources
 * fight fails naming both before anything is written:
 * - `soleOwner`: one resource per object (object-owners.ts);
 * - `exclusiveWay`: one way of managing an object's aspect (exclusive-way-owners.ts).
 * The core applies the same facts for the whole deployment, through both doors, with the same words.
 */
export abstract class DocsPlatformResource extends pulumi.CustomResource {
  protected constructor(definition: ProgramDefinition, name: string, args: object, opts?: pulumi.CustomResourceOptions) {
    const { kind, soleOwner, exclusiveWay } = definition;
    const label = `${kind} "${name}"`;
    let props: pulumi.Inputs = withIdentity(kind, name, { ...args, ...outputSlots(definition) }, opts);
    if ("__provider" in props) throw new Error("A dynamic resource must not define the __provider key");
    // The guards' errors found when inputs resolve name the resource, known once constructed.
    const constructed: { resource?: pulumi.Resource } = {};
    if (soleOwner) {
      const [held] = soleOwner.keyInputs;
      const keyParts = Object.fromEntries(soleOwner.keyInputs.map((key) => [key, props[key]]));
      props = { ...props, [held]: claimSoleOwner(props[held], { kind, label, resource: () => constructed.resource, keyParts, ownership: soleOwner }) };
    }
    if (exclusiveWay && "input" in exclusiveWay.inProgram) {
      const { input } = exclusiveWay.inProgram;
      props = { ...props, [input]: claimInputWay(props[input], label, exclusiveWay, () => constructed.resource) };
    }
    const secretInputKeys = definition.secretInputKeys ?? [];
    if (secretInputKeys.length > 0) {
      props = { ...props };
      for (const key of secretInputKeys) if (props[key] !== undefined) props[key] = pulumi.secret(props[key]);
      opts = { ...opts, additionalSecretOutputs: [...new Set([...(opts?.additionalSecretOutputs ?? []), ...secretInputKeys])] };
    }
    // The SDK gives each property it registers four promises, and each promise a formatted stack
    // trace (`debuggablePromise`, read only by its report of promises a program leaves unresolved).
    // Formatting goes through source-map-support frame by frame: with this package's eight or so
    // properties a resource it was a third of a 1,000-resource preview's program time, which a
    // trivial dynamic resource with two properties does not pay. No frames are taken while the
    // resource registers; the limit is restored at once, so errors keep their stacks.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(`pulumi-nodejs:dynamic/${RESOURCE_MODULE}:${kind}`, name, { ...props, __provider: providerModuleText(kind) }, opts);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    constructed.resource = this;
    if (exclusiveWay && "ownIdWhen" in exclusiveWay.inProgram && exclusiveWay.inProgram.ownIdWhen(args as Record<string, unknown>)) {
      registerOwnIdWay(this, label, exclusiveWay);
    }
  }
}
