import { describe, expect, it } from "vitest";
import { AuthenticationError, ErrorCodes, NotFoundError, PermissionDeniedError } from "../../provider/client/index.ts";
import type { ApiRequester, HttpMethod, PathSegments } from "../../provider/api/requester.ts";
import { SharedLists } from "../../provider/api/shared-lists.ts";

/** A requester over in-memory lists that counts what it is asked. */
function fakeApi(lists: Record<string, { id: string; slug?: string; title?: string }[] | "missing" | "forbidden" | "refused">) {
  const calls: string[] = [];
  const api: ApiRequester = {
    request<T>(method: HttpMethod, path: PathSegments): Promise<T> {
      const key = `/${path.join("/")}`;
      calls.push(`${method} ${key}`);
      const list = lists[key];
      if (list === "missing") return Promise.reject(new NotFoundError({ status: 404, code: ErrorCodes.notFound, message: "gone", method, path: key }));
      // An object's GET answers the list's first item (a fresh copy each time, as from the API).
      return Promise.resolve((Array.isArray(list) ? { ...list[0] } : undefined) as T);
    },
    // eslint-disable-next-line @typescript-eslint/require-await -- paginate's contract is an async iterator; these lists are in memory.
    async *paginate<T>(path: PathSegments): AsyncIterableIterator<T> {
      const key = `/${path.join("/")}`;
      calls.push(`LIST ${key}`);
      const list = lists[key];
      if (list === "missing") throw new NotFoundError({ status: 404, code: ErrorCodes.notFound, message: "gone", method: "GET", path: key });
      if (list === "refused") throw new AuthenticationError({ status: 401, code: ErrorCodes.unauthenticated, message: "unknown token", method: "GET", path: key });
      if (list === "forbidden") throw new PermissionDeniedError({ status: 403, code: ErrorCodes.permissionDenied, message: "no", method: "GET", path: key });
      for (const item of list ?? []) yield item as T;
    },
  };
  return { api, calls };
}

