import type * as pulumi from "@pulumi/pulumi";

/**
 * The object Pulumi serializes into the `__provider` property of every resource of this package.
 *
 * Pulumi copies a provider object by value into the state, together with everything its methods
 * capture. So this class captures nothing: its only field is the resource kind, and each method
 * loads the package's runtime by name when it is called, inside the provider host. That keeps
 * `__provider` small and identical across package versions, lets new package code take effect on
 * refresh and destroy too, and keeps credentials out of the state (they are read by `configure`,
 * which only ever runs in the provider host).
 *
 * Rules for editing this file: no imports other than types, no module-level values, and the
 * package path stays a literal inside each method.
 */
/** Property bags as the provider host passes them: plain JSON objects. */
export type PropertyBag = Record<string, unknown>;

export class DocsPlatformProvider implements pulumi.dynamic.ResourceProvider<PropertyBag, PropertyBag> {
  declare readonly kind: string;

  constructor(kind: string) {
    this.kind = kind;
  }

  async configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
    return require("pulumi-docs-platform/dist/runtime/host").configure(req);
  }

  async check(olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.CheckResult> {
    return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).check(olds, news);
  }

  async diff(id: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.DiffResult> {
    return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).diff(id, olds, news);
  }

  async create(inputs: PropertyBag): Promise<pulumi.dynamic.CreateResult> {
    return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).create(inputs);
  }

  async read(id: string, props: PropertyBag = {}): Promise<pulumi.dynamic.ReadResult> {
    return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).read(id, props);
  }

  async update(id: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.UpdateResult> {
    return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).update(id, olds, news);
  }

  async delete(id: string, props: PropertyBag): Promise<void> {
    return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).delete(id, props);
  }
}
