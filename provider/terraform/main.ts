/**
 * The Terraform door's executable (`terraform-provider-docsplatform`): the go-plugin handshake
 * (handshake.ts), then the tfplugin6 server (server.ts) over a ProviderHandler until OpenTofu or
 * Terraform shuts it down. Run as a program (`node dist/terraform/main.js`), it serves door.ts.
 *
 * With `--debug` (or `-debug`, as Go providers spell it) it is started by hand instead, and serves
 * until it is stopped: it prints the TF_REATTACH_PROVIDERS value that makes OpenTofu and Terraform
 * use this process rather than start one per phase of each command (go-plugin's reattach, OpenTofu
 * v1.12.6 cmd/tofu/main.go parseReattachProviders). docs/terraform/debugging.md says how to use it.
 */
import { freshServerCertificate, handshakeLine, readHandshakeEnvironment } from "./handshake";
import { PROVIDER_SOURCE, PROVIDER_TYPE_NAME, type ProviderHandler } from "./protocol";
import { handlerPerConnection, serve, type RunningServer } from "./server";

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** Where the handshake line goes; stdout, which go-plugin reads. */
  write?: (line: string) => void;
  /** What ends the process after Shutdown; process.exit(0) by default. */
  onShutdown?: () => void;
  /** The command line's arguments (process.argv's after the script): `--debug` serves in debug mode. */
  args?: readonly string[];
}

/**
 * go-plugin's reattach configuration of a provider serving on `port` (the JSON OpenTofu and
 * Terraform read from TF_REATTACH_PROVIDERS, keyed by the provider's source address). `Test: true` is what Go providers' debug mode gives
 * (terraform-plugin-go's tf6server.WithDebug): the client then takes ProtocolVersion as negotiated
 * (without it OpenTofu would speak protocol 5) and never stops the process when a command ends.
 */
export function reattachProviders(port: number, pid = process.pid): string {
  return JSON.stringify({ [PROVIDER_SOURCE]: { Protocol: "grpc", ProtocolVersion: 6, Pid: pid, Test: true, Addr: { Network: "tcp", String: `127.0.0.1:${port}` } } });
}

/** What debug mode prints on stdout once it serves: the variable to export, in the shells' words. */
export function debugBanner(port: number, pid = process.pid): string {
  const value = reattachProviders(port, pid);
  return [
    `terraform-provider-${PROVIDER_TYPE_NAME} is serving in debug mode on 127.0.0.1:${port} (process ${pid}), without TLS.`,
    "OpenTofu and Terraform use this process instead of starting the provider themselves while their environment holds:",
    "",
    `\texport TF_REATTACH_PROVIDERS='${value}'`,
    `\tPowerShell: $env:TF_REATTACH_PROVIDERS='${value}'`,
    "",
    "Each provider instance of their commands gets a handler of its own, as a process of its own would. Its log is this process's stderr. Ctrl-C stops it.",
    "",
  ].join("\n");
}

/** The TF_REATTACH_PROVIDERS value in debugBanner's output; undefined until its line has arrived. */
export function reattachValueIn(output: string): string | undefined {
  return /^\texport TF_REATTACH_PROVIDERS='(.*)'$/m.exec(output)?.[1];
}

/**
 * Ends the process when OpenTofu is gone without a Shutdown (killed): the gRPC server would keep
 * it alive forever, an orphan holding a port. A provider's parent is its client (the launcher
 * `exec`s Node.js); once the parent dies the process is re-parented, and its parent id changes.
 */
function exitWithClient(running: RunningServer): void {
  const client = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === client) return;
    clearInterval(watch);
    void running.stop().then(() => process.exit(0));
  }, 1000);
  watch.unref();
}

/**
 * Serves `makeHandler()` as a provider plugin. Without the handshake's environment (run by hand),
 * prints why on stderr, sets exit code 1 and returns undefined; the handler is made only when the
 * provider is really going to serve.
 */
export async function startPlugin(makeHandler: () => ProviderHandler, options: StartOptions = {}): Promise<RunningServer | undefined> {
  const args = options.args ?? process.argv.slice(2);
  if (args.includes("--debug") || args.includes("-debug")) return serveDebug(makeHandler, options);
  const settings = readHandshakeEnvironment(options.env ?? process.env);
  if ("refusal" in settings) {
    process.stderr.write(settings.refusal);
    process.exitCode = 1;
    return undefined;
  }
  // OpenTofu passes Ctrl-C on to its whole process group; it then stops the provider itself
  // (StopProvider, Shutdown), after recording what was applied. go-plugin's servers ignore the
  // interrupt for the same reason.
  process.on("SIGINT", () => {});
  const certificate = settings.tls ? await freshServerCertificate() : undefined;
  const running = await serve(makeHandler(), {
    ...(certificate && settings.clientCertificate
      ? { tls: { certificatePem: certificate.certificatePem, privateKeyPem: certificate.privateKeyPem, clientCertificatePem: settings.clientCertificate } }
      : {}),
    ...(options.onShutdown ? { onShutdown: options.onShutdown } : {}),
  });
  (options.write ?? ((line: string) => process.stdout.write(line)))(handshakeLine(running.port, certificate?.handshakeCertificate));
  exitWithClient(running);
  return running;
}

/**
 * Debug mode: no handshake (a person or a test started the process, not OpenTofu), plaintext as
 * go-plugin's reattach connects, a handler per connection, and no Shutdown to wait for (a
 * reattached client never sends one): it serves until a signal stops it, or its parent is gone.
 */
async function serveDebug(makeHandler: () => ProviderHandler, options: StartOptions): Promise<RunningServer> {
  const running = await serve(handlerPerConnection(makeHandler), options.onShutdown ? { onShutdown: options.onShutdown } : {});
  (options.write ?? ((line: string) => process.stdout.write(line)))(debugBanner(running.port));
  exitWithClient(running);
  return running;
}

/** The provider over the core (door.ts), loaded only once the handshake lets it serve: a start by hand answers at once. */
function coreHandler(): ProviderHandler {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded late on purpose: a start by hand answers before the core loads.
  return (require("./door") as typeof import("./door")).terraformHandler();
}

// `module` is absent while the release's start snapshot is built (bundle.mts), where this is no main module.
if (typeof module !== "undefined" && require.main === module) {
  startPlugin(coreHandler).catch((error: unknown) => {
    process.stderr.write(`terraform-provider-docsplatform: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
