/**
 * Requests decoded in bounded time. google-protobuf's `deserializeBinary` trusts every length a
 * request declares: a length-delimited field declaring 2^32-1 bytes in a seven-byte request
 * (`1a ff ff ff ff 0f 00`, a CheckConfig) sets the reader's end four gigabytes past the buffer,
 * and its loops then step through that many missing bytes (`undefined`, read as 0): four minutes
 * of CPU, during which the event loop, and so every other call, waits. A request is decoded on
 * the event loop, so a bound is the only fix; two are applied to every method of a service here:
 *
 * - the request's top level is walked first (wire format only, no schema): every field must be
 *   well formed and every length-delimited field's length must fit in the bytes left. This
 *   refuses the seven bytes before any decoding, naming the field.
 * - the decoder then reads a view of the bytes that throws on any index past their end. Every
 *   long loop of google-protobuf (a nested message's fields, a string's characters, a packed
 *   list) walks past the end of the buffer when a length lies, so the first read past it stops the
 *   decode; this holds at any depth without knowing which nested field is a message and which is
 *   a string or bytes (an engine's random seed may look like anything), which a schema-less walk
 *   of nested fields cannot tell. A valid request never reads past its end. The view costs about
 *   twice the decode of plain bytes (a 6.8 kB Check: 1.3 ms against 3.1 ms; 690 kB: 164 ms
 *   against 326 ms, measured on this repository's machine).
 *
 * A unary call whose request is refused is answered INVALID_ARGUMENT with the reason; other calls
 * (streams, or methods this plugin does not implement) get grpc-js's answer to a throwing
 * deserializer, INTERNAL "Error deserializing request", as fast.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- grpc-js service definitions and generated classes have no types here */

/** A request that failed the bounds: what the deserializer gives a unary handler instead of a message. */
export class MalformedRequest {
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

class PastEnd extends RangeError {}

/** The problem with the request's top level, or undefined when every field is well formed and fits. */
export function topLevelProblem(bytes: Uint8Array): string | undefined {
  let cursor = 0;
  const groups: number[] = [];
  const varint = (): number | undefined => {
    let value = 0;
    for (let shift = 0; shift < 70; shift += 7) {
      if (cursor >= bytes.length) return undefined;
      const byte = bytes[cursor++];
      // Beyond 2^53 precision is lost, which only makes a length larger: still refused.
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    return undefined;
  };
  while (cursor < bytes.length) {
    const at = cursor;
    const key = varint();
    if (key === undefined) return `a truncated field key at byte ${at}`;
    const field = Math.floor(key / 8);
    const wireType = key % 8;
    if (field === 0) return `field number 0 at byte ${at}`;
    switch (wireType) {
      case 0:
        if (varint() === undefined) return `field ${field}: a truncated varint at byte ${at}`;
        break;
      case 1:
      case 5: {
        const size = wireType === 1 ? 8 : 4;
        if (bytes.length - cursor < size) return `field ${field} needs ${size} bytes, ${bytes.length - cursor} left`;
        cursor += size;
        break;
      }
      case 2: {
        const length = varint();
        if (length === undefined) return `field ${field}: a truncated length at byte ${at}`;
        if (length > bytes.length - cursor) return `field ${field} declares ${length} bytes, ${bytes.length - cursor} left`;
        cursor += length;
        break;
      }
      case 3:
        groups.push(field);
        break;
      case 4:
        if (groups.pop() !== field) return `field ${field}: an end of group that no group opened, at byte ${at}`;
        break;
      default:
        return `field ${field}: wire type ${wireType} does not exist, at byte ${at}`;
    }
  }
  return groups.length > 0 ? `group ${groups.at(-1)} is not closed` : undefined;
}

/**
 * `bytes` as google-protobuf reads them, but throwing on any index at or past their end. The view
 * is a Proxy of the array itself: google-protobuf keeps an input whose `constructor` is Uint8Array
 * as it is (a copy would not be bounded), and its methods (`subarray`) run on the array.
 */
export function boundedView(bytes: Uint8Array): Uint8Array {
  const length = bytes.length;
  return new Proxy(bytes, {
    get(target, key) {
      if (typeof key === "string") {
        const first = key.charCodeAt(0);
        if (first >= 48 && first <= 57) {
          const index = Number(key);
          if (index >= length) throw new PastEnd(`a length runs past the end of the request (${length} bytes)`);
          return target[index];
        }
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" && key !== "constructor" ? value.bind(target) : value;
    },
  });
}

/** Decodes a request of `type` (a generated message class) to `method` within the bounds, or says why not. */
export function decodeBounded(type: any, method: string, buffer: Uint8Array): unknown {
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const problem = topLevelProblem(bytes);
  if (problem) return new MalformedRequest(`malformed ${method} request: ${problem}`);
  try {
    return type.deserializeBinary(boundedView(bytes));
  } catch (error) {
    return new MalformedRequest(`malformed ${method} request: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The service definition and implementation to give grpc-js's `addService`, every method's
 * request decoded within the bounds. Unary handlers answer a refused request INVALID_ARGUMENT
 * without being called; for other methods the deserializer throws.
 */
export function boundedService(grpc: any, definition: Record<string, any>, implementation: Record<string, any>): [Record<string, any>, Record<string, any>] {
  const bounded: Record<string, any> = {};
  const handlers: Record<string, any> = { ...implementation };
  for (const [name, method] of Object.entries(definition)) {
    const unary = !method.requestStream && !method.responseStream && typeof implementation[name] === "function";
    const type = method.requestType;
    bounded[name] = {
      ...method,
      requestDeserialize: (buffer: Uint8Array) => {
        const request = decodeBounded(
          type,
          String(method.path ?? name)
            .split("/")
            .pop()!,
          buffer,
        );
        if (request instanceof MalformedRequest && !unary) throw new Error(request.reason);
        return request;
      },
    };
    if (unary) {
      const handler = implementation[name];
      handlers[name] = (call: { request: unknown }, callback: (error: unknown, response?: unknown) => void) => {
        if (call.request instanceof MalformedRequest) {
          callback({ code: grpc.status.INVALID_ARGUMENT, details: call.request.reason, message: call.request.reason });
          return;
        }
        handler(call, callback);
      };
    }
  }
  return [bounded, handlers];
}
