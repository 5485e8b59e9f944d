// The repairs generate-examples.mts applies to the lookups' conversions (go-repairs.mts,
// java-repairs.mts INVOKE_JAVA_REPAIR) and to the guides' samples' (the optional outputs, adopt's
// union, config reads, lists of ids): what each renames, what it leaves, and when it fails.
import { describe, expect, it } from "vitest";
import { goDeclarations, goInvokeResults, goLookups, goPointerOutputs, goRepairsIn, repairedGo, repairedTypescript } from "../../provider/scripts/go-repairs.mts";
import { INVOKE_JAVA_REPAIR, RESULT_LIST_JAVA_REPAIR, guideJavaRepairsIn, repairedGuideJava, repairedInvokeJava } from "../../provider/scripts/java-repairs.mts";

const sdk = [
  'package docsplatform\n\nfunc LookupMember(ctx *pulumi.Context, args *LookupMemberArgs, opts ...pulumi.InvokeOption) (*LookupMemberResult, error) {\n}\n\ntype LookupMemberArgs struct {\n}\n\ntype LookupMemberResult struct {\n\tId string `pulumi:"id"`\n\tDisabled bool `pulumi:"disabled"`\n\tUrls *LookupMemberResultUrls `pulumi:"urls"`\n}\n',
  "package docsplatform\n\nfunc GetSpaces(ctx *pulumi.Context, args *GetSpacesArgs, opts ...pulumi.InvokeOption) (*GetSpacesResult, error) {\n}\n\ntype GetSpacesArgs struct {\n}\n",
  "package docsplatform\n\nfunc NewTeam(ctx *pulumi.Context,\n\tname string, args *TeamArgs, opts ...pulumi.ResourceOption) (*Team, error) {\n}\n\nfunc GetTeam(ctx *pulumi.Context,\n\tname string, id pulumi.IDInput, state *TeamState, opts ...pulumi.ResourceOption) (*Team, error) {\n}\n\ntype TeamArgs struct {\n}\n",
];

