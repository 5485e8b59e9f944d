/**
 * The Terraform door's executable (`terraform-provider-docsplatform`): the go-plugin handshake
 * (handshake.ts), then the tfplugin6 server (server.ts) over a ProviderHandler until OpenTofu or
 * Terraform shuts it down. Run as a program (`node dist/terraform/main.js`), it serves door.ts.
 */
import { freshServerCertificate, handshakeLine, readHandshakeEnvironment } from "./handshake";
import type { ProviderHandler } from "./protocol";
import { serve, type RunningServer } from "./server";

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** Where the handshake line goes; stdout, which go-plugin reads. */
  write?: (line: string) => void;
  /** What ends the process after Shutdown; process.exit(0) by default. */
  onShutdown?: () => void;
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

/** The provider over the core (door.ts), loaded only once the handshake lets it serve: a start by hand answers at once. */
function coreHandler(): ProviderHandler {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded late on purpose: a start by hand answers before the core loads.
  return (require("./door") as typeof import("./door")).terraformHandler();
}

if (require.main === module) {
  startPlugin(coreHandler).catch((error: unknown) => {
    process.stderr.write(`terraform-provider-docsplatform: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
