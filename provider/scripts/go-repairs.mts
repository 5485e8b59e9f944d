// Pulumi's Go program generator (pkg/v3 codegen/go, gen_program.go `useLookupInvokeForm`) names an
// invoke of a function whose token is `<package>:index:get<Thing>` `Get<Thing>` always: it looks
// for the Go SDK's `Lookup<Thing>` in a module named "index", where the SDK generator keeps the
// index module's names under "". The SDK generator (gen.go) names the function `Lookup<Thing>`
// when `Get<Thing>`, `Get<Thing>Args` or `Get<Thing>Result` is taken (by the resource's getter,
// `GetTeam`, or a result type, `GetMemberResult`), so the conversion calls a function the SDK does
// not have (`GetMember`) or the resource getter (`GetTeam`, another signature): it does not
// compile. It also exports a field of an invoke's plain result as it is (`ctx.Export("teamId",
// writers.Id)`), where ctx.Export takes a pulumi.Input: that does not compile either.
// generate-examples.mts generates the Go SDK from the schema, renames each such call to the SDK's
// name and wraps each such export in the Input of the field's Go type (pulumi.String, ...,
// pulumi.Any), then checks that every name of the SDK a conversion uses is one it declares.
//
// Two more defects show in the guides' samples (docs/guides/examples/): the generator writes
// `adopt: { id }`, an input of a union type (boolean or AdoptById) that the SDK types
// `pulumi.Input`, as `pulumi.Bool{ Id: ... }` (a composite literal of a bool: it does not
// compile), and it puts an output the SDK types `pulumi.StringPtrOutput` (`SiteSection.SiteSpaceId`)
// in a `pulumi.StringArray`, which takes `StringInput`s: it does not compile without `.Elem()`. The
// repair writes `&docsplatform.AdoptByIdArgs{ Id: ... }` and `.Elem()`.

/** The `<Thing>`s whose function the Go SDK names `Lookup<Thing>`, from the SDK's source files. */
export function goLookups(sdkSources: readonly string[]): Set<string> {
  const things = new Set<string>();
  for (const source of sdkSources) {
    for (const match of source.matchAll(/^func Lookup(\w+)\(ctx \*pulumi\.Context, args \*Lookup\1Args\b/gm)) things.add(match[1]);
  }
  return things;
}

/** The names a Go SDK declares at the package level: funcs, types, vars and consts. */
export function goDeclarations(sdkSources: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sdkSources) {
    for (const match of source.matchAll(/^(?:func|type|var|const) (\w+)/gm)) names.add(match[1]);
  }
  return names;
}

