// One owner per object (provider/dynamic/object-owners.ts) through the resource classes, with
// pulumi's mocks: two resources that would manage one organization's agent instructions or
// settings, one member's role or one site's customization fail the program at once, naming both;
// resources of distinct objects are accepted.
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import { AgentInstructions } from "../../provider/dynamic/resources/agent-instructions.ts";
import { OpenApiSpec } from "../../provider/dynamic/resources/open-api-spec.ts";
import { OrganizationMember } from "../../provider/dynamic/resources/organization-member.ts";
import { OrganizationSettings } from "../../provider/dynamic/resources/organization-settings.ts";
import { SiteCustomization } from "../../provider/dynamic/resources/site-customization.ts";
import { Site } from "../../provider/dynamic/resources/site.ts";

beforeAll(async () => {
  await pulumi.runtime.setMocks({ newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: (args) => args.inputs }, "project", "stack", true);
});

const instructions = { object: "document", data: {}, nodes: [] } as never;

// The registry is program-wide, so each test names its own organizations and sites.
describe("one AgentInstructions per organization", () => {
  it("a second one for the same organization fails at once, naming both", () => {
    new AgentInstructions("tone", { organizationId: "org-ai-1", instructions });
    expect(() => new AgentInstructions("tone-again", { organizationId: "org-ai-1", instructions })).toThrow(
      'AgentInstructions "tone-again" and AgentInstructions "tone" both manage the agent instructions of organization org-ai-1: ' +
        "an organization has one agent instructions document",
    );
  });

  it("the stack's organization, left out of both, is the same organization", () => {
    pulumi.runtime.setAllConfig({ "docs-platform:organizationId": "org-ai-2" });
    try {
      new AgentInstructions("default-tone", { instructions });
      expect(() => new AgentInstructions("explicit-tone", { organizationId: "org-ai-2", instructions })).toThrow(
        /AgentInstructions "explicit-tone" and AgentInstructions "default-tone" both manage the agent instructions of organization org-ai-2/,
      );
    } finally {
      pulumi.runtime.setAllConfig({});
    }
  });

  it("the same organizationId Output in both fails at once", () => {
    const organizationId = pulumi.output("org-ai-3");
    new AgentInstructions("from-output", { organizationId, instructions });
    expect(() => new AgentInstructions("from-output-again", { organizationId, instructions })).toThrow(
      /AgentInstructions "from-output-again" and AgentInstructions "from-output" both manage the agent instructions of the same organization/,
    );
  });

  it("two organizations take one each", () => {
    expect(new AgentInstructions("tone-a", { organizationId: "org-ai-4", instructions })).toBeInstanceOf(AgentInstructions);
    expect(new AgentInstructions("tone-b", { organizationId: "org-ai-5", instructions })).toBeInstanceOf(AgentInstructions);
  });
});

describe("one OrganizationSettings per organization", () => {
  it("a second one for the same organization fails at once, naming both", () => {
    new OrganizationSettings("settings", { organizationId: "org-os-1", title: "Acme" });
    expect(() => new OrganizationSettings("more-settings", { organizationId: "org-os-1", defaultRole: "read" })).toThrow(
      'OrganizationSettings "more-settings" and OrganizationSettings "settings" both manage the settings of organization org-os-1',
    );
  });

  it("two organizations take one each", () => {
    expect(new OrganizationSettings("settings-a", { organizationId: "org-os-2", title: "A" })).toBeInstanceOf(OrganizationSettings);
    expect(new OrganizationSettings("settings-b", { organizationId: "org-os-3", title: "B" })).toBeInstanceOf(OrganizationSettings);
  });
});

describe("one OrganizationMember per person", () => {
  it("the same userId twice in one organization fails at once, naming both", () => {
    new OrganizationMember("ada", { organizationId: "org-om-1", userId: "usr-ada", role: "admin" });
    expect(() => new OrganizationMember("ada-again", { organizationId: "org-om-1", userId: "usr-ada", role: "read" })).toThrow(
      'OrganizationMember "ada-again" and OrganizationMember "ada" both manage member usr-ada of organization org-om-1: ' + "a member has one role in the organization",
    );
  });

  it("the same email in another case fails at once, naming both", () => {
    new OrganizationMember("eli", { organizationId: "org-om-2", email: "eli@acme.test", role: "edit" });
    expect(() => new OrganizationMember("eli-shouting", { organizationId: "org-om-2", email: "ELI@Acme.test", role: "read" })).toThrow(
      /OrganizationMember "eli-shouting" and OrganizationMember "eli" both manage the member ELI@Acme\.test of organization org-om-2 \(emails match in any case\)/,
    );
  });

  it("other people, or the same user id in another organization, are accepted", () => {
    expect(new OrganizationMember("rae", { organizationId: "org-om-3", userId: "usr-rae", role: "read" })).toBeInstanceOf(OrganizationMember);
    expect(new OrganizationMember("kim", { organizationId: "org-om-3", email: "kim@acme.test", role: "read" })).toBeInstanceOf(OrganizationMember);
    expect(new OrganizationMember("rae-elsewhere", { organizationId: "org-om-4", userId: "usr-rae", role: "read" })).toBeInstanceOf(OrganizationMember);
  });
});

describe("one SiteCustomization per site", () => {
  it("a second one with the same site id fails at once, naming both", () => {
    new SiteCustomization("look", { organizationId: "org-sc", siteId: "site-1", title: "Docs" });
    expect(() => new SiteCustomization("other-look", { organizationId: "org-sc", siteId: "site-1", title: "Other" })).toThrow(
      'SiteCustomization "other-look" and SiteCustomization "look" both manage the customization of site site-1: a site has one customization',
    );
  });

  it("siteId: site.id in both fails at once, in previews of a new site too", () => {
    const site = new Site("docs", { organizationId: "org-sc", title: "Docs" });
    new SiteCustomization("site-look", { organizationId: "org-sc", siteId: site.id });
    expect(() => new SiteCustomization("site-look-again", { organizationId: "org-sc", siteId: site.id })).toThrow(
      /SiteCustomization "site-look-again" and SiteCustomization "site-look" both manage the customization of the same site/,
    );
  });

  it("two sites take one each", () => {
    expect(new SiteCustomization("look-a", { organizationId: "org-sc", siteId: "site-2", title: "A" })).toBeInstanceOf(SiteCustomization);
    expect(new SiteCustomization("look-b", { organizationId: "org-sc", siteId: "site-3", title: "B" })).toBeInstanceOf(SiteCustomization);
  });
});

describe("one OpenApiSpec per slug", () => {
  const source = { url: "https://specs.example.com/a.yaml" };
  it("a second one with the same slug in the same organization fails at once, naming both (adopting it would make two owners)", () => {
    new OpenApiSpec("petstore", { organizationId: "org-oas-1", slug: "petstore", source });
    expect(() => new OpenApiSpec("petstore-again", { organizationId: "org-oas-1", slug: "petstore", source, adopt: true })).toThrow(
      'OpenApiSpec "petstore-again" and OpenApiSpec "petstore" both manage the OpenAPI spec "petstore" of organization org-oas-1: a slug names one spec',
    );
  });

  it("the same slug in another organization, or another slug, is another spec", () => {
    new OpenApiSpec("petstore-1", { organizationId: "org-oas-2", slug: "petstore", source });
    new OpenApiSpec("petstore-2", { organizationId: "org-oas-3", slug: "petstore", source });
    new OpenApiSpec("orders", { organizationId: "org-oas-2", slug: "orders", source });
  });
});
