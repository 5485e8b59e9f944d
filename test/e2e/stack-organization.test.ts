// The stack-wide organization through the real Pulumi CLI: resources that leave out
// organizationId take `docs-platform:organizationId` from the stack config (or the environment
// variable DOCS_PLATFORM_ORGANIZATION_ID); an explicit organizationId wins; and changing the stack
// default shows in `pulumi preview` exactly as changing the input would: a Team is replaced, a
// Collection and the Spaces (one inside it, one at the top level) are transferred in place
// (updates, never replaces). `up` then applies it: each space keeps its id, and the one inside
// the collection is carried by the collection's transfer and stays in it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type PreviewSummary, type PulumiResult, type TestStack, assertSucceeded, createStack, runPulumi, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { type Api, apiClient } from "./support/api.ts";
import { changedKeys } from "./support/resource-scenario.ts";

const minutes = (n: number) => n * 60_000;

const program = `
import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

const config = new pulumi.Config();
// Unset unless a test sets it: then these two name their organization explicitly.
const explicit = config.get("explicitOrganization");

const writers = new docs.Team("writers", { title: "Writers", organizationId: explicit });
const guides = new docs.Collection("guides", { title: "Guides", description: "How-to guides", organizationId: explicit });
const handbook = new docs.Space("handbook", { title: "Handbook", emoji: "📗", parent: guides.id, organizationId: explicit });
const notes = new docs.Space("notes", { title: "Notes", organizationId: explicit });
// Always explicit: stays where it is whatever the stack's default.
const pinned = new docs.Team("pinned", { title: "Pinned", organizationId: config.require("pinnedOrganization") });

export const writersId = writers.id;
export const writersOrganization = writers.organizationId;
export const guidesId = guides.id;
export const guidesOrganization = guides.organizationId;
export const handbookId = handbook.id;
export const handbookOrganization = handbook.organizationId;
export const handbookParent = handbook.parent;
export const notesId = notes.id;
export const pinnedOrganization = pinned.organizationId;
`;

/**
 * What a preview decided for each resource it would change (`preview --json` lists no unchanged
 * resource): the step, the inputs that change, why it replaces, and the organization it targets.
 * What must not depend on where organizationId came from.
 */
function decisions(summary: PreviewSummary) {
  return Object.fromEntries(
    summary.steps
      .filter((step) => step.op !== "same" && step.urn.includes("docs-platform:"))
      .map((step) => [
        step.urn.split("::").pop(),
        {
          op: step.op,
          changedInputs: changedKeys(step.oldState?.inputs, step.newState?.inputs),
          replaceReasons: [...(step.replaceReasons ?? [])].sort(),
          organizationId: step.newState?.inputs?.organizationId,
        },
      ]),
  );
}

