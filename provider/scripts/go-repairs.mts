// Pulumi's Go program generator (pkg/v3 codegen/go, gen_program.go `useLookupInvokeForm`) names an
// invoke of a function whose token is `<package>:index:get<Thing>` `Get<Thing>` always: it looks
// for the Go SDK's `Lookup<Thing>` in a module named "index", where the SDK generator keeps the
// index module's names under "". The SDK generator (gen.go) names the function `Lookup<Thing>`
// when `Get<Thing>`, `Get<Thing>Args` or `Get<Thing>Result` is taken (by the resource's getter,
// `GetTeam`, or a result type, `GetMemberResult`), so the conversion calls a function the SDK does
// not have (`GetMember`) or the resource getter (`GetTeam`, another signature): it does not
// compile. generate-examples.mts generates the Go SDK from the schema and renames each such call
// to the SDK's name, then checks that every name of the SDK a conversion uses is one it declares.

/** The `<Thing>`s whose function the Go SDK names `Lookup<Thing>`, from the SDK's source files. */
export function goLookups(sdkSources: readonly string[]): Set<string> {
  const things = new Set<string>();
  for (const source of sdkSources) {
    for (const match of source.matchAll(/^func Lookup(\w+)\(ctx \*pulumi\.Context, args \*Lookup\1Args\b/gm)) things.add(match[1]!);
  }
  return things;
}

/** The names a Go SDK declares at the package level: funcs, types, vars and consts. */
export function goDeclarations(sdkSources: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sdkSources) {
    for (const match of source.matchAll(/^(?:func|type|var|const) (\w+)/gm)) names.add(match[1]!);
  }
  return names;
}

/** The Go conversion with each invoke of `Get<Thing>` renamed as the SDK names it; fails naming an SDK name it lacks. */
export function repairedGo(folder: string, go: string, lookups: ReadonlySet<string>, declared: ReadonlySet<string>): string {
  let repaired = go;
  for (const thing of lookups) {
    // An invoke, never the resource's getter (`GetTeam(ctx, name, id, state)`): its arguments are `Get<Thing>Args`.
    repaired = repaired
      .replaceAll(`docsplatform.Get${thing}(ctx, &docsplatform.Get${thing}Args{`, `docsplatform.Lookup${thing}(ctx, &docsplatform.Lookup${thing}Args{`)
      .replaceAll(`docsplatform.Get${thing}Output(ctx, docsplatform.Get${thing}OutputArgs{`, `docsplatform.Lookup${thing}Output(ctx, docsplatform.Lookup${thing}OutputArgs{`);
  }
  const missing = [...new Set([...repaired.matchAll(/\bdocsplatform\.(\w+)/g)].map((match) => match[1]!))].filter((name) => !declared.has(name));
  if (missing.length > 0) throw new Error(`${folder}'s Go conversion uses ${missing.join(", ")}, which the Go SDK does not declare`);
  return repaired;
}
