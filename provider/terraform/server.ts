/**
 * The Terraform door's transport: a gRPC server (@grpc/grpc-js) for `tfplugin6.Provider` and the
 * services go-plugin expects beside it (health, controller, stdio), over mutual TLS when the
 * handshake asks for it. Messages are encoded and decoded by protobufjs from the .proto text in
 * proto.ts; each Provider RPC becomes a call of the ProviderHandler (protocol.ts) with a plain
 * object, and its answer is encoded back.
 *
 * protobufjs checks every length a request declares against the bytes it has (a lying length
 * fails at once with "index out of range"), so a request cannot hold the event loop the way
 * google-protobuf's decoder can (provider/plugin/bounded-requests.ts); a request that does not
 * decode is answered INVALID_ARGUMENT naming the RPC.
 */
import type * as grpc from "@grpc/grpc-js";
import protobuf from "protobufjs";
import { EMPTY_PROTO, GO_PLUGIN_PROTO, HEALTH_PROTO, TFPLUGIN6_PROTO } from "./proto";
import { errorDiagnostic, HANDLED_RPCS, handlerMethod, OPTIONAL_RPCS, PROVIDER_TYPE_NAME, type HandledRpc, type OptionalRpc, type ProviderHandler } from "./protocol";

let loadedGrpc: typeof grpc | undefined;
/**
 * grpc-js, loaded by the first server rather than with this module: the release's linux-amd64
 * executable starts from a V8 snapshot holding this module and the core ready (bundle.mts), and
 * Node.js's http2 and tls, which grpc-js loads, cannot be in one.
 */
function grpcJs(): typeof grpc {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded late on purpose (above).
  return (loadedGrpc ??= require("@grpc/grpc-js") as typeof grpc);
}

/** go-plugin pings `grpc.health.v1.Health/Check` for this service name. */
export const HEALTH_SERVICE_NAME = "plugin";

/** Requests larger than this are refused by gRPC (RESOURCE_EXHAUSTED): a configuration or a state is far smaller. */
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

let root: protobuf.Root | undefined;

/** The protocol's messages and services, parsed once. */
export function protocolRoot(): protobuf.Root {
  if (root) return root;
  const parsed = new protobuf.Root();
  // tfplugin6 imports google/protobuf/timestamp.proto (an ephemeral resource's renewal time).
  parsed.addJSON(protobuf.common.get("google/protobuf/timestamp.proto")!.nested!);
  for (const text of [EMPTY_PROTO, HEALTH_PROTO, GO_PLUGIN_PROTO, TFPLUGIN6_PROTO]) protobuf.parse(text, parsed, { keepCase: false });
  parsed.resolveAll();
  root = parsed;
  return parsed;
}

const TO_OBJECT: protobuf.IConversionOptions = { longs: Number, enums: String, defaults: true, oneofs: false };

