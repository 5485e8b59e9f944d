// pulumi-java 1.12.0's program generator writes three of the examples wrong (two do not compile,
// one compiles with the wrong document). generate-examples.mts applies each repair below to
// pulumi-java's output, so the committed App.java (and the page that shows it) is a program that
// compiles and declares what its Pulumi.yaml declares; the page says what was repaired. A repair
// whose defect pulumi-java no longer writes fails the conversion, so it goes when the defect does.

/** One known defect of a kind's Java conversion: how to see it, how to repair it, what the page says. */
export interface JavaRepair {
  hasDefect: (java: string) => boolean;
  repair(java: string): string;
  /** The page's sentence after "pulumi-java 1.12.0's program generator ...". */
  note: string;
}

/** Adds `import <name>;` after the last import of the file, once. */
function withImport(java: string, name: string): string {
  const line = `import ${name};`;
  if (java.includes(line)) return java;
  const imports = [...java.matchAll(/^import .*;$/gm)];
  const last = imports.at(-1);
  if (!last) throw new Error(`no import line to add ${name} after`);
  const end = last.index + last[0].length;
  return `${java.slice(0, end)}\n${line}${java.slice(end)}`;
}

/** The index of the parenthesis closing the one opened at `open`, skipping Java string literals. */
function closingParenthesis(java: string, open: number): number {
  let depth = 0;
  for (let i = open; i < java.length; i++) {
    const char = java[i];
    if (char === '"') {
      for (i++; i < java.length && java[i] !== '"'; i++) if (java[i] === "\\") i++;
    } else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return i;
  }
  throw new Error("unbalanced parentheses in the Java conversion");
}

/** Wraps the value `Map.ofEntries(...)` of each entry `Map.entry("<key>", ...)` of `keys` in `List.of(...)`. */
function wrapEntriesInLists(java: string, keys: readonly string[]): string {
  let result = java;
  for (const key of keys) {
    const head = `Map.entry("${key}", Map.ofEntries(`;
    for (let at = result.indexOf(head); at !== -1; at = result.indexOf(head, at + 1)) {
      const valueStart = at + `Map.entry("${key}", `.length;
      const close = closingParenthesis(result, valueStart + "Map.ofEntries".length);
      result = `${result.slice(0, valueStart)}List.of(${result.slice(valueStart, close + 1)})${result.slice(close + 1)}`;
    }
  }
  return result;
}

const ADAPTIVE_VALUE_ARGS = "com.docsplatform.docsplatform.inputs.SiteAdaptiveSchemaJsonSchemaPropertiesUnsignedPropertiesValueArgs";

/** The known defects, by example folder (docs/resources/examples/<kind>). */
export const JAVA_REPAIRS: Readonly<Record<string, JavaRepair>> = {
  "agent-instructions": {
    hasDefect: (java) => java.includes('Map.entry("nodes", Map.ofEntries(') || java.includes('Map.entry("leaves", Map.ofEntries('),
    repair: (java) => withImport(wrapEntriesInLists(java, ["nodes", "leaves"]), "java.util.List"),
    note: "writes each nested one-item list (`nodes`, `leaves`) as its item, which compiles but declares another document: the program above writes them as `List.of(Map.ofEntries(...))`.",
  },
  "site-adaptive-schema": {
    hasDefect: (java) => java.includes("SiteAdaptiveSchemaJsonSchemaPropertiesUnsignedPropertiesValueArgs.builder()") && !java.includes(`import ${ADAPTIVE_VALUE_ARGS};`),
    repair: (java) => withImport(java, ADAPTIVE_VALUE_ARGS),
    note: "leaves out the import of a type used inside a map, so its program does not compile: the program above imports `SiteAdaptiveSchemaJsonSchemaPropertiesUnsignedPropertiesValueArgs`.",
  },
  "site-structure": {
    hasDefect: (java) => /\.root\(\s*guides\.id\(\),\s*apiGroup\.id\(\)\)/.test(java) || java.includes(".items(reference.id())"),
    repair: (java) =>
      withImport(
        withImport(
          java
            .replace(/\.root\(\s*guides\.id\(\),\s*apiGroup\.id\(\)\)/, ".root(Output.all(guides.id(), apiGroup.id()))")
            .replace(".items(reference.id())", ".items(reference.id().applyValue(List::of))"),
          "com.pulumi.core.Output",
        ),
        "java.util.List",
      ),
    note: "passes a list of other resources' ids as separate outputs, which the builder does not take, so its program does not compile: the program above writes `.root(Output.all(guides.id(), apiGroup.id()))` and `.items(reference.id().applyValue(List::of))`.",
  },
};