/** Each invoke's result fields and their Go types, by the function's Go name: `LookupTeam` -> `Id` -> `string`. */
export function goInvokeResults(sdkSources: readonly string[]): Map<string, Map<string, string>> {
  const structs = new Map<string, Map<string, string>>();
  for (const source of sdkSources) {
    for (const match of source.matchAll(/^type (\w+) struct \{\n([\s\S]*?)^\}/gm)) {
      const fields = [...match[2].matchAll(/^\t(\w+)\s+(\S+)\s+`pulumi:/gm)].map((field) => [field[1], field[2]] as const);
      structs.set(match[1], new Map(fields));
    }
  }
  const results = new Map<string, Map<string, string>>();
  for (const source of sdkSources) {
    for (const match of source.matchAll(/^func (\w+)\(ctx \*pulumi\.Context, args \*\w+, opts \.\.\.pulumi\.InvokeOption\) \(\*(\w+), error\)/gm)) {
      const fields = structs.get(match[2]);
      if (fields) results.set(match[1], fields);
    }
  }
  return results;
}

/** The names of the resources' outputs the Go SDK types `pulumi.StringPtrOutput` (`SiteSpaceId`). */
export function goPointerOutputs(sdkSources: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sdkSources) {
    for (const match of source.matchAll(/^\t(\w+)\s+pulumi\.StringPtrOutput\s+`pulumi:/gm)) names.add(match[1]);
  }
  return names;
}

/** The Input a plain value of a Go type is exported as. */
function inputOf(goType: string): string {
  return (
    ({ string: "pulumi.String", float64: "pulumi.Float64", int: "pulumi.Int", bool: "pulumi.Bool", "[]string": "pulumi.ToStringArray" } as Record<string, string>)[goType] ??
    "pulumi.Any"
  );
}

/** What the Go repair reads of the Go SDK. */
export interface GoSdkNames {
  lookups: ReadonlySet<string>;
  declared: ReadonlySet<string>;
  results: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The outputs typed `pulumi.StringPtrOutput` (goPointerOutputs). */
  pointerOutputs: ReadonlySet<string>;
}

/** What the Go repairs changed in a conversion, for the page to say. */
export const GO_REPAIR_NOTES = {
  adopt: "writes `adopt: { id }` (boolean or AdoptById) as `pulumi.Bool{...}`, which does not compile: the program above writes `&docsplatform.AdoptByIdArgs{...}`.",
  elem: "puts a `pulumi.StringPtrOutput` (an optional output, such as `SiteSection`'s `SiteSpaceId`) in a list of `StringInput`s, which does not compile: the program above adds `.Elem()`.",
} as const;

/** Which of GO_REPAIR_NOTES a committed Go conversion carries. */
export function goRepairsIn(go: string): (keyof typeof GO_REPAIR_NOTES)[] {
  return [...(go.includes("Adopt: &docsplatform.AdoptByIdArgs{") ? (["adopt"] as const) : []), ...(/^\t+\w+\.\w+\.Elem\(\),$/m.test(go) ? (["elem"] as const) : [])];
}

/** The Go conversion with each invoke of `Get<Thing>` renamed as the SDK names it; fails naming an SDK name it lacks. */
export function repairedGo(folder: string, go: string, { lookups, declared, results, pointerOutputs }: GoSdkNames): string {
  let repaired = go.replaceAll("Adopt: pulumi.Bool{", "Adopt: &docsplatform.AdoptByIdArgs{");
  // An element of a list literal (a line of its own) that is an optional output: its `.Elem()`.
  repaired = repaired.replace(/^(\t+)(\w+)\.(\w+),$/gm, (line, indent: string, variable: string, field: string) =>
    pointerOutputs.has(field) ? `${indent}${variable}.${field}.Elem(),` : line,
  );
  for (const thing of lookups) {
    // An invoke, never the resource's getter (`GetTeam(ctx, name, id, state)`): its arguments are `Get<Thing>Args`.
    repaired = repaired
      .replaceAll(`docsplatform.Get${thing}(ctx, &docsplatform.Get${thing}Args{`, `docsplatform.Lookup${thing}(ctx, &docsplatform.Lookup${thing}Args{`)
      .replaceAll(`docsplatform.Get${thing}Output(ctx, docsplatform.Get${thing}OutputArgs{`, `docsplatform.Lookup${thing}Output(ctx, docsplatform.Lookup${thing}OutputArgs{`);
  }
  // Each export of a plain invoke result's field, as the Input of its type.
  for (const [, variable, fn] of repaired.matchAll(/^\t*(\w+), err := docsplatform\.(\w+)\(ctx, &docsplatform\.\w+Args\{/gm)) {
    const fields = results.get(fn);
    if (!fields) continue;
    repaired = repaired.replace(new RegExp(`ctx\\.Export\\(("[^"]*"), ${variable}\\.(\\w+)\\)`, "g"), (all, name: string, field: string) =>
      fields.has(field) ? `ctx.Export(${name}, ${inputOf(fields.get(field)!)}(${variable}.${field}))` : all,
    );
  }
  const missing = [...new Set([...repaired.matchAll(/\bdocsplatform\.(\w+)/g)].map((match) => match[1]))].filter((name) => !declared.has(name));
  if (missing.length > 0) throw new Error(`${folder}'s Go conversion uses ${missing.join(", ")}, which the Go SDK does not declare`);
  return repaired;
}

/**
 * Pulumi's TypeScript program generator has the same defect as Go's with an optional output: it puts
 * `guides.siteSpaceId` (an `Output<string | undefined>` in the SDK) in a list of `Input<string>`s,
 * which does not type-check. The repair writes `guides.siteSpaceId.apply(id => id!)`. The outputs
 * are the Go SDK's StringPtrOutputs (goPointerOutputs), named as TypeScript names them.
 */
export const TYPESCRIPT_REPAIR_NOTE =
  "puts an optional output (`siteSpaceId`, an `Output<string | undefined>` in the SDK) in a list of `Input<string>`s, which does not type-check: the program shown writes `.apply(id => id!)`.";

/** The TypeScript conversion with each optional output that is a list's item repaired. */
export function repairedTypescript(typescript: string, { pointerOutputs }: Pick<GoSdkNames, "pointerOutputs">): string {
  const names = [...pointerOutputs].map((name) => name[0].toLowerCase() + name.slice(1));
  if (names.length === 0) return typescript;
  const item = new RegExp(`(\\[\\s*|,\\s*|\\n\\s+)(\\w+)\\.(${names.join("|")})(?=\\s*[,\\]])`, "g");
  return typescript.replace(item, (_, before: string, variable: string, field: string) => `${before}${variable}.${field}.apply(id => id!)`);
}

/** Whether a committed TypeScript conversion carries the repair. */
export const typescriptRepaired = (typescript: string) => typescript.includes(".apply(id => id!)");
