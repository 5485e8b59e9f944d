/**
 * Who may reach the emulator's surfaces outside `/v1` (the control surface and the console): they
 * carry no token, so they answer only this machine, and only requests addressed to it.
 */

export function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

/**
 * A page a browser loaded from another site reaches a loopback port under that site's name
 * (DNS rebinding): its Host header names the site, never the loopback interface.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i.test(host);
}