describe("SharedLists", () => {
  it("serves a reading requester's lists from the shared ones (export's): each list fetched once, a 404 failing as the API's error, a 403 as the API's", async () => {
    const { api, calls } = fakeApi({ "/orgs/o/teams": [{ id: "t1" }, { id: "t2" }], "/orgs/o/sites/s1/sections": "missing", "/orgs/o/saml": "forbidden" });
    const lists = new SharedLists(api);
    const listing = lists.readingOnce(api);
    const all = async (path: PathSegments) => {
      const items: unknown[] = [];
      for await (const item of listing.paginate(path)) items.push(item);
      return items;
    };
    expect(await all(["orgs", "o", "teams"])).toEqual([{ id: "t1" }, { id: "t2" }]);
    expect(await lists.item(["orgs", "o", "teams"], "t2", () => Promise.resolve(undefined))).toEqual({ id: "t2" });
    expect(calls).toEqual(["LIST /orgs/o/teams"]);
    await expect(all(["orgs", "o", "sites", "s1", "sections"])).rejects.toBeInstanceOf(NotFoundError);
    await expect(all(["orgs", "o", "saml"])).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it("reads each object once for a command that only reads (export's), each reader getting its own copy; a failed GET is asked again, a write forgets", async () => {
    const { api, calls } = fakeApi({ "/orgs/o/sites/s1/customization": [{ id: "s1", title: "Docs" }], "/orgs/o/sites/s2/customization": "missing" });
    const reading = new SharedLists(api).readingOnce(api);
    const customization = ["orgs", "o", "sites", "s1", "customization"];
    const [first, second] = await Promise.all([reading.request<{ title: string }>("GET", customization), reading.request<{ title: string }>("GET", customization)]);
    first.title = "changed by one reader";
    expect(second.title).toBe("Docs");
    expect((await reading.request<{ title: string }>("GET", customization)).title).toBe("Docs");
    expect(calls).toEqual(["GET /orgs/o/sites/s1/customization"]);

    const gone = ["orgs", "o", "sites", "s2", "customization"];
    await expect(reading.request("GET", gone)).rejects.toBeInstanceOf(NotFoundError);
    await expect(reading.request("GET", gone)).rejects.toBeInstanceOf(NotFoundError);
    expect(calls.filter((call) => call.endsWith("/s2/customization"))).toHaveLength(2);

    await reading.request("PUT", customization, { body: { title: "New" } });
    await reading.request("GET", customization);
    expect(calls.filter((call) => call === "GET /orgs/o/sites/s1/customization")).toHaveLength(2);
  });

  it("keeps a failed list and a failed GET as the answer when it serves one read-only command (keepFailures): a refused list is asked once for every kind", async () => {
    const { api, calls } = fakeApi({ "/orgs/o/saml": "forbidden", "/orgs/o/sites/s2/customization": "missing" });
    const lists = new SharedLists(api, { keepFailures: true });
    const reading = lists.readingOnce(api);
    const all = async (path: PathSegments) => {
      for await (const item of reading.paginate(path)) void item;
    };
    await expect(all(["orgs", "o", "saml"])).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(all(["orgs", "o", "saml"])).rejects.toBeInstanceOf(PermissionDeniedError);
    // The import path's read of one object still falls back to its own read.
    expect(await lists.item(["orgs", "o", "saml"], "p1", () => Promise.resolve({ id: "p1" }))).toEqual({ id: "p1" });
    await expect(reading.request("GET", ["orgs", "o", "sites", "s2", "customization"])).rejects.toBeInstanceOf(NotFoundError);
    await expect(reading.request("GET", ["orgs", "o", "sites", "s2", "customization"])).rejects.toBeInstanceOf(NotFoundError);
    expect(calls).toEqual(["LIST /orgs/o/saml", "GET /orgs/o/sites/s2/customization"]);
  });

  it("keeps no object's GET for a provider host's reads (a refresh's): only lists are shared there", async () => {
    const { api, calls } = fakeApi({ "/orgs/o/teams/t1": [{ id: "t1" }] });
    const observed = new SharedLists(api).observe();
    await observed.request("GET", ["orgs", "o", "teams", "t1"]);
    await observed.request("GET", ["orgs", "o", "teams", "t1"]);
    expect(calls).toEqual(["GET /orgs/o/teams/t1", "GET /orgs/o/teams/t1"]);
  });

  it("lists a parent once for every object read from it, at the same time or later", async () => {
    const { api, calls } = fakeApi({ "/orgs/o/teams": [{ id: "t1" }, { id: "t2" }, { id: "t3" }] });
    const lists = new SharedLists(api);
    const never = () => Promise.reject(new Error("the object's own read must not run"));
    const found = await Promise.all(["t1", "t2", "t3"].map((id) => lists.item<{ id: string }>(["orgs", "o", "teams"], id, never)));
    expect(found.map((team) => team?.id)).toEqual(["t1", "t2", "t3"]);
    expect(await lists.item(["orgs", "o", "teams"], "t2", never)).toEqual({ id: "t2" });
    expect(calls).toEqual(["LIST /orgs/o/teams"]);
  });

  it("says an object missing from a complete list is gone, and so is every object of a list that answers 404", async () => {
    const { api } = fakeApi({ "/orgs/o/teams": [{ id: "t1" }], "/orgs/o/sites/s1/sections": "missing" });
    const lists = new SharedLists(api);
    const never = () => Promise.resolve({ id: "from its own read" });
    expect(await lists.item(["orgs", "o", "teams"], "t9", never)).toBeUndefined();
    expect(await lists.item(["orgs", "o", "sites", "s1", "sections"], "sec1", never)).toBeUndefined();
  });

  it("fails the read when the list fails otherwise (a refused token): the object's own read would fail alike", async () => {
    const { api } = fakeApi({ "/orgs/o/teams": "refused" });
    const lists = new SharedLists(api);
    await expect(lists.item(["orgs", "o", "teams"], "t1", () => Promise.resolve({ id: "t1" }))).rejects.toThrow("unknown token");
  });

  it("falls back to the object's own read when the token may not list the parent (403)", async () => {
    const { api, calls } = fakeApi({ "/orgs/o/saml": "forbidden" });
    const lists = new SharedLists(api);
    const own = await lists.item(["orgs", "o", "saml"], "p1", () => Promise.resolve({ id: "p1", title: "read alone" }));
    expect(own).toEqual({ id: "p1", title: "read alone" });
    // A failed list is not kept: the next reader asks again.
    await lists.item(["orgs", "o", "saml"], "p2", () => Promise.resolve(undefined));
    expect(calls.filter((call) => call.startsWith("LIST"))).toHaveLength(2);
  });

  it("matches by another key where the API names objects so (an OpenAPI spec's slug)", async () => {
    const { api } = fakeApi({ "/orgs/o/openapi": [{ id: "x1", slug: "petstore" }] });
    const lists = new SharedLists(api);
    const spec = await lists.item<{ id: string; slug?: string }>(["orgs", "o", "openapi"], "petstore", () => Promise.resolve(undefined), { keyOf: (item) => item.slug ?? "" });
    expect(spec?.id).toBe("x1");
  });

  it("forgets every list on a write sent through its requester, so nothing listed before a change is returned after it", async () => {
    const data = { "/orgs/o/teams": [{ id: "t1", title: "Before" }] };
    const { api, calls } = fakeApi(data);
    const lists = new SharedLists(api);
    const observed = lists.observe();
    const never = () => Promise.resolve(undefined);
    expect((await lists.item<{ id: string; title?: string }>(["orgs", "o", "teams"], "t1", never))?.title).toBe("Before");

    await observed.request("GET", ["orgs", "o", "teams", "t1"]);
    expect(calls.filter((call) => call.startsWith("LIST"))).toHaveLength(1);

    data["/orgs/o/teams"] = [{ id: "t1", title: "After" }];
    await observed.request("PATCH", ["orgs", "o", "teams", "t1"], { body: { title: "After" } });
    expect((await lists.item<{ id: string; title?: string }>(["orgs", "o", "teams"], "t1", never))?.title).toBe("After");
    expect(calls.filter((call) => call.startsWith("LIST"))).toHaveLength(2);
  });

  it("keeps lists of different queries apart", async () => {
    const { api, calls } = fakeApi({ "/orgs/o/collections": [{ id: "c1" }] });
    const lists = new SharedLists(api);
    await lists.all(["orgs", "o", "collections"], { nested: true });
    await lists.all(["orgs", "o", "collections"], { nested: true });
    await lists.all(["orgs", "o", "collections"]);
    expect(calls).toEqual(["LIST /orgs/o/collections", "LIST /orgs/o/collections"]);
  });
});
