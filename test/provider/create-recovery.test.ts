/**
 * A create whose outcome is unknown is settled, never blindly re-sent: against the emulator with
 * its own injected faults (a write that commits and then loses its connection), and with a
 * requester that fails a create before or after sending it. Then the create journal, which
 * carries the same question across a killed CLI.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiClient, ServerError } from "../../provider/client/index.ts";
import type { ApiRequester, HttpMethod, PathSegments, QueryParameters } from "../../provider/api/requester.ts";
import { IDENTITY_KEY } from "../../provider/adapter/property-bag.ts";
import { CreateJournal } from "../../provider/recovery/create-journal.ts";
import { AmbiguousCreateError } from "../../provider/recovery/create-once.ts";
import { type ResourceDefinition, toProvider } from "../../provider/adapter/resource.ts";
import { definition as collection } from "../../provider/resources/collection.ts";
import { definition as openApiSpec } from "../../provider/resources/open-api-spec.ts";
import { definition as samlProvider } from "../../provider/resources/saml-provider.ts";
import { definition as siteSection } from "../../provider/resources/site-section.ts";
import { definition as siteSectionGroup } from "../../provider/resources/site-section-group.ts";
import { definition as siteSpace } from "../../provider/resources/site-space.ts";
import { definition as site } from "../../provider/resources/site.ts";
import { definition as space } from "../../provider/resources/space.ts";
import { definition as team } from "../../provider/resources/team.ts";
import { definition as translation } from "../../provider/resources/translation.ts";
import { type Harness, PROVIDER, rejectionOf, startHarness } from "./support/harness.ts";

let harness: Harness;
let client: ApiClient;
let org: string;
let journalDir: string;

beforeAll(async () => {
  harness = await startHarness();
  org = harness.organizationId;
  // Retries as in production (idempotent requests only), with short waits.
  client = new ApiClient({ baseUrl: harness.emulator.url, token: harness.token, maxRetries: 4 }, { baseDelayMs: 5, maxDelayMs: 20 });
});
afterAll(async () => {
  await client?.close();
  await harness?.close();
});
beforeEach(() => {
  harness.emulator.setFaults({});
  journalDir = fs.mkdtempSync(path.join(os.tmpdir(), "create-journal-"));
});
afterEach(() => {
  fs.rmSync(journalDir, { recursive: true, force: true });
});

type Definition = ResourceDefinition<any>;

/** Fails the first write selected by `on`: before sending it ("lost"), or after the server ran it ("committed"). */
class FlakyRequester implements ApiRequester {
  writes: string[] = [];
  #armed = true;
  readonly inner: ApiRequester;
  readonly on: (method: HttpMethod, path: string) => boolean;
  readonly when: "lost" | "committed";
  constructor(inner: ApiRequester, on: (method: HttpMethod, path: string) => boolean, when: "lost" | "committed") {
    this.inner = inner;
    this.on = on;
    this.when = when;
  }
  async request<T>(method: HttpMethod, segments: PathSegments, options?: { query?: QueryParameters; body?: unknown; idempotent?: boolean }): Promise<T> {
    const path = `/${segments.join("/")}`;
    if (method !== "GET") this.writes.push(`${method} ${path}`);
    if (this.#armed && this.on(method, path)) {
      this.#armed = false;
      const failure = new ServerError({ status: 503, code: "server_error", message: `${method} ${path} failed with 503 Service Unavailable`, method, path });
      if (this.when === "committed") await this.inner.request<T>(method, segments, options);
      throw failure;
    }
    return this.inner.request<T>(method, segments, options);
  }
  paginate<T>(segments: PathSegments, query?: QueryParameters): AsyncIterableIterator<T> {
    return this.inner.paginate<T>(segments, query);
  }
}

function providerWith(definition: Definition, api: ApiRequester, journal?: CreateJournal) {
  return toProvider(definition, () => ({ api, ...(journal ? { journal } : {}) }));
}

async function create(definition: Definition, api: ApiRequester, inputs: Record<string, unknown>, journal?: CreateJournal, identity?: string) {
  const provider = providerWith(definition, api, journal);
  const checked = await provider.check({}, { __provider: PROVIDER, ...inputs });
  expect(checked.failures ?? []).toEqual([]);
  return provider.create({ ...checked.inputs, __provider: PROVIDER, ...(identity ? { [IDENTITY_KEY]: identity } : {}) });
}

async function list(path: string): Promise<any[]> {
  const response = await harness.api("GET", `${path}${path.includes("?") ? "&" : "?"}limit=1000`);
  expect(response.status).toBe(200);
  return response.body.items;
}

