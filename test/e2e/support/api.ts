// A tiny client of the management API for the end-to-end suites: they set up, change and check
// objects through the API, independently of the provider under test (no provider code here).

export interface Api {
  readonly baseUrl: string;
  /** Any request; throws on a status other than 2xx, with the status and body in the message. */
  request<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  get<T = any>(path: string): Promise<T>;
  post<T = any>(path: string, body?: unknown): Promise<T>;
  put<T = any>(path: string, body?: unknown): Promise<T>;
  patch<T = any>(path: string, body: unknown): Promise<T>;
  delete(path: string): Promise<void>;
  /** Every item of a list, following `next.page`. */
  list<T = any>(path: string, query?: Record<string, string>): Promise<T[]>;
  /** The status of a GET, without throwing (e.g. 404 for an object that is gone). */
  status(path: string): Promise<number>;
}

export function apiClient(baseUrl: string, token: string): Api {
  const send = async (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await send(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text === "" ? undefined : JSON.parse(text)) as T;
  };
  return {
    baseUrl,
    request,
    get: (path) => request("GET", path),
    post: (path, body) => request("POST", path, body),
    put: (path, body) => request("PUT", path, body),
    patch: (path, body) => request("PATCH", path, body),
    delete: async (path) => {
      await request("DELETE", path);
    },
    async list<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
      const items: T[] = [];
      let page: string | undefined;
      do {
        const params = new URLSearchParams({ ...query, limit: "1000", ...(page ? { page } : {}) });
        const result = await request<{ items: T[]; next?: { page: string } }>("GET", `${path}?${params.toString()}`);
        items.push(...result.items);
        page = result.next?.page;
      } while (page);
      return items;
    },
    async status(path) {
      const response = await send("GET", path);
      await response.arrayBuffer();
      return response.status;
    },
  };
}