describe("the Go repair of an invoke's name", () => {
  const lookups = goLookups(sdk);
  const declared = goDeclarations(sdk);
  const results = goInvokeResults(sdk);
  const names = { lookups, declared, results, pointerOutputs: new Set<string>() };

  it("reads which functions the SDK names Lookup<Thing>, and every name it declares", () => {
    expect([...lookups]).toEqual(["Member"]);
    expect(declared).toEqual(new Set(["LookupMember", "LookupMemberArgs", "LookupMemberResult", "GetSpaces", "GetSpacesArgs", "NewTeam", "GetTeam", "TeamArgs"]));
  });

  it("renames an invoke of Get<Thing> where the SDK has Lookup<Thing>, and leaves the others", () => {
    const go = "ada, err := docsplatform.GetMember(ctx, &docsplatform.GetMemberArgs{\nall, err := docsplatform.GetSpaces(ctx, &docsplatform.GetSpacesArgs{}, nil)\n";
    expect(repairedGo("functions/x", go, names)).toBe(
      "ada, err := docsplatform.LookupMember(ctx, &docsplatform.LookupMemberArgs{\nall, err := docsplatform.GetSpaces(ctx, &docsplatform.GetSpacesArgs{}, nil)\n",
    );
  });

  it("exports a field of an invoke's plain result as the Input of its Go type", () => {
    expect([...results.get("LookupMember")!]).toEqual([
      ["Id", "string"],
      ["Disabled", "bool"],
      ["Urls", "*LookupMemberResultUrls"],
    ]);
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
    expect(() => repairedGo("functions/getSite", "docsplatform.GetSite(ctx, &docsplatform.GetSiteArgs{", names)).toThrow(
      /functions\/getSite's Go conversion uses GetSite, GetSiteArgs/,
    );
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

  it("exports a list lookup's items by id, with the reason beside the code", () => {
    const spaces = [
      "import com.pulumi.docsplatform.DocsplatformFunctions;",
      "        final var all = DocsplatformFunctions.getSpaces(GetSpacesArgs.builder()",
      "            .build());",
      '        ctx.export("spaces", all.spaces());',
    ].join("\n");
    const repaired = repairedInvokeJava("functions/getSpaces", spaces);
    expect(repaired).toContain(
      "        // pulumi-java cannot export a lookup's result objects as they are: export each one's id (or the fields wanted).\n" +
        '        ctx.export("spaces", all.applyValue(result -> result.spaces().stream().map(item -> item.id()).toList()));',
    );
    expect(RESULT_LIST_JAVA_REPAIR.hasDefect(repaired)).toBe(false);
    // A single lookup's fields are exported as they are.
    expect(repairedInvokeJava("functions/getTeam", converted)).not.toContain(".stream()");
  });
});

describe("the repairs of the guides' samples", () => {
  const siteSection =
    'package docsplatform\n\ntype SiteSection struct {\n\tpulumi.CustomResourceState\n\n\tSiteSpaceId pulumi.StringPtrOutput `pulumi:"siteSpaceId"`\n\tTitle pulumi.StringOutput `pulumi:"title"`\n}\n';
  const pointerOutputs = goPointerOutputs([siteSection]);

  it("Go: reads the optional outputs, adds .Elem() to one in a list, and writes adopt's id as AdoptByIdArgs", () => {
    expect([...pointerOutputs]).toEqual(["SiteSpaceId"]);
    const go = [
      "\t\t\tSiteSpaces: pulumi.StringArray{",
      "\t\t\t\tguides.SiteSpaceId,",
      "\t\t\t\tguides.Title,",
      "\t\t\t},",
      "\t\t\tAdopt: pulumi.Bool{",
      "\t\t\t\tId: pulumi.String(id),",
      "\t\t\t},",
    ].join("\n");
    const repaired = repairedGo("guides/x", go, { lookups: new Set(), declared: new Set(["AdoptByIdArgs"]), results: new Map(), pointerOutputs });
    expect(repaired.split("\n")).toEqual([
      "\t\t\tSiteSpaces: pulumi.StringArray{",
      "\t\t\t\tguides.SiteSpaceId.Elem(),",
      "\t\t\t\tguides.Title,",
      "\t\t\t},",
      "\t\t\tAdopt: &docsplatform.AdoptByIdArgs{",
      "\t\t\t\tId: pulumi.String(id),",
      "\t\t\t},",
    ]);
    expect(goRepairsIn(repaired)).toEqual(["adopt", "elem"]);
    expect(goRepairsIn(go)).toEqual([]);
  });

  it("TypeScript: an optional output in a list is applied to a string; one given to an input is left", () => {
    const typescript = "sections: [{\n    sectionId: guides.id,\n    siteSpaces: [guides.siteSpaceId],\n}],\nexport const id = guides.siteSpaceId;\n";
    expect(repairedTypescript(typescript, { pointerOutputs })).toBe(typescript.replace("[guides.siteSpaceId]", "[guides.siteSpaceId.apply(id => id!)]"));
  });

  it("Java: config read with require or requireSecret, adopt's id through its builder, lists of ids with Output.all, an optional output as a list", () => {
    const java = [
      "import com.pulumi.Context;",
      '        final var token = config.get("token");',
      '        final var id = config.get("teamId");',
      '        final var title = config.get("title").orElse("Portal");',
      '            .adopt(Map.of("id", id))',
      "            .root(            ",
      "                guides.id(),",
      "                apis.id())",
      "            .siteSpaces(guides.siteSpaceId())",
    ].join("\n");
    const repaired = repairedGuideJava(java, new Set(["token"]));
    expect(repaired.split("\n")).toEqual([
      "import com.pulumi.Context;",
      "import com.docsplatform.docsplatform.inputs.AdoptByIdArgs;",
      "import com.pulumi.core.Output;",
      '        final var token = config.requireSecret("token");',
      '        final var id = config.require("teamId");',
      '        final var title = config.get("title").orElse("Portal");',
      "            .adopt(AdoptByIdArgs.builder().id(id).build())",
      "            .root(Output.all(guides.id(), apis.id()))",
      "            .siteSpaces(guides.siteSpaceId().applyValue(id -> List.of(id.orElseThrow())))",
    ]);
    expect(guideJavaRepairsIn(repaired)).toEqual(["config", "adopt", "outputList", "optionalList"]);
    expect(guideJavaRepairsIn(java)).toEqual([]);
  });
});