/** Each kind: its create route (as the emulator counts it), inputs, and how to list what exists. */
async function cases() {
  const siteId = await harness.createSite(`Recovery site ${Math.random()}`);
  const spaceId = await harness.createSpace(`Recovery space ${Math.random()}`);
  const siteSpaceSpaceId = await harness.createSpace(`Recovery space ${Math.random()}`);
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  return [
    {
      name: "Team",
      definition: team,
      route: "PUT /v1/orgs/{organizationId}/teams",
      inputs: { organizationId: org, title: `Team ${unique}` },
      list: `/orgs/${org}/teams`,
      match: (o: any) => o.title === `Team ${unique}`,
    },
    {
      name: "Collection",
      definition: collection,
      route: "POST /v1/orgs/{organizationId}/collections",
      inputs: { organizationId: org, title: `Col ${unique}`.slice(0, 50) },
      list: `/orgs/${org}/collections`,
      match: (o: any) => o.title === `Col ${unique}`.slice(0, 50),
    },
    {
      name: "SamlProvider",
      definition: samlProvider,
      route: "POST /v1/orgs/{organizationId}/saml",
      inputs: { organizationId: org, label: `S${unique}`.slice(0, 30) },
      list: `/orgs/${org}/saml`,
      match: (o: any) => o.label === `S${unique}`.slice(0, 30),
    },
    {
      name: "Site",
      definition: site,
      route: "POST /v1/orgs/{organizationId}/sites",
      inputs: { organizationId: org, title: `Site ${unique}` },
      list: `/orgs/${org}/sites`,
      match: (o: any) => o.title === `Site ${unique}`,
    },
    {
      name: "SiteSection",
      definition: siteSection,
      route: "POST /v1/orgs/{organizationId}/sites/{siteId}/sections",
      inputs: { organizationId: org, siteId, spaceId, title: `Section ${unique}` },
      list: `/orgs/${org}/sites/${siteId}/sections`,
      match: (o: any) => o.title === `Section ${unique}`,
    },
    {
      name: "SiteSectionGroup",
      definition: siteSectionGroup,
      route: "POST /v1/orgs/{organizationId}/sites/{siteId}/section-groups",
      inputs: { organizationId: org, siteId, title: `Group ${unique}` },
      list: `/orgs/${org}/sites/${siteId}/section-groups`,
      match: (o: any) => o.title === `Group ${unique}`,
    },
    {
      name: "SiteSpace",
      definition: siteSpace,
      route: "POST /v1/orgs/{organizationId}/sites/{siteId}/site-spaces",
      inputs: { organizationId: org, siteId, spaceId: siteSpaceSpaceId },
      list: `/orgs/${org}/sites/${siteId}/site-spaces`,
      match: (o: any) => o.space?.id === siteSpaceSpaceId,
    },
    {
      name: "Space",
      definition: space,
      route: "POST /v1/orgs/{organizationId}/spaces",
      inputs: { organizationId: org, title: `Space ${unique}`.slice(0, 50) },
      list: `/orgs/${org}/spaces`,
      match: (o: any) => o.title === `Space ${unique}`.slice(0, 50),
    },
    {
      name: "OpenApiSpec",
      definition: openApiSpec,
      route: "POST /v1/orgs/{organizationId}/openapi",
      inputs: { organizationId: org, slug: `spec-${unique}`, source: { url: "https://example.com/openapi.yaml" } },
      list: `/orgs/${org}/openapi`,
      match: (o: any) => o.slug === `spec-${unique}`,
    },
    {
      name: "Translation",
      definition: translation,
      route: "POST /v1/orgs/{organizationId}/translations",
      inputs: { organizationId: org, language: "fr", source: { space: spaceId, language: "en" } },
      list: `/orgs/${org}/translations`,
      match: (o: any) => o.language === "fr" && o.source?.space === spaceId,
    },
  ];
}

const isCreate = (route: string) => (method: HttpMethod, path: string) => {
  const [routeMethod, pattern] = route.split(" ");
  const expression = new RegExp(`^${pattern.replace("/v1", "").replace(/\{[^}]+\}/g, "[^/]+")}$`);
  return method === routeMethod && expression.test(path);
};

