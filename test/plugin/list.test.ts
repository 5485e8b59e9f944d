/**
 * The plugin's List in-process (fast tier), its handler called as grpc-js calls a server stream,
 * against an emulator seeded with every kind (test/terraform/support/seeded-organization.ts):
 * each type lists, by import id and resource name, exactly the objects `export --import-file
 * --door plugin` writes for it; pages, `limit`, one site, a query not known yet, and what it
 * refuses. `pulumi do docs-platform:<Type> list` through the real CLI is plugin-list.test.ts's.
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { exportOrganization } from "../../provider/cli/export/export.ts";
import { EXPORTERS } from "../../provider/walker/kinds/index.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type SeededOrganization, seedOrganization } from "../terraform/support/seeded-organization.ts";

const require = createRequire(import.meta.url);
type Handler = (call: unknown, callback?: (error: unknown, response?: unknown) => void) => void;
// The compiled plugin, as the engine runs it (`npm test` builds first).
const { pluginService } = require("../../provider/dist/plugin/server.js") as {
  pluginService: () => Record<string, Handler>;
};
const { sdk } = require("../../provider/dist/plugin/sdk.js") as { sdk: () => { provider: any; struct: any } };
const { provider: pb, struct } = sdk();
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

let emulator: Emulator;
let seeded: SeededOrganization;
let service: Record<string, Handler>;

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:", openapiProcessingMs: 0 });
  const organization = emulator.fixture.organizations[0];
  seeded = await seedOrganization(emulator.url, organization.admin.token, organization.id);
  service = pluginService();
  const configure = new pb.ConfigureRequest();
  configure.setArgs(
    struct.Struct.fromJavaScript({
      apiUrl: emulator.url,
      token: organization.admin.token,
      organizationId: organization.id,
    }),
  );
  await new Promise((resolve, reject) =>
    service.configure({ request: configure }, (error, response) =>
      error ? reject(error instanceof Error ? error : new Error(JSON.stringify(error))) : resolve(response),
    ),
  );
}, 60_000);
afterAll(() => emulator?.close());

interface Listed {
  results: { id: string; name: string }[];
  continuation?: string;
  computed: boolean;
}

/** One List call, as the engine makes it: its stream's messages, or its error. */
function list(
  type: string,
  query: Record<string, unknown> = {},
  options: { limit?: number; pageSize?: number; continuation?: string } = {},
): Promise<Listed> {
  const request = new pb.ListRequest();
  request.setToken(type);
  request.setQuery(struct.Struct.fromJavaScript(query));
  request.setLimit(options.limit ?? 0);
  request.setPageSize(options.pageSize ?? 0);
  request.setContinuationToken(options.continuation ?? "");
  return new Promise((resolve, reject) => {
    const listed: Listed = { results: [], computed: false };
    const stream = {
      request,
      write(response: any) {
        // Each message as the wire carries it.
        const message = pb.ListResponse.deserializeBinary(response.serializeBinary());
        if (message.hasResult())
          listed.results.push({ id: message.getResult().getId(), name: message.getResult().getName() });
        if (message.hasContinuation()) listed.continuation = message.getContinuation().getContinuationToken();
        if (message.hasComputed()) listed.computed = true;
        return true;
      },
      end: () => resolve(listed),
      emit: (event: string, error: { code: number; details: string }) =>
        event === "error" && reject(new Error(error.details)),
    };
    service.list(stream);
  });
}

describe("the plugin's List", () => {
  it("lists every type's objects by import id and resource name, exactly those export writes to the plugin's import file", async () => {
    const client = new ApiClient({ baseUrl: emulator.url, token: emulator.fixture.organizations[0].admin.token });
    const exported = await exportOrganization({
      api: client,
      organizationId: seeded.organizationId,
      kinds: EXPORTERS,
      adopt: true,
      apiUrl: emulator.url,
      importFile: true,
      door: "plugin",
    });
    await client.close();
    const entries = (JSON.parse(exported.importFile!) as { resources: { type: string; name: string; id: string }[] })
      .resources;
    for (const exporter of EXPORTERS) {
      const type = `docs-platform:index:${exporter.kind}`;
      const listed = await list(type);
      const written = entries.filter((entry) => entry.type === type).map(({ id, name }) => ({ id, name }));
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
      expect(listed.results.sort(byId), type).toEqual(written.sort(byId));
      expect(listed.continuation, type).toBeUndefined();
    }
    expect(entries.length).toBeGreaterThan(20);
  });

  it("pages when asked for a page size, honours the limit over every page, and narrows to one site", async () => {
    const type = "docs-platform:index:SiteSpace";
    const whole = await list(type);
    expect(whole.results).toHaveLength(2);
    const first = await list(type, {}, { pageSize: 1 });
    expect(first.results).toEqual([whole.results[0]]);
    expect(first.continuation).toBe("1");
    const second = await list(type, {}, { pageSize: 1, continuation: first.continuation });
    expect(second).toEqual({ results: [whole.results[1]], computed: false });
    expect((await list(type, {}, { limit: 1 })).results).toEqual([whole.results[0]]);
    const partners = await list(type, { siteId: seeded.partnersSiteId });
    expect(partners.results.map((result) => result.id.split("/")[0])).toEqual([seeded.partnersSiteId]);
    expect((await list(type, { organizationId: seeded.organizationId })).results).toEqual(whole.results);
  });

  it("answers only the computed marker for a query not known yet", async () => {
    expect(await list("docs-platform:index:Team", { organizationId: UNKNOWN })).toEqual({
      results: [],
      computed: true,
    });
  });

  it("refuses, naming it, a type it does not have, a query key the type's listInputs lack, and a token it did not give", async () => {
    await expect(list("docs-platform:index:Nothing")).rejects.toThrow(
      /^docs-platform: cannot list "docs-platform:index:Nothing": the types that can be listed are docs-platform:index:OrganizationSettings, /,
    );
    await expect(list("docs-platform:index:Team", { siteId: "x" })).rejects.toThrow(
      "docs-platform:index:Team: a list takes organizationId, not siteId",
    );
    await expect(list("docs-platform:index:Team", {}, { continuation: "abc" })).rejects.toThrow(
      'the continuation token "abc" is not one this provider gave',
    );
  });
});