/** pulumi-java's conversion of `kind`, repaired; fails when a repair's defect is gone. */
export function repairedJava(kind: string, java: string): string {
  const known = JAVA_REPAIRS[kind];
  if (!known) return java;
  if (!known.hasDefect(java)) {
    throw new Error(`pulumi-java no longer writes the known defect of ${kind}'s Java conversion: remove its repair from provider/scripts/java-repairs.mts`);
  }
  const repaired = known.repair(java);
  if (known.hasDefect(repaired)) throw new Error(`the repair of ${kind}'s Java conversion left its defect`);
  return repaired;
}

/**
 * The lookups' examples (docs/resources/examples/functions/<getThing>): pulumi-java 1.12.0's
 * program generator writes an invoke's class and arguments under `com.pulumi.<package>` (the SDK's
 * are under its base package, `com.docsplatform.docsplatform`), and reads the result's fields off
 * the invoke as if it were the plain result (`ada.id()`), where the SDK's invoke returns an
 * `Output<...InvokeResult>`: neither compiles. The repair imports the SDK's names and reads each
 * field with `applyValue`.
 */
export const INVOKE_JAVA_REPAIR: JavaRepair = {
  hasDefect: (java) => /^import com\.pulumi\.docsplatform\./m.test(java) || invokeFieldReads(java).length > 0,
  repair(java) {
    let repaired = java.replace(/^import com\.pulumi\.docsplatform\./gm, "import com.docsplatform.docsplatform.");
    for (const { read, name, fields } of invokeFieldReads(repaired)) repaired = repaired.replace(read, `${name}.applyValue(result -> result${fields})`);
    return repaired;
  },
  note: "writes an invoke's class under `com.pulumi.docsplatform` and reads the result's fields off the invoke's `Output`: the program above imports `com.docsplatform.docsplatform.DocsplatformFunctions` and reads each field with `applyValue`.",
};

