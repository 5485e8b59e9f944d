import { describe, expect, it } from "vitest";
import { PAGE_LIMIT, type ApiError } from "../../provider/client/index.ts";
import { testClient, track } from "./harness.ts";
import { inSequence, sendError, sendJson, startServer, type Handler } from "./hostile-server.ts";

interface Item {
  id: string;
}

/** A list endpoint over `total` items with opaque page tokens, honouring `limit` up to 1000. */
function listOf(total: number): Handler {
  const items = Array.from({ length: total }, (_, i) => ({ id: `item_${i}` }));
  return (request, { res }) => {
    const url = new URL(request.url, "http://x");
    const limit = Number(url.searchParams.get("limit") ?? "50");
    if (limit > 1000) return sendError(res, 400, "limit: must be at most 1000");
    const page = url.searchParams.get("page");
    const start = page === null ? 0 : Number(Buffer.from(page, "base64url").toString().split(":")[1]);
    const slice = items.slice(start, start + limit);
    const end = start + slice.length;
    sendJson(res, 200, {
      items: slice,
      count: slice.length,
      ...(end < total ? { next: { page: Buffer.from(`offset:${end}`).toString("base64url") } } : {}),
    });
  };
}

describe("pagination", () => {
  it("walks 3,000 items in pages of 1000, following next.page, each item once", async () => {
    const server = track(await startServer(listOf(3000)));
    const { client } = testClient(server);

    const seen: string[] = [];
    for await (const item of client.paginate<Item>(["orgs", "o 1", "spaces"], { sort: "title" })) seen.push(item.id);

    expect(PAGE_LIMIT).toBe(1000);
    expect(seen).toHaveLength(3000);
    expect(new Set(seen).size).toBe(3000);
    expect(seen[0]).toBe("item_0");
    expect(seen[2999]).toBe("item_2999");
    const urls = server.requests.map((r) => new URL(r.url, "http://x"));
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      expect(url.pathname).toBe("/v1/orgs/o%201/spaces");
      expect(url.searchParams.get("limit")).toBe("1000");
      expect(url.searchParams.get("sort")).toBe("title");
    }
    expect(urls.map((u) => u.searchParams.get("page"))).toEqual([null, Buffer.from("offset:1000").toString("base64url"), Buffer.from("offset:2000").toString("base64url")]);
  });

  it("fetches the next page only when the consumer gets there", async () => {
    const server = track(await startServer(listOf(2500)));
    const { client } = testClient(server);

    for await (const item of client.paginate<Item>(["items"])) {
      if (item.id === "item_1") break;
    }
    expect(server.requests).toHaveLength(1);
  });

  it("ends on an empty list", async () => {
    const server = track(await startServer(listOf(0)));
    const { client } = testClient(server);

    const all: Item[] = [];
    for await (const item of client.paginate<Item>(["items"])) all.push(item);
    expect(all).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a failed page without restarting the walk", async () => {
    const list = listOf(1500);
    const server = track(await startServer(inSequence(list, (_r, { res }) => sendError(res, 503, "blip"), list)));
    const { client } = testClient(server);

    let count = 0;
    for await (const _item of client.paginate<Item>(["items"])) count++;
    expect(count).toBe(1500);
    const pages = server.requests.map((r) => new URL(r.url, "http://x").searchParams.get("page"));
    expect(pages[0]).toBeNull();
    expect(pages[1]).not.toBeNull();
    expect(pages[2]).toBe(pages[1]);
  });

  it("fails instead of looping when the server repeats a page token", async () => {
    const server = track(await startServer((_r, { res }) => sendJson(res, 200, { items: [{ id: "a" }], count: 1, next: { page: "same" } })));
    const { client } = testClient(server);

    const walk = async (): Promise<number> => {
      let count = 0;
      for await (const _item of client.paginate<Item>(["items"])) count++;
      return count;
    };
    const error = (await walk().catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe("invalid_response");
    expect(error.message).toContain('repeated page token "same"');
    expect(server.requests).toHaveLength(2);
  });

  it("fails on a response that is not a list envelope", async () => {
    const server = track(await startServer((_r, { res }) => sendJson(res, 200, { id: "not a list" })));
    const { client } = testClient(server);

    const iterator = client.paginate<Item>(["items"]);
    await expect(iterator.next()).rejects.toMatchObject({ code: "invalid_response", path: "/v1/items" });
  });
});
