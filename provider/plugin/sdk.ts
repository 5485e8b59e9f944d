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

/** The protocol's messages (google-protobuf's generated classes): no gRPC, no network module. */
export interface Messages {
  provider: typeof ProviderPb;
  plugin: typeof PluginPb;
  struct: typeof StructPb;
  empty: typeof EmptyPb;
  any: typeof AnyPb;
  status: typeof StatusPb;
}

/**
 * The modules, typed by the declarations the SDK ships beside its generated stubs (type imports
 * only: nothing is loaded by them; the values are the modules `sdk()` requires).
 */
export interface Sdk extends Messages {
  grpc: typeof GrpcJs;
  providerGrpc: typeof ProviderGrpcPb;
  channelOptions: Record<string, unknown>;
}

let loadedMessages: Messages | undefined;
let loaded: Sdk | undefined;

/**
 * The messages alone: what the modules that build answers load with them. gRPC is loaded by
 * `sdk()`, when the server starts: the release's linux-amd64 executable starts from a V8 snapshot
 * holding the messages and the core (bundle.mts), and grpc-js's http2 and tls cannot be in one.
 */
export function messages(): Messages {
  loadedMessages ??= EMBEDDED.bundled ? bundledMessages() : messagesBesidePackage();
  return loadedMessages;
}

export function sdk(): Sdk {
  loaded ??= { ...messages(), ...(EMBEDDED.bundled ? bundledGrpc() : grpcBesidePackage()) };
  return loaded;
}

const sdkRoot = () => path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromSdk = (name: string): unknown => require(require.resolve(name, { paths: [sdkRoot()] }));

function messagesBesidePackage(): Messages {
  const root = sdkRoot();
  return {
    provider: require(path.join(root, "proto", "provider_pb.js")) as Messages["provider"],
    plugin: require(path.join(root, "proto", "plugin_pb.js")) as Messages["plugin"],
    status: require(path.join(root, "proto", "status_pb.js")) as Messages["status"],
    struct: fromSdk("google-protobuf/google/protobuf/struct_pb") as Messages["struct"],
    empty: fromSdk("google-protobuf/google/protobuf/empty_pb") as Messages["empty"],
    any: fromSdk("google-protobuf/google/protobuf/any_pb") as Messages["any"],
  };
}

function grpcBesidePackage(): Pick<Sdk, "grpc" | "providerGrpc" | "channelOptions"> {
  const root = sdkRoot();
  // runtime/settings, not runtime/index: the index loads the whole SDK (about 760 modules), the settings 190.
  const runtime = require(path.join(root, "runtime", "settings.js")) as { grpcChannelOptions?: Record<string, unknown> };
  return {
    grpc: fromSdk("@grpc/grpc-js") as Sdk["grpc"],
    providerGrpc: require(path.join(root, "proto", "provider_grpc_pb.js")) as Sdk["providerGrpc"],
    channelOptions: runtime.grpcChannelOptions ?? {},
  };
}

function bundledMessages(): Messages {
  return {
    provider: require("@pulumi/pulumi/proto/provider_pb.js") as Messages["provider"],
    plugin: require("@pulumi/pulumi/proto/plugin_pb.js") as Messages["plugin"],
    status: require("@pulumi/pulumi/proto/status_pb.js") as Messages["status"],
    struct: require("google-protobuf/google/protobuf/struct_pb") as Messages["struct"],
    empty: require("google-protobuf/google/protobuf/empty_pb") as Messages["empty"],
    any: require("google-protobuf/google/protobuf/any_pb") as Messages["any"],
  };
}

function bundledGrpc(): Pick<Sdk, "grpc" | "providerGrpc" | "channelOptions"> {
  return {
    grpc: require("@grpc/grpc-js") as Sdk["grpc"],
    providerGrpc: require("@pulumi/pulumi/proto/provider_grpc_pb.js") as Sdk["providerGrpc"],
    // The bundled SDK's runtime/settings options, read when the bundle was built (embedded.ts).
    channelOptions: EMBEDDED.grpcChannelOptions ?? {},
  };
}