/** Each `<name>.<field>()...` read off a variable holding an invoke (`final var <name> = DocsplatformFunctions.get...`). */
function invokeFieldReads(java: string): { read: string; name: string; fields: string }[] {
  const names = [...java.matchAll(/final var (\w+) = DocsplatformFunctions\.get\w+\(/g)].map((match) => match[1]);
  return names.flatMap((name) =>
    [...java.matchAll(new RegExp(`\\b${name}((?:\\.(?!applyValue\\b)\\w+\\(\\))+)`, "g"))].map((match) => ({ read: match[0], name, fields: match[1] })),
  );
}

/**
 * The list lookups (getSpaces, getMembers) return a list of result objects, and an example that
 * exports that list as it is converts to `ctx.export("spaces", all.applyValue(result ->
 * result.spaces()))`, which compiles, but pulumi-java 1.12.0 cannot serialize a function's result
 * object as a stack output: the program fails at `up` with "Serialize property[...]: Type
 * 'GetSpaceResult' is not a supported argument type" (seen for GetSpaceResult and
 * GetMemberResult). The repair exports each item's id.
 */
const RESULT_LIST_EXPORT = /^( *)(ctx\.export\("\w+", \w+\.applyValue\(result -> result\.(?:spaces|members)\(\))\)\)/gm;
export const RESULT_LIST_JAVA_REPAIR: JavaRepair = {
  hasDefect: (java) => new RegExp(RESULT_LIST_EXPORT.source, "m").test(java),
  // The comment goes with the code wherever it is shown (the Registry's examples show no notes).
  repair: (java) =>
    java.replace(
      RESULT_LIST_EXPORT,
      "$1// pulumi-java cannot export a lookup's result objects as they are: export each one's id (or the fields wanted).\n$1$2.stream().map(item -> item.id()).toList()))",
    ),
  note: "exports a list lookup's result objects as they are (`result.spaces()`), which compiles, but pulumi-java cannot serialize a function's result object as a stack output (\"Type 'GetSpaceResult' is not a supported argument type\" at `up`): the program above exports each item's id, `.stream().map(item -> item.id()).toList()`; to export more, map each item to the fields wanted.",
};

/** pulumi-java's conversion of a lookup's example, repaired (INVOKE_JAVA_REPAIR, and RESULT_LIST_JAVA_REPAIR where it applies); fails when the defect is gone. */
export function repairedInvokeJava(folder: string, java: string): string {
  if (!INVOKE_JAVA_REPAIR.hasDefect(java)) {
    throw new Error(`pulumi-java no longer writes the known defect of ${folder}'s Java conversion: remove INVOKE_JAVA_REPAIR from provider/scripts/java-repairs.mts`);
  }
  let repaired = INVOKE_JAVA_REPAIR.repair(java);
  if (INVOKE_JAVA_REPAIR.hasDefect(repaired)) throw new Error(`the repair of ${folder}'s Java conversion left its defect`);
  if (RESULT_LIST_JAVA_REPAIR.hasDefect(repaired)) repaired = RESULT_LIST_JAVA_REPAIR.repair(repaired);
  return repaired;
}

/**
 * The guides' samples (docs/guides/examples/<guide>-<sample>): defects of pulumi-java 1.12.0's
 * program generator that follow from what a program uses, whatever its kinds.
 *
 * - A config value without a default is read `config.get("key")`, an `Optional<String>` that no
 *   builder takes (it does not compile), and a secret one loses its secrecy: the repair reads it
 *   `config.require("key")`, or `config.requireSecret("key")` (an `Output<String>`) when the YAML
 *   declares it `secret: true`.
 * - `adopt: { id }`, a union of boolean and AdoptById, is written `.adopt(Map.of("id", ...))`,
 *   which no overload of the builder takes: the repair writes `AdoptByIdArgs.builder().id(...).build()`.
 * - A list of several other resources' ids is passed as separate outputs (`.root(guides.id(),
 *   apis.id())`), which the builder does not take (as in the site-structure example): the repair
 *   writes `.root(Output.all(guides.id(), apis.id()))`.
 * - An optional output (`SiteSection.siteSpaceId()`, an `Output<Optional<String>>`) given as a
 *   one-item list is passed as it is, which the list's builder does not take: the repair writes
 *   `.applyValue(id -> List.of(id.orElseThrow()))`.
 */
export const GUIDE_JAVA_REPAIR_NOTES = {
  config:
    'reads a config value as `config.get("key")` (an `Optional<String>` no builder takes, and a secret no longer secret): the program above reads it with `config.require`, or `config.requireSecret` for a secret.',
  adopt: 'writes `adopt: { id }` as `Map.of("id", ...)`, which the builder does not take: the program above writes `AdoptByIdArgs.builder().id(...).build()`.',
  outputList: "passes a list of other resources' ids as separate outputs, which the builder does not take: the program above writes `Output.all(...)` around them.",
  optionalList:
    "passes an optional output (`siteSpaceId()`, an `Output<Optional<String>>`) as a one-item list, which the builder does not take: the program above writes `.applyValue(id -> List.of(id.orElseThrow()))`.",
} as const;
export type GuideJavaRepair = keyof typeof GUIDE_JAVA_REPAIR_NOTES;

const ADOPT_BY_ID_ARGS = "com.docsplatform.docsplatform.inputs.AdoptByIdArgs";
/** A builder call given two or more `<resource>.id()` outputs as separate arguments (pulumi-java writes them one a line). */
const OUTPUT_LIST = /\.(\w+)\(\s+(\w+\.id\(\)(?:,\s+\w+\.id\(\))+)\)/g;
const OPTIONAL_LIST = /\.(\w+)\((\w+)\.(siteSpaceId)\(\)\)/g;

/** A guide sample's Java conversion repaired: `secretKeys` are the config keys its YAML declares secret. */
export function repairedGuideJava(java: string, secretKeys: ReadonlySet<string>): string {
  let repaired = java.replace(/\bconfig\.get\("(\w+)"\)(?!\.orElse)/g, (_, key: string) => (secretKeys.has(key) ? `config.requireSecret("${key}")` : `config.require("${key}")`));
  if (/\.adopt\(Map\.of\("id", /.test(repaired)) {
    repaired = withImport(repaired.replace(/\.adopt\(Map\.of\("id", (\w+)\)\)/g, ".adopt(AdoptByIdArgs.builder().id($1).build())"), ADOPT_BY_ID_ARGS);
  }
  repaired = repaired.replace(OUTPUT_LIST, (_, method: string, outputs: string) => `.${method}(Output.all(${outputs.trim().split(/,\s*/).join(", ")}))`);
  if (repaired.includes("(Output.all(")) repaired = withImport(repaired, "com.pulumi.core.Output");
  repaired = repaired.replace(
    OPTIONAL_LIST,
    (_, method: string, variable: string, field: string) => `.${method}(${variable}.${field}().applyValue(id -> List.of(id.orElseThrow())))`,
  );
  return repaired;
}

/** Which of GUIDE_JAVA_REPAIR_NOTES a committed Java conversion carries. */
export function guideJavaRepairsIn(java: string): GuideJavaRepair[] {
  return [
    ...(/\bconfig\.require(Secret)?\("/.test(java) ? (["config"] as const) : []),
    ...(java.includes("AdoptByIdArgs.builder()") ? (["adopt"] as const) : []),
    ...(java.includes("(Output.all(") ? (["outputList"] as const) : []),
    ...(java.includes(".applyValue(id -> List.of(id.orElseThrow()))") ? (["optionalList"] as const) : []),
  ];
}