describe("the stack's organization, through the Pulumi CLI", () => {
  let emulator: Emulator;
  let api: Api;
  let acme: string;
  let globex: string;
  let stack: TestStack;

  const run = async (args: string[], env: NodeJS.ProcessEnv = stack.env): Promise<PulumiResult> => {
    const takesConfigFile = ["up", "preview", "refresh", "destroy", "config"].includes(args[0]);
    return runPulumi([...args, "--stack", stack.name, ...(takesConfigFile ? ["--config-file", stack.configFile] : [])], {
      cwd: stack.programDir,
      env,
      timeoutMs: minutes(4),
    });
  };
  const preview = async (env?: NodeJS.ProcessEnv) => JSON.parse(assertSucceeded(await run(["preview", "--json"], env)).stdout) as PreviewSummary;
  const setDefault = (organizationId: string) => stack.setConfig("docs-platform:organizationId", organizationId);
  const titles = async (organizationId: string, what: "teams" | "collections") =>
    (await api.list<{ title: string }>(`/orgs/${organizationId}/${what}`)).map((item) => item.title).sort();
  // The fixture's organizations hold spaces of their own: only this program's are looked for.
  const programSpaces = async (organizationId: string) =>
    (await api.list<{ id: string; title: string }>(`/orgs/${organizationId}/spaces`))
      .filter((space) => space.title === "Handbook" || space.title === "Notes")
      .map((space) => space.id)
      .sort();

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const [first, second] = emulator.fixture.organizations;
    acme = first.id;
    globex = second.id;
    const token = first.tokens.admin!;
    api = apiClient(emulator.url, token);
    // The token's user administers both organizations (a transfer needs rights in both).
    const globexAdmin = apiClient(emulator.url, second.tokens.admin!);
    await globexAdmin.post(`/orgs/${globex}/members/${first.admin.userId}/sso`);
    await globexAdmin.patch(`/orgs/${globex}/members/${first.admin.userId}`, { role: "admin" });

    const programDir = await writeProgram("e2e-stack-organization", {
      "Pulumi.yaml": "name: e2e-stack-organization\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n",
      "index.mjs": program,
    });
    stack = await createStack({
      programDir,
      env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: token, DOCS_PLATFORM_ORGANIZATION_ID: undefined },
      config: { "docs-platform:organizationId": acme, pinnedOrganization: globex },
      timeoutMs: minutes(4),
    });
  }, minutes(2));
  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
  });

  it("resources without organizationId land in the stack's organization; an explicit one wins", { timeout: minutes(3) }, async () => {
    assertSucceeded(await run(["up", "--yes", "--skip-preview"]));
    const outputs = (await stack.outputs()) as Record<string, string>;
    expect(outputs).toMatchObject({
      writersOrganization: acme,
      guidesOrganization: acme,
      handbookOrganization: acme,
      handbookParent: outputs.guidesId,
      pinnedOrganization: globex,
    });
    expect(await titles(acme, "teams")).toEqual(["Writers"]);
    expect(await titles(acme, "collections")).toEqual(["Guides"]);
    expect(await programSpaces(acme)).toEqual([outputs.handbookId, outputs.notesId].sort());
    expect(await titles(globex, "teams")).toEqual(["Pinned"]);
    const unchanged = await preview();
    expect(decisions(unchanged)).toEqual({});
    expect(unchanged.changeSummary).toEqual({ same: 6 }); // five resources and the stack
  });

  it("DOCS_PLATFORM_ORGANIZATION_ID stands in for the config key; with neither, the program fails naming the resource", { timeout: minutes(3) }, async () => {
    assertSucceeded(await run(["config", "rm", "docs-platform:organizationId"]));
    const fromEnv = await preview({ ...stack.env, DOCS_PLATFORM_ORGANIZATION_ID: acme });
    expect(Object.keys(fromEnv.changeSummary)).toEqual(["same"]);

    const neither = await run(["preview"]);
    expect(neither.exitCode).not.toBe(0);
    expect(neither.stdout + neither.stderr).toContain(
      'Team "writers": organizationId is not set. Give it as `organizationId`, or set the stack\'s default with `pulumi config set docs-platform:organizationId <id>`',
    );
    await setDefault(acme);
  });

  it(
    "changing the stack default previews exactly like changing the input; up replaces the team and transfers the collection and the spaces (the one inside it carried along)",
    { timeout: minutes(5) },
    async () => {
      const before = (await stack.outputs()) as Record<string, string>;

      await setDefault(globex);
      const viaDefault = decisions(await preview());
      await setDefault(acme);
      await stack.setConfig("explicitOrganization", globex);
      const viaInput = decisions(await preview());
      assertSucceeded(await run(["config", "rm", "explicitOrganization"]));

      expect(viaDefault).toEqual(viaInput);
      // The pinned team (explicit organizationId) does not move.
      expect(viaDefault).toEqual({
        writers: { op: "replace", changedInputs: ["organizationId"], replaceReasons: ["organizationId"], organizationId: globex },
        guides: { op: "update", changedInputs: ["organizationId"], replaceReasons: [], organizationId: globex },
        // Not a replace: a new empty space would be made and this one, with its content, deleted.
        handbook: { op: "update", changedInputs: ["organizationId"], replaceReasons: [], organizationId: globex },
        notes: { op: "update", changedInputs: ["organizationId"], replaceReasons: [], organizationId: globex },
      });

      await setDefault(globex);
      await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
      assertSucceeded(await run(["up", "--yes", "--skip-preview"]));
      // What the up sent, by route: the collection's transfer carried the handbook along, so that
      // space was read, found in globex and left alone; the top-level notes space had its own
      // transfer. No space was created, moved or deleted.
      const { counts } = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { counts: Record<string, number> };
      expect(counts["POST /v1/collections/{collectionId}/transfer"]).toBe(1);
      expect(counts["POST /v1/spaces/{spaceId}/transfer"]).toBe(1);
      for (const route of ["POST /v1/spaces/{spaceId}/move", "POST /v1/orgs/{organizationId}/spaces", "DELETE /v1/spaces/{spaceId}"]) {
        expect(counts[route], route).toBeUndefined();
      }
      const after = (await stack.outputs()) as Record<string, string>;
      expect(after).toMatchObject({
        writersOrganization: globex,
        guidesOrganization: globex,
        guidesId: before.guidesId,
        handbookOrganization: globex,
        handbookId: before.handbookId,
        handbookParent: before.guidesId,
        notesId: before.notesId,
      });
      expect(after.writersId).not.toBe(before.writersId);
      expect(await api.get(`/collections/${before.guidesId}`)).toMatchObject({ organization: globex, title: "Guides", description: "How-to guides" });
      expect(await titles(acme, "teams")).toEqual([]);
      expect(await titles(acme, "collections")).toEqual([]);
      // The space went with its collection: same id, still inside it, nothing created or deleted.
      expect(await api.get(`/spaces/${before.handbookId}`)).toMatchObject({ organization: globex, parent: before.guidesId, title: "Handbook", emoji: "📗" });
      expect(await api.get(`/spaces/${before.notesId}`)).toMatchObject({ organization: globex, title: "Notes" });
      expect(await programSpaces(acme)).toEqual([]);
      expect(await programSpaces(globex)).toEqual([before.handbookId, before.notesId].sort());
      expect(await titles(globex, "teams")).toEqual(["Pinned", "Writers"]);
      expect(Object.keys((await preview()).changeSummary)).toEqual(["same"]);

      assertSucceeded(await run(["destroy", "--yes", "--skip-preview"]));
      expect(await titles(globex, "teams")).toEqual([]);
      expect(await titles(globex, "collections")).toEqual([]);
      expect(await programSpaces(globex)).toEqual([]);
    },
  );
});
