import type * as pulumi from "@pulumi/pulumi";

/**
 * The object Pulumi serializes into the `__provider` property of every resource of this package.
 *
 * Pulumi copies a provider object by value into the state (inputs and outputs of every resource),
 * together with everything its methods capture. So the stub captures nothing: its only field is
 * the resource kind, and each method loads the package's runtime by name when it is called,
 * inside the provider host. That keeps credentials out of the state (they are read by
 * `configure`, which only ever runs in the provider host) and lets new package code take effect
 * on refresh and destroy too.
 *
 * Size matters at scale: the engine rewrites the whole state after every step. A plain object
 * with method shorthand serializes to about 2.5 KB, where the class it replaced took 3.7 KB (the
 * serializer also writes out a class's constructor and prototype). And the SDK caches the
 * serialization per provider *instance*, so {@link providerStub} hands out one stub per kind.
 *
 * Every stub ever shipped stays in existing states (the engine refreshes `__provider` among a
 * resource's inputs on the next `up`, but its outputs keep the stub the object was last written
 * with): `configure(req)` and `providerFor(kind).check/diff/create/read/update/delete` of
 * runtime/host are therefore stable entry points (test/e2e/upgrade.test.ts runs a 0.1.0 state).
 *
 * Rules for editing the stub: the methods capture nothing (no module-level value, no import; the
 * package path stays a literal inside each method), and the object holds nothing but `kind`.
 */
/** Property bags as the provider host passes them: plain JSON objects. */
export type PropertyBag = Record<string, unknown>;

export type ProviderStub = pulumi.dynamic.ResourceProvider<PropertyBag, PropertyBag> & { readonly kind: string };

function newStub(kind: string): ProviderStub {
  return {
    kind,
    configure(req) {
      return require("pulumi-docs-platform/dist/runtime/host").configure(req);
    },
    check(olds, news) {
      return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).check(olds, news);
    },
    diff(id, olds, news) {
      return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).diff(id, olds, news);
    },
    create(inputs) {
      return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).create(inputs);
    },
    read(id, props) {
      return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).read(id, props ?? {});
    },
    update(id, olds, news) {
      return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).update(id, olds, news);
    },
    delete(id, props) {
      return require("pulumi-docs-platform/dist/runtime/host").providerFor(this.kind).delete(id, props);
    },
  };
}

// Not captured by the stub's methods, so never serialized: only the program process holds it.
const stubs = new Map<string, ProviderStub>();

/** The one stub of `kind` in this process (the SDK serializes each stub instance once). */
export function providerStub(kind: string): ProviderStub {
  let stub = stubs.get(kind);
  if (!stub) {
    stub = newStub(kind);
    stubs.set(kind, stub);
  }
  return stub;
}