describe("a create whose outcome is unknown", () => {
  it("takes over the object when the emulator commits the write and drops the connection (each kind)", async () => {
    for (const kind of await cases()) {
      harness.emulator.setFaults({ match: kind.route, dropAfterCommit: { count: 1 } });
      const created = await create(kind.definition, client, kind.inputs);
      harness.emulator.setFaults({});
      const matching = (await list(kind.list)).filter(kind.match);
      expect(
        matching.map((o) => (kind.name === "OpenApiSpec" ? o.slug : o.id)),
        kind.name,
      ).toEqual([created.id]);
    }
  });

  it("sends again when the request was lost before the server ran it, and takes over when it ran (each kind)", async () => {
    for (const when of ["lost", "committed"] as const) {
      for (const kind of await cases()) {
        const flaky = new FlakyRequester(client, isCreate(kind.route), when);
        const created = await create(kind.definition, flaky, kind.inputs);
        const matching = (await list(kind.list)).filter(kind.match);
        expect(
          matching.map((o) => (kind.name === "OpenApiSpec" ? o.slug : o.id)),
          `${kind.name} ${when}`,
        ).toEqual([created.id]);
        const creates = flaky.writes.filter((write) => isCreate(kind.route)(write.split(" ")[0] as HttpMethod, write.split(" ")[1]));
        expect(creates, `${kind.name} ${when}`).toHaveLength(when === "lost" ? 2 : 1);
      }
    }
  });

  it("fails naming every candidate and the adopt input when several objects match, and creates nothing", async () => {
    const title = `Twin ${Date.now()}`;
    const first = (await harness.api("POST", `/orgs/${org}/collections`, { title })).body.id;
    const second = (await harness.api("POST", `/orgs/${org}/collections`, { title })).body.id;
    const flaky = new FlakyRequester(client, isCreate("POST /v1/orgs/{organizationId}/collections"), "lost");

    const error = await rejectionOf(create(collection, flaky, { organizationId: org, title }));
    expect(error).toBeInstanceOf(AmbiguousCreateError);
    expect(error.message).toContain(first);
    expect(error.message).toContain(second);
    expect(error.message).toContain(`adopt: { id: "${first}" }`);
    expect((await list(`/orgs/${org}/collections`)).filter((o) => o.title === title)).toHaveLength(2);
    expect(flaky.writes).toHaveLength(1);
  });

  it("does not re-send after a 4xx: the request had no effect", async () => {
    const error = await rejectionOf(create(team, client, { organizationId: org, title: "Refused", members: ["usr-nobody"] }));
    expect(error.message).toMatch(/ 4\d\d /);
    expect((await list(`/orgs/${org}/teams`)).filter((o) => o.title === "Refused")).toEqual([]);
  });
});

describe("the create journal", () => {
  const identity = (name: string) => `proj/stack/Collection/${name}-${Date.now()}`;

  it("takes over the object an interrupted run created (the id was recorded), sending no create", async () => {
    const journal = new CreateJournal(journalDir);
    const key = identity("recorded");
    const title = `Interrupted ${Date.now()}`;
    const made = (await harness.api("POST", `/orgs/${org}/collections`, { title })).body.id;
    journal.created(journal.begin(key, "Collection"), made);

    const recorder = new FlakyRequester(client, () => false, "lost");
    const created = await create(collection, recorder, { organizationId: org, title }, new CreateJournal(journalDir), key);
    expect(created.id).toBe(made);
    expect(recorder.writes).toEqual([]);
  });

  it("settles a create that was in flight when the run died: takes over the match, or creates when there is none", async () => {
    const title = `In flight ${Date.now()}`;
    const key = identity("in-flight");
    new CreateJournal(journalDir).begin(key, "Collection");
    const made = (await harness.api("POST", `/orgs/${org}/collections`, { title })).body.id;
    const takenOver = await create(collection, client, { organizationId: org, title }, new CreateJournal(journalDir), key);
    expect(takenOver.id).toBe(made);

    const nothingKey = identity("never-sent");
    new CreateJournal(journalDir).begin(nothingKey, "Collection");
    const fresh = await create(collection, client, { organizationId: org, title: `${title} 2` }, new CreateJournal(journalDir), nothingKey);
    expect((await list(`/orgs/${org}/collections`)).filter((o) => o.title === `${title} 2`).map((o) => o.id)).toEqual([fresh.id]);
  });

  it("keeps the entry until an operation on the id shows the state holds it, then removes it", async () => {
    const journal = new CreateJournal(journalDir);
    const key = identity("settled");
    const created = await create(collection, client, { organizationId: org, title: `Settled ${Date.now()}` }, journal, key);
    expect(journal.lookup(key)?.id).toBe(created.id);

    await providerWith(collection, client, journal).diff(created.id, created.outs ?? {}, created.outs ?? {});
    expect(journal.lookup(key)).toBeUndefined();
    expect(fs.readdirSync(journalDir)).toEqual([]);
  });

  it("never hands one resource's object to another identity", async () => {
    const journal = new CreateJournal(journalDir);
    const title = `Shared title ${Date.now()}`;
    const first = await create(collection, client, { organizationId: org, title }, journal, identity("first"));
    const second = await create(collection, client, { organizationId: org, title }, journal, identity("second"));
    expect(second.id).not.toBe(first.id);
  });

  it("forgets a create the API refused (nothing was made)", async () => {
    const journal = new CreateJournal(journalDir);
    const key = identity("refused");
    await rejectionOf(create(team, client, { organizationId: org, title: "Refused", members: ["usr-nobody"] }, journal, key));
    expect(journal.lookup(key)).toBeUndefined();
  });
});
