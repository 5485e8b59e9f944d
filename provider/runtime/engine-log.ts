/**
 * Messages from the provider host to the engine, attributed to a resource, as `pulumi preview`
 * shows them under that resource ("warning: ..."). The Node.js dynamic-provider host does not
 * connect to the engine itself: it is started with the engine's address as its first argument,
 * and this module opens its own client on the SDK's generated stubs (`Engine.Log`).
 *
 * Outside a provider host (direct tests) there is no engine: messages go to `fallback`, or nowhere.
 */
import path from "node:path";
import { RESOURCE_MODULE } from "../dynamic/resource-module";
import { EMBEDDED } from "../embedded";
import type * as EnginePb from "@pulumi/pulumi/proto/engine_pb";

export type Severity = "info" | "warning";

interface EngineClient {
  log(request: unknown, callback: (error: Error | null) => void): void;
}

let client: EngineClient | null | undefined;
/** The engine's messages, typed by the declarations the SDK ships beside its stubs (a type import: nothing loaded by it). */
let proto: typeof EnginePb | undefined;

let givenAddress: string | undefined;

/** The plugin door knows the engine's address from its own arguments (plugin/main.ts). */
export function setEngineAddress(address: string): void {
  givenAddress = address;
  client = undefined;
}

/** The engine's address: the provider host's first argument (`node dynamic-provider <engine>`). */
function engineAddress(): string | undefined {
  if (givenAddress) return givenAddress;
  const candidate = process.argv[2];
  return candidate && /^[\w.:[\]-]+:\d+$/.test(candidate) && process.argv[1]?.includes("dynamic-provider") ? candidate : undefined;
}

function engine(): EngineClient | null {
  if (client !== undefined) return client;
  client = null;
  const address = engineAddress();
  if (!address) return client;
  try {
    const { grpc, stubs, messages } = EMBEDDED.bundled ? bundledEngineModules() : engineModulesBesidePackage();
    proto = messages;
    client = new stubs.EngineClient(address, grpc.credentials.createInsecure());
  } catch {
    client = null;
  }
  return client;
}

interface EngineModules {
  grpc: { credentials: { createInsecure(): unknown } };
  stubs: { EngineClient: new (address: string, credentials: unknown) => EngineClient };
  messages: typeof proto;
}

/** The SDK's own stubs and gRPC, as the program's @pulumi/pulumi resolves them. */
function engineModulesBesidePackage(): EngineModules {
  const sdk = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
  return {
    grpc: require(require.resolve("@grpc/grpc-js", { paths: [sdk] })) as EngineModules["grpc"],
    stubs: require(path.join(sdk, "proto", "engine_grpc_pb.js")) as EngineModules["stubs"],
    messages: require(path.join(sdk, "proto", "engine_pb.js")) as EngineModules["messages"],
  };
}

/** The release executable's: required by name, so that the bundler includes them (provider/embedded.ts). */
function bundledEngineModules(): EngineModules {
  return {
    grpc: require("@grpc/grpc-js") as EngineModules["grpc"],
    stubs: require("@pulumi/pulumi/proto/engine_grpc_pb.js") as EngineModules["stubs"],
    messages: require("@pulumi/pulumi/proto/engine_pb.js") as EngineModules["messages"],
  };
}

/**
 * The URN of a resource of `kind` from its identity (args.ts: `<project>/<stack>/<kind>/<name>`,
 * or `<parent URN>/<kind>/<name>`): where the engine files the message.
 */
export function urnOf(identity: unknown, kind: string): string | undefined {
  if (typeof identity !== "string") return undefined;
  const type = `pulumi-nodejs:dynamic/${RESOURCE_MODULE}:${kind}`;
  const marker = `/${kind}/`;
  const at = identity.indexOf(marker);
  if (at === -1) return undefined;
  const head = identity.slice(0, at);
  const name = identity.slice(at + marker.length);
  if (head.startsWith("urn:pulumi:")) {
    const parts = head.split("::");
    if (parts.length < 4) return undefined;
    const [prefix, project, typePath, ...parentName] = parts;
    void parentName;
    return `${prefix}::${project}::${typePath}$${type}::${name}`;
  }
  const [project, stack] = head.split("/");
  if (!project || !stack) return undefined;
  return `urn:pulumi:${stack}::${project}::${type}::${name}`;
}

/** Sends one message to the engine for `urn`; resolves once it is delivered (or could not be). */
export function logToEngine(severity: Severity, urn: string | undefined, message: string): Promise<boolean> {
  const connection = engine();
  if (!connection || !proto) return Promise.resolve(false);
  const request = new proto.LogRequest();
  request.setSeverity(severity === "warning" ? proto.LogSeverity.WARNING : proto.LogSeverity.INFO);
  request.setMessage(message);
  request.setUrn(urn ?? "");
  return new Promise((resolve) => connection.log(request, (error) => resolve(error === null)));
}
