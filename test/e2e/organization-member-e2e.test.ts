// OrganizationMember through the real Pulumi CLI beyond the standard scenario (that one is in
// scenarios/organization-member.ts, run by lifecycle.test.ts): `removeOnDestroy: true`, whose
// destroy removes the member, also across a replacement that names the same person by user id and
// then by email.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../emulator/index.ts";
import { createStack, type TestStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { apiClient, type Api } from "./support/api.ts";
import { scenarioTimeout } from "./support/resource-scenario.ts";

describe("OrganizationMember with removeOnDestroy: true", () => {
  let emulator: Emulator;
  let api: Api;
  let stack: TestStack;
  let token: string;
  const organizationId = "org-acme";
  const OUTSIDER = "usr-outsider";
  const memberIds = async () => (await api.list<{ id: string }>(`/orgs/${organizationId}/members`)).map((member) => member.id).sort();
  let before: string[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    token = emulator.fixture.organizations[0].tokens.admin!;
    api = apiClient(emulator.url, token);
    before = await memberIds();
    const programDir = await writeProgram("e2e-organization-member-remove", {
      "Pulumi.yaml": "name: e2e-organization-member-remove\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n",
      "index.mjs": `import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

const config = new pulumi.Config();
const contractor = new docs.OrganizationMember("contractor", {
  userId: config.get("userId"),
  email: config.get("email"),
  role: "comment",
  removeOnDestroy: true,
});
export const id = contractor.id;
`,
    });
    stack = await createStack({
      programDir,
      env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: token, DOCS_PLATFORM_ORGANIZATION_ID: organizationId },
      timeoutMs: scenarioTimeout,
    });
  }, scenarioTimeout);

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  }, scenarioTimeout);

  it(
    "takes over a member who joined, keeps them through a replacement naming them by email, and destroy removes them",
    async () => {
      // Someone of an allowed email domain joins the organization by themselves.
      const outsider = emulator.fixture.users.find((user) => user.id === OUTSIDER)!;
      await apiClient(emulator.url, outsider.token).post(`/orgs/${organizationId}/join`);
      expect(await memberIds()).toEqual([...before, OUTSIDER].sort());

      await stack.setConfig("userId", OUTSIDER);
      await stack.up();
      expect(await api.get(`/orgs/${organizationId}/members/${OUTSIDER}`)).toMatchObject({ role: "comment" });

      // The same person by email: a replacement whose delete must not remove whom the create just took over.
      await stack.run(["config", "rm", "userId"]);
      await stack.setConfig("email", outsider.email);
      const preview = await stack.preview();
      expect(preview.steps.find((step) => step.urn.endsWith("::contractor"))?.op).toBe("replace");
      await stack.up();
      expect(await api.get(`/orgs/${organizationId}/members/${OUTSIDER}`)).toMatchObject({ role: "comment" });

      await stack.destroy();
      expect(await api.status(`/orgs/${organizationId}/members/${OUTSIDER}`)).toBe(404);
      expect(await memberIds()).toEqual(before);
      const { text } = await stack.exportState();
      expect(text).not.toContain(token);
    },
    scenarioTimeout,
  );
});
