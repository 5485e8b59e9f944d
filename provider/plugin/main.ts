/**
 * The plugin's entry (`pulumi-resource-docs-platform <engine address>`): serves the provider on a
 * loopback port and prints the port, as the engine expects of a plugin.
 */
// First: on an older Node.js, one line naming the versions (node-version.ts).
import "../runtime/node-version";
import { setEngineAddress } from "../runtime/engine-log";
import { sdk } from "./sdk";
import { providerService } from "./service";
import { boundedService } from "./bounded-requests";

export async function main(args: readonly string[]): Promise<void> {
  const engine = args.find((arg) => !arg.startsWith("-"));
  if (engine) setEngineAddress(engine);
  const { grpc, providerGrpc, channelOptions } = sdk();
  const server = new grpc.Server(channelOptions);
  // Every method's request is decoded within bounds (bounded-requests.ts): a lying length must
  // not hold the event loop, which every other call waits on.
  server.addService(...boundedService(grpc, providerGrpc.ResourceProviderService, providerService()));
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error: Error | null, bound: number) => (error ? reject(error) : resolve(bound)));
  });
  // The engine reads the port from the first line of stdout.
  process.stdout.write(`${port}\n`);
}
