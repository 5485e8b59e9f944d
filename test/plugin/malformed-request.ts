// Requests that lie about their lengths, sent raw to a running plugin (the package's or the
// release executable's) over grpc-js, with a well-formed call beside them: what
// test/plugin/malformed-requests.test.ts and test/release/plugin-executable.test.ts both check.
import { createRequire } from "node:module";
import path from "node:path";
import { providerRoot } from "../../provider/scripts/release/release-info.mts";

const requireSdk = createRequire(path.join(providerRoot, "dist", "index.js"));

const grpc = requireSdk("@grpc/grpc-js");
const providerPb = requireSdk("@pulumi/pulumi/proto/provider_pb.js");

/** A CheckConfig whose field 3 (news) declares 2^32-1 bytes: the seven bytes of issue 42. */
export const SEVEN_BYTES = Buffer.from([0x1a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x00]);
/**
 * A request whose length-delimited `field` (8 bytes long, which fit) holds a field 1 declaring
 * 2^32-1 bytes: in a Struct, a map entry; in ConfigureRequest's variables (field 1), a map key.
 */
export function nestedLie(field: number): Buffer {
  return Buffer.from([(field << 3) | 2, 0x08, 0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x00, 0x00]);
}

export interface Answer {
  code: number;
  details: string;
  ms: number;
}

/** A unary call of `method` with `bytes` as its request, unchanged (identity serializer); resolves with the status and the time it took. */
export function rawCall(port: number, method: string, bytes: Buffer): Promise<Answer> {
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const started = performance.now();
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      `/pulumirpc.ResourceProvider/${method}`,
      (value: Buffer) => value,
      (value: Buffer) => value,
      bytes,
      { deadline: Date.now() + 30_000 },
      (error: { code: number; details: string } | null) => {
        client.close();
        resolve({ code: error ? error.code : grpc.status.OK, details: error ? error.details : "", ms: performance.now() - started });
      },
    );
  });
}

/** A well-formed CheckConfig (an API URL and a token): answered with its checked inputs. */
export function normalCheckConfig(): Buffer {
  const struct = requireSdk("google-protobuf/google/protobuf/struct_pb");
  const request = new providerPb.CheckRequest();
  request.setUrn("urn:pulumi:dev::project::pulumi:providers:docs-platform::default");
  request.setNews(struct.Struct.fromJavaScript({ apiUrl: "https://api.example.com/v1", token: "t" }));
  return Buffer.from(request.serializeBinary());
}

export const status = grpc.status as Record<string, number>;
