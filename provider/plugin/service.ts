/**
 * The implementation the gRPC server serves. The calls about the plugin itself (info.ts) and
 * Cancel are answered at once; every call about resources or configuration loads the resource core
 * (server.ts and the kinds: some 500 modules, the whole @pulumi/pulumi SDK too until the resource
 * classes left the kind files) on its first use. The engine starts one plugin process only to read the schema for the YAML
 * language host, which lives as long as the command and is sent only GetPluginInfo, GetSchema and,
 * at the end, Cancel: that process now loads a fifth of that and uses no CPU the deployment needs.
 */
import { type AnyHandler, handle } from "./calls";
import { infoService } from "./info";
import { sdk } from "./sdk";

/** The calls answered without the core: the plugin's info and schema, and Cancel, which has nothing to stop (server.ts answers it alike). */
export const IMMEDIATE_CALLS = { ...infoService, cancel: handle(() => new (sdk().empty.Empty)()) };

/** The calls server.ts implements beyond IMMEDIATE_CALLS (test/plugin/service.test.ts holds the lists equal). */
export const RESOURCE_CALLS = ["checkConfig", "diffConfig", "configure", "check", "diff", "create", "read", "update", "delete", "invoke", "list"] as const;

let resourceService: Record<(typeof RESOURCE_CALLS)[number], AnyHandler> | undefined;

/** server.ts's handlers (this process's one provider), loaded on the first call that needs one. */
function loaded(): NonNullable<typeof resourceService> {
  // A require, not an import: the point is not to load server.ts until a call needs it.
  resourceService ??= (require("./server") as typeof import("./server")).pluginService();
  return resourceService;
}

export function providerService(): Record<string, AnyHandler> {
  const service: Record<string, AnyHandler> = { ...IMMEDIATE_CALLS };
  for (const name of RESOURCE_CALLS) service[name] = (call, callback) => loaded()[name](call, callback);
  return service;
}
