/**
 * How the plugin answers a gRPC call, shared by every handler: a handler is an async function of
 * the request; what it returns is the answer, what it throws an error as the engine reads it.
 * Loads no resource code, so that the calls that need none (plugin info, schema) are served by a
 * plugin that never loads the kinds (see service.ts).
 */
import { type Bag, withoutDynamicKeys } from "./properties";
import { sdk } from "./sdk";

const { grpc, provider: pb, struct, any: anyPb, status: statusPb } = sdk();

export type Callback = (error: unknown, response?: unknown, metadata?: unknown) => void;
export type Call = { request: Record<string, (...args: never[]) => unknown> & Record<string, unknown> };
export type Handler = (call: Call, callback: Callback) => void;

export function toStruct(bag: Bag): unknown {
  return struct.Struct.fromJavaScript(bag);
}

export function fromStruct(value: { toJavaScript(): unknown } | undefined): Bag {
  return (value?.toJavaScript() as Bag | undefined) ?? {};
}

/** Runs a handler; a thrown error answers the call with its message (and the init-failure details of a partial create). */
export function handle(work: (request: Call["request"]) => Promise<unknown>): Handler {
  return (call, callback) => {
    work(call.request).then(
      (response) => callback(null, response),
      (error: unknown) => {
        const failure = grpcError(error);
        callback(failure, null, failure.metadata);
      },
    );
  };
}

/**
 * An error as the engine reads it. An object created but not finished (recovery/partial-create.ts:
 * the error carries its id and properties) is an ErrorResourceInitFailed, so the engine records
 * the object instead of losing it.
 */
function grpcError(error: unknown): { code: number; message: string; details: string; metadata: unknown } {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  const partial = error as { id?: string; properties?: Bag; reasons?: string[] };
  if (partial && typeof partial.id === "string" && partial.id !== "") {
    const detail = new pb.ErrorResourceInitFailed();
    detail.setId(partial.id);
    detail.setProperties(toStruct(withoutDynamicKeys(partial.properties ?? {})));
    detail.setReasonsList(partial.reasons ?? []);
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
