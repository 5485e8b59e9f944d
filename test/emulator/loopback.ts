/**
 * Who may reach the emulator: the control surface and the console carry no token, and the API's
 * demo tokens are documented, so the server answers only this machine, and only requests
 * addressed to it.
 */

export function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

/** The names a request addressed to the emulator can carry in its Host header (the only hosts it listens on). */
const LOOPBACK_NAMES = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?$/i;

/**
 * A page a browser loaded from another site reaches a loopback port under that site's name
 * (DNS rebinding): its Host header names the site, never the loopback interface. With `port`,
 * the Host must also name the port the server listens on (a Host without a port means 80).
 */
export function isLoopbackHost(host: string | undefined, port?: number): boolean {
  const match = host === undefined ? null : LOOPBACK_NAMES.exec(host);
  if (!match) return false;
  if (port === undefined) return true;
  return Number(match[1] ?? 80) === port;
}

/** What a refused request is told: the names and the port a request must be addressed to. */
export function loopbackHostRule(port: number): string {
  return `127.0.0.1:${port}, localhost:${port} or [::1]:${port}`;
}
