/**
 * How the plugin answers a gRPC call, shared by every handler: a handler is an async function of
 * the request; what it returns is the answer, what it throws an error as the engine reads it.
 * Loads no resource code, so that the calls that need none (plugin info, schema) are served by a
 * plugin that never loads the kinds (see service.ts).
 */
import { promised } from "../adapter/promised";
import type { Metadata } from "@grpc/grpc-js";
import type { JavaScriptValue, Struct } from "google-protobuf/google/protobuf/struct_pb";
import { type Bag, withoutDynamicKeys } from "../door-layer/properties";
import { messages, sdk } from "./sdk";

// gRPC itself is sdk()'s, asked for when an error is answered (the messages load with this module).
const { provider: pb, struct, any: anyPb, status: statusPb } = messages();

export type Callback<Response> = (error: unknown, response?: Response | null, metadata?: Metadata) => void;
/** A unary call's handler, as grpc-js calls it: the decoded request in, the answer to `callback`. */
export type Handler<Request, Response> = (call: { request: Request }, callback: Callback<Response>) => void;
/** Any handler, whatever its messages, unary or a server stream's (called with the stream alone): what a service's table holds. */
export type AnyHandler = (call: never, callback: never) => void;

/**
 * A property bag as a google.protobuf.Struct. A bag holds JSON values only (what the engine sent,
 * or what the core made of it), which is what the Struct's own type says less precisely.
 */
export function toStruct(bag: Bag): Struct {
  return struct.Struct.fromJavaScript(bag as Record<string, JavaScriptValue>);
}

export function fromStruct(value: Struct | undefined): Bag {
  return value?.toJavaScript() ?? {};
}

/** Runs a handler; a thrown error answers the call with its message (and the init-failure details of a partial create). */
export function handle<Request, Response>(work: (request: Request) => Response | Promise<Response>): Handler<Request, Response> {
  return (call, callback) => {
    // A handler that throws at once answers like one that rejects.
    promised(() => work(call.request)).then(
      (response) => callback(null, response),
      (error: unknown) => {
        const failure = grpcError(error);
        callback(failure, null, failure.metadata);
      },
    );
  };
}

/** What a partial create's error carries (recovery/partial-create.ts). */
interface PartialCreate {
  id?: unknown;
  properties?: Bag;
  reasons?: string[];
}

function isPartialCreate(error: unknown): error is PartialCreate & { id: string } {
  return typeof error === "object" && error !== null && typeof (error as PartialCreate).id === "string" && (error as PartialCreate).id !== "";
}

/**
 * An error as the engine reads it. An object created but not finished (recovery/partial-create.ts:
 * the error carries its id and properties) is an ErrorResourceInitFailed, so the engine records
 * the object instead of losing it.
 */
function grpcError(error: unknown): { code: number; message: string; details: string; metadata: Metadata } {
  const message = error instanceof Error ? error.message : String(error);
  const { grpc } = sdk();
  const metadata = new grpc.Metadata();
  if (isPartialCreate(error)) {
    const detail = new pb.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(toStruct(withoutDynamicKeys(error.properties ?? {})));
    detail.setReasonsList(error.reasons ?? []);
    const packed = new anyPb.Any();
    packed.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusPb.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(packed);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, message, details: message, metadata };
}
