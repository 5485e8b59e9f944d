import { isNotFoundError, isPermissionDeniedError } from "../client";
import type { ApiRequester, HttpMethod, ListReader, PathSegments, QueryParameters } from "./requester";

/**
 * One paginated list per parent, shared by every resource that reads an object of that parent in
 * the same provider host: a `pulumi refresh` of a thousand teams, sections and specs reads the
 * organization's teams once, each site's sections once, and so on, instead of one GET each.
 *
 * - A list the API answers with 404 means its parent is gone, and every object in it with it.
 * - An object missing from a complete list is gone, exactly as a 404 of its own GET says.
 * - Any write sent through {@link SharedLists.observe}'s requester forgets every list, so nothing
 *   listed before a change is returned after it. A read already waiting for a list when the write
 *   is sent ran concurrently with that write, and may see either side of it, as a GET would.
 * - Lists are kept for the life of the provider host, which serves one command: the next command
 *   starts a new host, and with it fresh lists.
 * - A command that only reads (export, {@link SharedLists.readingOnce}) also keeps each object's
 *   GET, for that command only; a provider host's reads ({@link SharedLists.observe}) keep none.
 */
export class SharedLists implements ListReader {
  readonly #api: ApiRequester;
  readonly #lists = new Map<string, Promise<readonly unknown[] | undefined>>();
  /** The objects {@link SharedLists.readingOnce} read, by path and query. */
  readonly #objects = new Map<string, Promise<unknown>>();

  readonly #keepFailures: boolean;

  /**
   * `keepFailures`: the lists serve one command that only reads (export), for which a list or an
   * object that failed is the answer too: a refused list is refused to every kind that reads it
   * without being asked again. Otherwise a failed list is not kept: the next reader tries again.
   */
  constructor(api: ApiRequester, options: { keepFailures?: boolean } = {}) {
    this.#api = api;
    this.#keepFailures = options.keepFailures === true;
  }

  /**
   * The requester every resource uses: `api`'s calls, and for every call but a GET, the shared
   * lists forgotten (before the write is sent, and again when it ended).
   */
  observe(api: ApiRequester = this.#api): ApiRequester {
    return {
      request: async <T>(method: HttpMethod, path: PathSegments, options?: Parameters<ApiRequester["request"]>[2]): Promise<T> => {
        if (method === "GET") return api.request<T>(method, path, options);
        this.forget();
        try {
          return await api.request<T>(method, path, options);
        } finally {
          this.forget();
        }
      },
      paginate: <T>(path: PathSegments, query?: QueryParameters) => api.paginate<T>(path, query),
      ...(api.retryPolicy === undefined ? {} : { retryPolicy: api.retryPolicy }),
    };
  }

  /**
   * `api` for a command that only reads (export): its lists served from these shared ones, and
   * each object's GET sent once and kept with them, so the command's reader and the kinds' reads it
   * runs (which read the same lists and objects again) fetch each one once. A list the API answers
   * 404 for is listed again through `api`, so it fails with the API's own error; a failed GET is
   * kept as a failed list is (`keepFailures`). Anything but a GET is sent as it is, and forgets
   * what was kept, as {@link SharedLists.observe} does.
   */
  readingOnce(api: ApiRequester = this.#api): ApiRequester {
    const shared = (path: PathSegments, query?: QueryParameters) => this.all(path, query);
    return {
      request: async <T>(method: HttpMethod, path: PathSegments, options?: Parameters<ApiRequester["request"]>[2]): Promise<T> => {
        if (method !== "GET") return this.observe(api).request<T>(method, path, options);
        // Each reader gets its own copy: one that changes its answer changes no one else's.
        return structuredClone(await this.#object<T>(api, path, options));
      },
      paginate: <T>(path: PathSegments, query?: QueryParameters) =>
        (async function* () {
          const items = (await shared(path, query)) as readonly T[] | undefined;
          if (items) yield* items;
          else yield* api.paginate<T>(path, query);
        })(),
      ...(api.retryPolicy === undefined ? {} : { retryPolicy: api.retryPolicy }),
    };
  }

  /** Every item of the list at `path` (all pages), or undefined when the API answers 404 for it. */
  all<T>(path: PathSegments, query?: QueryParameters): Promise<readonly T[] | undefined> {
    const key = JSON.stringify([path, query ?? {}]);
    let list = this.#lists.get(key);
    if (!list) {
      list = this.#fetch(path, query);
      this.#lists.set(key, list);
      this.#forgetIfFailed(this.#lists, key, list);
    }
    return list as Promise<readonly T[] | undefined>;
  }

  /**
   * The item of the list at `path` whose `keyOf` is `id`: undefined when the list does not hold it
   * (or the list's parent is gone). When the token may not list the parent (403), `fallback` reads
   * the object on its own; any other failure of the list is the read's failure.
   */
  async item<T>(
    path: PathSegments,
    id: string,
    fallback: () => Promise<T | undefined>,
    options: { query?: QueryParameters; keyOf?: (item: T) => string } = {},
  ): Promise<T | undefined> {
    let items: readonly T[] | undefined;
    try {
      items = await this.all<T>(path, options.query);
    } catch (error) {
      // A token that may read an object but not list its parent (403) still reads it alone;
      // anything else (a refused token, an API down) would fail the object's own read alike.
      if (isPermissionDeniedError(error)) return fallback();
      throw error;
    }
    const keyOf = options.keyOf ?? ((item: T) => (item as { id: string }).id);
    return items?.find((item) => keyOf(item) === id);
  }

  /** Forgets every list and object: the next reader reads again. */
  forget(): void {
    this.#lists.clear();
    this.#objects.clear();
  }

  #object<T>(api: ApiRequester, path: PathSegments, options: Parameters<ApiRequester["request"]>[2]): Promise<T> {
    const key = JSON.stringify([path, options?.query ?? {}]);
    let object = this.#objects.get(key);
    if (!object) {
      object = api.request<T>("GET", path, options);
      this.#objects.set(key, object);
      this.#forgetIfFailed(this.#objects, key, object);
    }
    return object as Promise<T>;
  }

  /** Unless failures are kept: a read that fails is dropped, and the next reader tries again (a list may then fall back to its GET). */
  #forgetIfFailed(kept: Map<string, Promise<unknown>>, key: string, read: Promise<unknown>): void {
    read.catch(() => {
      if (!this.#keepFailures && kept.get(key) === read) kept.delete(key);
    });
  }

  async #fetch(path: PathSegments, query: QueryParameters | undefined): Promise<readonly unknown[] | undefined> {
    const items: unknown[] = [];
    try {
      for await (const item of this.#api.paginate<unknown>(path, query)) items.push(item);
    } catch (error) {
      if (isNotFoundError(error)) return undefined;
      throw error;
    }
    return items;
  }
}
