/**
 * Policy violations of a preview, read from the engine's event log.
 *
 * `pulumi preview --json` leaves policy events out of its JSON (the engine's JSON digest skips
 * them; the preview only fails with "preview failed"), so the summary reads them from the event log
 * the same preview writes with `--event-log <file>` (JSON lines, one engine event each; the flag is
 * offered when `PULUMI_DEBUG_COMMANDS=true`, and is what the Automation API itself reads).
 */
import { InputError } from "../input-error";

export type EnforcementLevel = "mandatory" | "advisory" | "remediate" | "disabled";

export interface PolicyViolation {
  policyPack: string;
  policy: string;
  enforcement: EnforcementLevel;
  /** The resource's name in the program; absent for a stack-wide policy. */
  resource?: string;
  message: string;
}

/** The `policyEvent` of one engine event (sdk/go/common/apitype/events.go); only the fields used here. */
interface PolicyEventJson {
  resourceUrn?: string;
  message?: string;
  policyName?: string;
  policyPackName?: string;
  policyPackVersion?: string;
  enforcementLevel?: string;
}

const LEVELS: Record<string, EnforcementLevel> = {
  mandatory: "mandatory",
  warning: "advisory",
  advisory: "advisory",
  remediate: "remediate",
  none: "disabled",
  disabled: "disabled",
};

/** The policy message without the engine's color directives (`<{%reset%}>`) and trailing blank lines. */
function plain(message: string): string {
  return message.replace(/<\{%[^%]*%\}>/g, "").trim();
}

/**
 * The violations in an event log, each once (the engine can report a policy again for the same
 * resource), in the order the engine reported them. Lines that are not JSON events are refused:
 * the file given is not an event log.
 */
export function readPolicyViolations(eventLog: string): PolicyViolation[] {
  const violations: PolicyViolation[] = [];
  const seen = new Set<string>();
  const lines = eventLog.split("\n").filter((line) => line.trim() !== "");
  for (const [index, line] of lines.entries()) {
    let event: { policyEvent?: PolicyEventJson };
    try {
      event = JSON.parse(line) as { policyEvent?: PolicyEventJson };
    } catch {
      throw new InputError(`the events file is not an engine event log (line ${index + 1} is not JSON); write it with \`pulumi preview --event-log <file>\``);
    }
    const policy = event.policyEvent;
    if (!policy?.policyName) continue;
    const violation: PolicyViolation = {
      policyPack: policy.policyPackVersion ? `${policy.policyPackName}@v${policy.policyPackVersion}` : (policy.policyPackName ?? "policy pack"),
      policy: policy.policyName,
      enforcement: LEVELS[policy.enforcementLevel ?? ""] ?? "advisory",
      ...(policy.resourceUrn ? { resource: policy.resourceUrn.split("::").at(-1) } : {}),
      message: plain(policy.message ?? ""),
    };
    const key = JSON.stringify(violation);
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push(violation);
  }
  return violations;
}
