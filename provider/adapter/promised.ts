/**
 * For a contract that takes a promise (a Pulumi dynamic provider's method, a gRPC handler) from
 * work that is synchronous: `work` runs now, its value resolves the promise and a throw rejects
 * it, as an `async` function with no `await` in it would, without pretending to wait for anything.
 */
export function promised<T>(work: () => T | PromiseLike<T>): Promise<T> {
  return new Promise<T>((resolve) => resolve(work()));
}
