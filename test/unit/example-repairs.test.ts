// The repairs generate-examples.mts applies to the lookups' conversions (go-repairs.mts,
// java-repairs.mts INVOKE_JAVA_REPAIR): what each renames, what it leaves, and when it fails.
import { describe, expect, it } from "vitest";
import { goDeclarations, goInvokeResults, goLookups, repairedGo } from "../../provider/scripts/go-repairs.mts";
import { INVOKE_JAVA_REPAIR, repairedInvokeJava } from "../../provider/scripts/java-repairs.mts";

const sdk = [
  "package docsplatform\n\nfunc LookupMember(ctx *pulumi.Context, args *LookupMemberArgs, opts ...pulumi.InvokeOption) (*LookupMemberResult, error) {\n}\n\ntype LookupMemberArgs struct {\n}\n\ntype LookupMemberResult struct {\n\tId string `pulumi:\"id\"`\n\tDisabled bool `pulumi:\"disabled\"`\n\tUrls *LookupMemberResultUrls `pulumi:\"urls\"`\n}\n",
  "package docsplatform\n\nfunc GetSpaces(ctx *pulumi.Context, args *GetSpacesArgs, opts ...pulumi.InvokeOption) (*GetSpacesResult, error) {\n}\n\ntype GetSpacesArgs struct {\n}\n",
  "package docsplatform\n\nfunc NewTeam(ctx *pulumi.Context,\n\tname string, args *TeamArgs, opts ...pulumi.ResourceOption) (*Team, error) {\n}\n\nfunc GetTeam(ctx *pulumi.Context,\n\tname string, id pulumi.IDInput, state *TeamState, opts ...pulumi.ResourceOption) (*Team, error) {\n}\n\ntype TeamArgs struct {\n}\n",
];

describe("the Go repair of an invoke's name", () => {
  const lookups = goLookups(sdk);
  const declared = goDeclarations(sdk);
  const results = goInvokeResults(sdk);
  const names = { lookups, declared, results };

  it("reads which functions the SDK names Lookup<Thing>, and every name it declares", () => {
    expect([...lookups]).toEqual(["Member"]);
    expect(declared).toEqual(new Set(["LookupMember", "LookupMemberArgs", "LookupMemberResult", "GetSpaces", "GetSpacesArgs", "NewTeam", "GetTeam", "TeamArgs"]));
  });

  it("renames an invoke of Get<Thing> where the SDK has Lookup<Thing>, and leaves the others", () => {
    const go = "ada, err := docsplatform.GetMember(ctx, &docsplatform.GetMemberArgs{\nall, err := docsplatform.GetSpaces(ctx, &docsplatform.GetSpacesArgs{}, nil)\n";
    expect(repairedGo("functions/x", go, names)).toBe("ada, err := docsplatform.LookupMember(ctx, &docsplatform.LookupMemberArgs{\nall, err := docsplatform.GetSpaces(ctx, &docsplatform.GetSpacesArgs{}, nil)\n");
  });

  it("exports a field of an invoke's plain result as the Input of its Go type", () => {
    expect([...results.get("LookupMember")!]).toEqual([["Id", "string"], ["Disabled", "bool"], ["Urls", "*LookupMemberResultUrls"]]);
    const go = [
      "\t\tada, err := docsplatform.GetMember(ctx, &docsplatform.GetMemberArgs{",
      '\t\tctx.Export("adaUserId", ada.Id)',
      '\t\tctx.Export("disabled", ada.Disabled)',
      '\t\tctx.Export("urls", ada.Urls)',
    ].join("\n");
    expect(repairedGo("functions/x", go, names).split("\n").slice(1)).toEqual([
      '\t\tctx.Export("adaUserId", pulumi.String(ada.Id))',
      '\t\tctx.Export("disabled", pulumi.Bool(ada.Disabled))',
      '\t\tctx.Export("urls", pulumi.Any(ada.Urls))',
    ]);
  });

  it("fails naming a name the SDK does not declare", () => {
    expect(() => repairedGo("functions/getSite", "docsplatform.GetSite(ctx, &docsplatform.GetSiteArgs{", names)).toThrow(/functions\/getSite's Go conversion uses GetSite, GetSiteArgs/);
  });
});

describe("the Java repair of an invoke", () => {
  const converted = [
    "import com.pulumi.docsplatform.DocsplatformFunctions;",
    "import com.pulumi.docsplatform.inputs.GetTeamArgs;",
    "        final var writers = DocsplatformFunctions.getTeam(GetTeamArgs.builder()",
    '            .title("Writers")',
    "            .build());",
    '        ctx.export("teamId", writers.id());',
    '        ctx.export("url", writers.urls().app());',
  ].join("\n");

  it("imports the SDK's package and reads each field with applyValue", () => {
    const repaired = repairedInvokeJava("functions/getTeam", converted);
    expect(repaired).toContain("import com.docsplatform.docsplatform.DocsplatformFunctions;\nimport com.docsplatform.docsplatform.inputs.GetTeamArgs;");
    expect(repaired).toContain('ctx.export("teamId", writers.applyValue(result -> result.id()));');
    expect(repaired).toContain('ctx.export("url", writers.applyValue(result -> result.urls().app()));');
    expect(INVOKE_JAVA_REPAIR.hasDefect(repaired)).toBe(false);
  });

  it("fails when pulumi-java no longer writes the defect", () => {
    expect(() => repairedInvokeJava("functions/getTeam", repairedInvokeJava("functions/getTeam", converted))).toThrow(/no longer writes the known defect/);
  });
});
