/**
 * Issue 31: what is safe to repeat is tried until the deadline, not a fixed number of times, and
 * when the deadline does run out the user is told the operation, the attempts made, and what the
 * next `pulumi up` does about it.
 */
import { describe, expect, it } from "vitest";
import { isConnectionError, isServerError, ServerError } from "../../provider/client/index.ts";
import type { ApiRequester } from "../../provider/api/requester.ts";
import { AmbiguousCreateError, createOnce } from "../../provider/recovery/create-once.ts";
import { AFTER_DEADLINE, explainApiError } from "../../provider/adapter/operation-errors.ts";
import { patchChecked } from "../../provider/api/requests.ts";
import { rejection, testClient, track } from "./harness.ts";
import { resetConnection, sendError, sendJson, startServer } from "./hostile-server.ts";

/** A client whose clock moves only by the waits it asks for: a two-minute deadline takes milliseconds. */
function fakeClock(server: { baseUrl: string }, deadlineMs: number) {
  let now = 0;
  const made = testClient(
    server.baseUrl,
    { maxRetries: 4, deadlineMs },
    {
      now: () => now,
      sleep: (ms) => {
        made.sleeps.push(ms);
        now += ms;
        return Promise.resolve();
      },
    },
  );
  return { ...made, elapsed: () => now };
}

