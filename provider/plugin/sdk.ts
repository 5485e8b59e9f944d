/**
 * gRPC and the generated protocol stubs, from the @pulumi/pulumi the package resolves (a peer
 * dependency), so the plugin speaks exactly the protocol of the SDK beside it. `@grpc/grpc-js` is
 * the SDK's own dependency, resolved from the SDK's folder.
 *
 * The release executable (provider/embedded.ts) has no folders: there the same modules are required
 * by name, so that the bundler finds them and bundles the SDK it was built with.
 */
import path from "node:path";
import { EMBEDDED } from "../embedded";

import type * as GrpcJs from "@grpc/grpc-js";
import type * as ProviderPb from "@pulumi/pulumi/proto/provider_pb";
import type * as ProviderGrpcPb from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as PluginPb from "@pulumi/pulumi/proto/plugin_pb";
import type * as StatusPb from "@pulumi/pulumi/proto/status_pb";
import type * as StructPb from "google-protobuf/google/protobuf/struct_pb";
import type * as EmptyPb from "google-protobuf/google/protobuf/empty_pb";
import type * as AnyPb from "google-protobuf/google/protobuf/any_pb";

/**
 * The modules, typed by the declarations the SDK ships beside its generated stubs (type imports
 * only: nothing is loaded by them; the values are the modules `sdk()` requires).
 */
export interface Sdk {
  grpc: typeof GrpcJs;
  provider: typeof ProviderPb;
  providerGrpc: typeof ProviderGrpcPb;
  plugin: typeof PluginPb;
  struct: typeof StructPb;
  empty: typeof EmptyPb;
  any: typeof AnyPb;
  status: typeof StatusPb;
  channelOptions: Record<string, unknown>;
}

let loaded: Sdk | undefined;

export function sdk(): Sdk {
  if (loaded) return loaded;
  loaded = EMBEDDED.bundled ? bundledSdk() : sdkBesidePackage();
  return loaded;
}

function sdkBesidePackage(): Sdk {
  const root = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
  const fromSdk = (name: string): unknown => require(require.resolve(name, { paths: [root] }));
  // runtime/settings, not runtime/index: the index loads the whole SDK (about 760 modules), the settings 190.
  const runtime = require(path.join(root, "runtime", "settings.js")) as { grpcChannelOptions?: Record<string, unknown> };
  return {
    grpc: fromSdk("@grpc/grpc-js") as Sdk["grpc"],
    provider: require(path.join(root, "proto", "provider_pb.js")) as Sdk["provider"],
    providerGrpc: require(path.join(root, "proto", "provider_grpc_pb.js")) as Sdk["providerGrpc"],
    plugin: require(path.join(root, "proto", "plugin_pb.js")) as Sdk["plugin"],
    status: require(path.join(root, "proto", "status_pb.js")) as Sdk["status"],
    struct: fromSdk("google-protobuf/google/protobuf/struct_pb") as Sdk["struct"],
    empty: fromSdk("google-protobuf/google/protobuf/empty_pb") as Sdk["empty"],
    any: fromSdk("google-protobuf/google/protobuf/any_pb") as Sdk["any"],
    channelOptions: runtime.grpcChannelOptions ?? {},
  };
}

function bundledSdk(): Sdk {
  const runtime = require("@pulumi/pulumi/runtime/settings.js") as { grpcChannelOptions?: Record<string, unknown> };
  return {
    grpc: require("@grpc/grpc-js") as Sdk["grpc"],
    provider: require("@pulumi/pulumi/proto/provider_pb.js") as Sdk["provider"],
    providerGrpc: require("@pulumi/pulumi/proto/provider_grpc_pb.js") as Sdk["providerGrpc"],
    plugin: require("@pulumi/pulumi/proto/plugin_pb.js") as Sdk["plugin"],
    status: require("@pulumi/pulumi/proto/status_pb.js") as Sdk["status"],
    struct: require("google-protobuf/google/protobuf/struct_pb") as Sdk["struct"],
    empty: require("google-protobuf/google/protobuf/empty_pb") as Sdk["empty"],
    any: require("google-protobuf/google/protobuf/any_pb") as Sdk["any"],
    channelOptions: runtime.grpcChannelOptions ?? {},
  };
}
