// The stack-wide organization (provider/config/organization-default.ts): which value a resource
// or a lookup gets when its own organizationId is left out, and the error when there is none.
import * as pulumi from "@pulumi/pulumi";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError } from "../../provider/config/provider-config.ts";
import {
  ORGANIZATION_ENV,
  ORGANIZATION_KEY,
  organizationDefault,
  organizationIdFor,
  requireStackOrganizationId,
  stackOrganizationId,
} from "../../provider/config/organization-default.ts";

const setStackConfig = (values: Record<string, string>) => pulumi.runtime.setAllConfig(values);

afterEach(() => setStackConfig({}));

describe("stackOrganizationId", () => {
  it("is undefined when neither the stack config nor the environment sets it", () => {
    expect(stackOrganizationId({})).toBeUndefined();
  });

  it("falls back to the environment variable", () => {
    expect(stackOrganizationId({ [ORGANIZATION_ENV]: "org-env" })).toBe("org-env");
  });

  it("takes the stack config over the environment", () => {
    setStackConfig({ [ORGANIZATION_KEY]: "org-config" });
    expect(stackOrganizationId({ [ORGANIZATION_ENV]: "org-env" })).toBe("org-config");
    expect(stackOrganizationId({})).toBe("org-config");
  });

  it("treats an empty value as unset, in the config and in the environment", () => {
    setStackConfig({ [ORGANIZATION_KEY]: "" });
    expect(stackOrganizationId({ [ORGANIZATION_ENV]: "org-env" })).toBe("org-env");
    expect(stackOrganizationId({ [ORGANIZATION_ENV]: "" })).toBeUndefined();
  });

  it("reads the docs-platform namespace only, not the project's own organizationId", () => {
    setStackConfig({ "project:organizationId": "org-project" });
    expect(stackOrganizationId({})).toBeUndefined();
  });
});

describe("organizationDefault (the one rule both doors decide the default by)", () => {
  it("takes the configured value, then the environment, each only when set and not empty", () => {
    expect(organizationDefault("org-config", { [ORGANIZATION_ENV]: "org-env" })).toBe("org-config");
    expect(organizationDefault(undefined, { [ORGANIZATION_ENV]: "org-env" })).toBe("org-env");
    expect(organizationDefault("", { [ORGANIZATION_ENV]: "org-env" })).toBe("org-env");
    expect(organizationDefault("", { [ORGANIZATION_ENV]: "" })).toBeUndefined();
    expect(organizationDefault(undefined, {})).toBeUndefined();
  });
});

describe("organizationIdFor", () => {
  it("keeps an explicit organizationId over the stack config and the environment", () => {
    setStackConfig({ [ORGANIZATION_KEY]: "org-config" });
    expect(organizationIdFor("Team", "writers", "org-explicit", { [ORGANIZATION_ENV]: "org-env" })).toBe("org-explicit");
  });

  it("passes an explicit Output through as it is (resolved later, like any input)", () => {
    setStackConfig({ [ORGANIZATION_KEY]: "org-config" });
    const explicit = pulumi.output("org-from-output");
    expect(organizationIdFor("Team", "writers", explicit, {})).toBe(explicit);
  });

  it("takes the stack config, then the environment, when the resource leaves it out", () => {
    expect(organizationIdFor("Team", "writers", undefined, { [ORGANIZATION_ENV]: "org-env" })).toBe("org-env");
    setStackConfig({ [ORGANIZATION_KEY]: "org-config" });
    expect(organizationIdFor("Team", "writers", undefined, { [ORGANIZATION_ENV]: "org-env" })).toBe("org-config");
  });

  it("fails naming the resource, the config key and the environment variable when none is set", () => {
    let thrown: unknown;
    try {
      organizationIdFor("Team", "writers", undefined, {});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    const error = thrown as ConfigurationError;
    expect(error.key).toBe("docs-platform:organizationId");
    expect(error.message).toContain('Team "writers": organizationId is not set');
    expect(error.message).toContain("pulumi config set docs-platform:organizationId <id>");
    expect(error.message).toContain("DOCS_PLATFORM_ORGANIZATION_ID");
  });
});

describe("requireStackOrganizationId", () => {
  it("names what needed it (a lookup) in its error", () => {
    expect(() => requireStackOrganizationId("getSpace", {})).toThrow(/^getSpace: organizationId is not set\. Give it as `organizationId`/);
  });

  it("returns the stack's organization when set", () => {
    expect(requireStackOrganizationId("getSpace", { [ORGANIZATION_ENV]: "org-env" })).toBe("org-env");
  });
});
