import type { ProviderConfig } from "../config/provider-config";
import type { ClientOptions } from "./options";

/**
 * The API client's options for a provider configuration: where, the credential, and the tuning
 * keys. One mapping for every client built from a configuration: the core's (runtime/core.ts),
 * which every door holds, and the lookups' in a program (lookups/lookup.ts).
 */
export function clientOptionsOf(config: ProviderConfig): ClientOptions {
  return {
    baseUrl: config.apiUrl,
    token: config.token,
    maxRetries: config.maxRetries,
    requestTimeoutMs: config.requestTimeoutMs,
    maxConcurrentRequests: config.maxConcurrentRequests,
    requestsPerSecond: config.requestsPerSecond,
    rateLimitShare: config.rateLimitShare,
  };
}