describe("retries until the deadline", () => {
  it("retries a GET past maxRetries until it succeeds: a read is safe to repeat", async () => {
    let failures = 12;
    const server = track(await startServer((_r, { res }) => (failures-- > 0 ? sendError(res, 503, "flaky") : sendJson(res, 200, { id: "t1" }))));
    const { client } = fakeClock(server, 120_000);

    await expect(client.request("GET", ["orgs", "o1", "teams", "t1"])).resolves.toEqual({ id: "t1" });
    expect(server.requests).toHaveLength(13);
  });

  it("retries a PUT and an action marked idempotent (publish) past maxRetries", async () => {
    let failures = 8;
    const server = track(await startServer((request, context) => (failures-- > 0 ? resetConnection(request, context) : sendJson(context.res, 200, { ok: true }))));
    const { client } = fakeClock(server, 120_000);

    await expect(client.request("POST", ["orgs", "o1", "sites", "s1", "publish"], { idempotent: true })).resolves.toEqual({ ok: true });
    expect(server.requests.length).toBeGreaterThan(5);
  });

  it("still sends a POST (a create) once when its outcome is unknown: create-once looks for it first", async () => {
    const server = track(await startServer((_r, { res }) => sendError(res, 503, "down")));
    const { client } = fakeClock(server, 120_000);

    const error = await rejection(client.request("POST", ["orgs", "o1", "collections"], { body: { title: "Guides" } }));
    expect(isServerError(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(error.attempts).toBeUndefined();
  });

  it("gives up at the deadline naming the request, the attempts made and the time they took", async () => {
    const server = track(await startServer((_r, { res }) => sendError(res, 503, "down for good")));
    const { client, elapsed } = fakeClock(server, 60_000);

    const error = await rejection(client.request("GET", ["orgs", "o1", "sites", "s1", "sections"]));
    // Still the last answer's kind, so callers tell a 503 from a 404 or an unknown outcome.
    expect(isServerError(error)).toBe(true);
    expect(error.status).toBe(503);
    expect(error.attempts).toBe(server.requests.length);
    expect(server.requests.length).toBeGreaterThan(5);
    expect(elapsed()).toBeLessThan(60_000);
    expect(error.message).toMatch(
      new RegExp(
        `^GET /v1/orgs/o1/sites/s1/sections failed with 503.*; gave up after ${server.requests.length} attempts over \\d+ s \\(the call's deadline, deadlineMs 60000, ran out\\)$`,
      ),
    );
  });

  it("with maxRetries 0 still does not retry at all", async () => {
    const server = track(await startServer((_r, { res }) => sendError(res, 503, "down")));
    const { client } = testClient(server, { maxRetries: 0 });

    await rejection(client.request("GET", ["x"]));
    expect(server.requests).toHaveLength(1);
  });
});

describe("a PATCH of absolute values is read back before it is sent again", () => {
  const site = { id: "s1", title: "Old" };

  it("does not send it again when the read shows it was applied (a write that committed, then lost its connection)", async () => {
    const server = track(
      await startServer((request, context) => {
        if (request.method === "PATCH") {
          site.title = JSON.parse(request.body).title;
          return resetConnection(request, context);
        }
        sendJson(context.res, 200, site);
      }),
    );
    const { client } = testClient(server, { maxRetries: 4 });

    await expect(patchChecked(client, ["orgs", "o1", "sites", "s1"], { title: "New" })).resolves.toEqual({ id: "s1", title: "New" });
    expect(server.requests.map((request) => request.method)).toEqual(["PATCH", "GET"]);
  });

  it("sends it again when the read shows it was not applied, until it succeeds", async () => {
    let failures = 2;
    const server = track(
      await startServer((request, { res }) => {
        if (request.method === "PATCH") return failures-- > 0 ? sendError(res, 503, "not now") : sendJson(res, 200, { id: "s2", title: "New" });
        sendJson(res, 200, { id: "s2", title: "Old" });
      }),
    );
    const { client } = testClient(server, { maxRetries: 4 });

    await expect(patchChecked(client, ["orgs", "o1", "sites", "s2"], { title: "New" })).resolves.toEqual({ id: "s2", title: "New" });
    expect(server.requests.map((request) => request.method)).toEqual(["PATCH", "GET", "PATCH", "GET", "PATCH"]);
  });

  it("with maxRetries 0 reads it back but does not send it again", async () => {
    const server = track(await startServer((request, { res }) => (request.method === "PATCH" ? sendError(res, 503, "not now") : sendJson(res, 200, { id: "s4", title: "Old" }))));
    const { client } = testClient(server, { maxRetries: 0 });

    const error = await rejection(patchChecked(client, ["orgs", "o1", "sites", "s4"], { title: "New" }));
    expect(error.status).toBe(503);
    expect(server.requests.map((request) => request.method)).toEqual(["PATCH", "GET"]);
  });

  it("gives up at its deadline saying how many PATCHes were sent, each read back", async () => {
    const server = track(
      await startServer((request, context) => (request.method === "PATCH" ? resetConnection(request, context) : sendJson(context.res, 200, { id: "s3", title: "Old" }))),
    );
    const { client: patient } = testClient(server, { maxRetries: 4, deadlineMs: 1_000 });
    const error = await rejection(patchChecked(patient, ["orgs", "o1", "sites", "s3"], { title: "New" }));
    expect(isConnectionError(error)).toBe(true);
    const patches = server.requests.filter((request) => request.method === "PATCH").length;
    expect(patches).toBeGreaterThan(1);
    expect(error.attempts).toBe(patches);
    expect(error.message).toContain(`gave up after ${patches} PATCH attempts over`);
    expect(error.message).toContain("each read back and found not applied");
  });
});

describe("what the user sees when the deadline runs out", () => {
  const gaveUp = new ServerError({
    status: 503,
    code: "server_error",
    message: "GET /v1/orgs/o1/sites/s1/sections failed with 503; gave up after 37 attempts over 118 s (the call's deadline, deadlineMs 120000, ran out)",
    method: "GET",
    path: "/v1/orgs/o1/sites/s1/sections",
    attempts: 37,
  });

  it("names the operation, keeps the attempts, and says what the next run does", () => {
    const create = explainApiError(gaveUp, "SiteSection", "create") as Error;
    expect(create.message).toMatch(/^creating SiteSection ran out of time: GET \/v1\/orgs\/o1\/sites\/s1\/sections failed with 503; gave up after 37 attempts over 118 s/);
    expect(create.message).toContain("the next `pulumi up` first looks for an object this create may have made");
    expect(create.cause).toBe(gaveUp);

    const update = explainApiError(gaveUp, "Site", "update", "s1") as Error;
    expect(update.message).toMatch(/^updating Site s1 ran out of time: .*gave up after 37 attempts/);
    expect(update.message).toContain(AFTER_DEADLINE.update);
    expect((explainApiError(gaveUp, "Site", "delete", "s1") as Error).message).toContain("the next `pulumi destroy`");
    expect((explainApiError(gaveUp, "Site", "read", "s1") as Error).message).toContain("run `pulumi refresh` again");
  });

  it("leaves an error that did not run out of time as it is", () => {
    const once = new ServerError({ status: 503, code: "server_error", message: "POST /v1/x failed with 503", method: "POST", path: "/v1/x" });
    expect(explainApiError(once, "Collection", "create")).toBe(once);
  });

  it("a create that found nothing made after each try gives up at its deadline with its attempts", async () => {
    let sent = 0;
    const api: ApiRequester = {
      retryPolicy: { maxRetries: 4, deadlineMs: 1_000 },
      request: () => Promise.reject(new Error("unused")),
      paginate: () => {
        throw new Error("unused");
      },
    };
    const error = await rejection(
      createOnce(
        { api },
        {
          kind: "Collection",
          describe: 'collection "Guides"',
          matchedBy: "title",
          send: () => {
            sent++;
            return Promise.reject(
              new ServerError({ status: 503, code: "server_error", message: "POST /v1/orgs/o1/collections failed with 503", method: "POST", path: "/v1/orgs/o1/collections" }),
            );
          },
          find: () => Promise.resolve([]),
          get: () => Promise.resolve(undefined),
          idOf: (object: { id: string }) => object.id,
        },
      ),
    );
    expect(error).not.toBeInstanceOf(AmbiguousCreateError);
    expect(isServerError(error)).toBe(true);
    expect(sent).toBeGreaterThan(1);
    expect(error.attempts).toBe(sent);
    expect(error.message).toContain(`gave up creating this collection "Guides" after ${sent} attempts over`);
    expect(error.message).toContain("each followed by a search by title that found nothing made");
    const seen = explainApiError(error, "Collection", "create") as Error;
    expect(seen.message).toMatch(/^creating Collection ran out of time: POST \/v1\/orgs\/o1\/collections failed with 503; gave up creating/);
  });
});