/** A request that did not decode: what the deserializer gives a handler instead of an object. */
class UndecodableRequest {
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

function decoder(type: protobuf.Type, rpc: string): (buffer: Buffer) => unknown {
  return (buffer) => {
    try {
      return type.toObject(type.decode(buffer), TO_OBJECT);
    } catch (error) {
      return new UndecodableRequest(`malformed ${rpc} request: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

function encoder(type: protobuf.Type): (value: unknown) => Buffer {
  return (value) => Buffer.from(type.encode(type.fromObject(value as Record<string, unknown>)).finish());
}

/** grpc-js's definition of a service of the protocol root, every method encoded by protobufjs. */
export function serviceDefinition(serviceName: string): grpc.ServiceDefinition {
  const service = protocolRoot().lookupService(serviceName);
  const definition: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  for (const method of service.methodsArray) {
    method.resolve();
    const requestType = method.resolvedRequestType!;
    const responseType = method.resolvedResponseType!;
    definition[method.name] = {
      path: `/${service.fullName.replace(/^\./, "")}/${method.name}`,
      requestStream: Boolean(method.requestStream),
      responseStream: Boolean(method.responseStream),
      requestSerialize: encoder(requestType),
      requestDeserialize: decoder(requestType, method.name),
      responseSerialize: encoder(responseType),
      responseDeserialize: decoder(responseType, method.name),
      originalName: method.name,
    };
  }
  return definition;
}

type UnaryCall = grpc.ServerUnaryCall<unknown, unknown>;
type Callback = grpc.sendUnaryData<unknown>;

/**
 * A unary handler: refuses an undecodable request, runs `answer`, and turns a thrown error into
 * the response's error diagnostic (or, for a response without diagnostics, a gRPC error).
 */
function unary(rpc: string, answer: (request: Record<string, unknown>, peer: string) => unknown, diagnosticsField: string | undefined): grpc.handleUnaryCall<unknown, unknown> {
  return (call: UnaryCall, callback: Callback) => {
    if (call.request instanceof UndecodableRequest) {
      callback({ code: grpcJs().status.INVALID_ARGUMENT, details: call.request.reason });
      return;
    }
    Promise.resolve()
      .then(() => answer(call.request as Record<string, unknown>, call.getPeer()))
      .then(
        (response) => callback(null, response ?? {}),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          if (diagnosticsField) callback(null, { [diagnosticsField]: [errorDiagnostic(`${rpc} failed in the ${PROVIDER_TYPE_NAME} provider`, message)] });
          else callback({ code: grpcJs().status.INTERNAL, details: `${rpc}: ${message}` });
        },
      );
  };
}

/**
 * A server-streaming handler: refuses an undecodable request, then writes each event `events`
 * yields as it comes, waiting while the client's window is full, and stops when the client goes
 * away. A throw after the first event becomes a last event holding the error diagnostic.
 */
function streamed(
  rpc: string,
  events: (request: Record<string, unknown>, peer: string) => AsyncIterable<unknown>,
  diagnosticsField: string,
): grpc.handleServerStreamingCall<unknown, unknown> {
  return (call) => void stream(call);
  async function stream(call: grpc.ServerWritableStream<unknown, unknown>): Promise<void> {
    if (call.request instanceof UndecodableRequest) {
      call.emit("error", { code: grpcJs().status.INVALID_ARGUMENT, details: call.request.reason });
      return;
    }
    let cancelled = false;
    const gone = new Promise<void>((resolve) => call.once("cancelled", () => ((cancelled = true), resolve())));
    try {
      for await (const event of events(call.request as Record<string, unknown>, call.getPeer())) {
        if (cancelled) break;
        if (!call.write(event)) await Promise.race([new Promise((resolve) => call.once("drain", resolve)), gone]);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!cancelled) call.write({ [diagnosticsField]: [errorDiagnostic(`${rpc} failed in the ${PROVIDER_TYPE_NAME} provider`, message)] });
    }
    if (!cancelled) call.end();
  }
}

/**
 * The handler of each client connection, for a server that outlives its clients (debug mode,
 * main.ts): a reattached OpenTofu connects once per provider instance (each phase of each
 * command), as it would start a process for each, and each connection gets a handler of its own,
 * made on its first call, so that no configuration or state of one instance reaches another.
 * Handlers idle for an hour are let go (gRPC tells a server no connection's end).
 */
export function handlerPerConnection(makeHandler: () => ProviderHandler): (peer: string) => ProviderHandler {
  const IDLE_MS = 3600_000;
  const handlers = new Map<string, { handler: ProviderHandler; used: number }>();
  return (peer) => {
    const now = Date.now();
    let entry = handlers.get(peer);
    if (!entry) {
      for (const [other, { used }] of handlers) if (now - used > IDLE_MS) handlers.delete(other);
      entry = { handler: makeHandler(), used: now };
      handlers.set(peer, entry);
    }
    entry.used = now;
    return entry.handler;
  };
}

/** The `tfplugin6.Provider` implementation: each handled RPC to its handler method (the one handler, or the caller's connection's). */
export function providerImplementation(handler: ProviderHandler | ((peer: string) => ProviderHandler)): grpc.UntypedServiceImplementation {
  const service = protocolRoot().lookupService("tfplugin6.Provider");
  const implementation: grpc.UntypedServiceImplementation = {};
  const handlerOf = typeof handler === "function" ? handler : () => handler;
  for (const rpc of HANDLED_RPCS) {
    const method = handlerMethod(rpc);
    const responseType = service.methods[rpc].resolvedResponseType ?? protocolRoot().lookupType(`tfplugin6.${rpc}.Response`);
    const diagnosticsField = responseType.fields.diagnostics ? "diagnostics" : undefined;
    implementation[rpc] = unary(rpc, (request, peer) => callHandler(handlerOf(peer), rpc, method, request), diagnosticsField);
  }
  // The protocol's newer RPCs, where the caller's handler serves them (protocol.ts); a handler
  // without identities has none (an empty answer, as terraform-plugin-framework gives), and the
  // others are UNIMPLEMENTED, as gRPC answers a method it does not serve.
  for (const rpc of OPTIONAL_RPCS) {
    const method = handlerMethod(rpc);
    const served = unary(rpc, (request, peer) => callHandler(handlerOf(peer), rpc, method, request), "diagnostics");
    implementation[rpc] = (call: UnaryCall, callback: Callback) => {
      if (typeof handlerOf(call.getPeer())[method] === "function") served(call, callback);
      else if (rpc === "GetResourceIdentitySchemas") callback(null, {});
      else callback({ code: grpcJs().status.UNIMPLEMENTED, details: `${rpc} is not served by this provider` });
    };
  }
  const listed = streamed("ListResource", (request, peer) => handlerOf(peer).listResource!(request as never), "diagnostic");
  implementation.ListResource = (call: grpc.ServerWritableStream<unknown, unknown>) => {
    if (typeof handlerOf(call.getPeer()).listResource === "function") listed(call);
    else call.emit("error", { code: grpcJs().status.UNIMPLEMENTED, details: "ListResource is not served by this provider" });
  };
  // No provider functions: an empty answer, as terraform-plugin-framework gives.
  implementation.GetFunctions = unary("GetFunctions", () => ({}), "diagnostics");
  return implementation;
}

async function callHandler(handler: ProviderHandler, rpc: HandledRpc | OptionalRpc, method: keyof ProviderHandler, request: Record<string, unknown>): Promise<unknown> {
  const call = handler[method]!.bind(handler) as (request: Record<string, unknown>) => unknown;
  const response = (await call(request)) as Record<string, unknown> | undefined;
  // The protocol names StopProvider's field `Error` (capitalized); the handler answers `error`.
  if (rpc === "StopProvider") return { Error: (response?.error as string | undefined) ?? "" };
  return response ?? {};
}

export interface ServeOptions {
  /** TLS material; absent: plaintext (TF_DISABLE_PLUGIN_TLS). */
  tls?: { certificatePem: string; privateKeyPem: string; clientCertificatePem: string };
  /** Called once the process should end (GRPCController/Shutdown); defaults to process.exit(0). */
  onShutdown?: () => void;
}

export interface RunningServer {
  port: number;
  server: grpc.Server;
  /** Ends every stream and stops the server (what Shutdown does before onShutdown). */
  stop(): Promise<void>;
}

/**
 * Serves `handler` (or each connection's, handlerPerConnection) on a loopback port chosen by the
 * system, with go-plugin's services beside it. The caller prints the handshake line with the port
 * (handshake.ts), or in debug mode the reattach configuration (main.ts).
 */
export async function serve(handler: ProviderHandler | ((peer: string) => ProviderHandler), options: ServeOptions = {}): Promise<RunningServer> {
  const { Server, ServerCredentials } = grpcJs();
  const server = new Server({ "grpc.max_receive_message_length": MAX_REQUEST_BYTES });
  const openStreams = new Set<grpc.ServerWritableStream<unknown, unknown>>();

  server.addService(serviceDefinition("tfplugin6.Provider"), providerImplementation(handler));
  server.addService(serviceDefinition("grpc.health.v1.Health"), {
    Check: unary("Check", (request) => ({ status: request.service === "" || request.service === HEALTH_SERVICE_NAME ? "SERVING" : "SERVICE_UNKNOWN" }), undefined),
  });
  // go-plugin's client opens this stream to copy a Go plugin's stdout and stderr into its log. This
  // process writes nothing on stdout after the handshake line and its stderr reaches OpenTofu's
  // log directly, so the stream stays open and silent until the process ends.
  server.addService(serviceDefinition("plugin.GRPCStdio"), {
    StreamStdio: (call: grpc.ServerWritableStream<unknown, unknown>) => {
      openStreams.add(call);
      call.on("cancelled", () => openStreams.delete(call));
      call.on("close", () => openStreams.delete(call));
    },
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      for (const stream of openStreams) stream.end();
      openStreams.clear();
      // Calls in flight finish first; a client that keeps a stream open is not waited for long.
      const force = setTimeout(() => {
        server.forceShutdown();
        resolve();
      }, 2000);
      force.unref();
      server.tryShutdown(() => {
        clearTimeout(force);
        resolve();
      });
    }));

  server.addService(serviceDefinition("plugin.GRPCController"), {
    Shutdown: unary(
      "Shutdown",
      () => {
        // Answer first, then stop: the client waits for the answer before it waits for the exit.
        setImmediate(() => {
          void stop().then(options.onShutdown ?? (() => process.exit(0)));
        });
        return {};
      },
      undefined,
    ),
  });

  const credentials = options.tls
    ? ServerCredentials.createSsl(
        Buffer.from(options.tls.clientCertificatePem),
        [{ private_key: Buffer.from(options.tls.privateKeyPem), cert_chain: Buffer.from(options.tls.certificatePem) }],
        true,
      )
    : ServerCredentials.createInsecure();
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", credentials, (error, bound) => (error ? reject(error) : resolve(bound)));
  });
  return { port, server, stop };
}
