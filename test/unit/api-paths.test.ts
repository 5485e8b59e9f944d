/**
 * The provider's one reading of the API (issue 27, item 3): provider/api/ holds one module per API
 * noun, with its response types and its path builders, and nothing else in the provider spells an
 * API path or declares a response type.
 *
 * - Every path a noun module can build, with each method the provider sends to it, is an operation
 *   of API.md (test/emulator/coverage/api-operations.json, generated from API.md's tables) or one
 *   of the operations of the production service beside it that DESIGN.md 8 gives (the emulator
 *   README's table of them). The provider is held to that seed; the emulator is another reading of
 *   the same seed, so nothing here is imported from it: both lists are read as data.
 * - The methods a builder declares are the ones the provider sends: every request made straight to
 *   a builder's path (`request("PUT", teamsPath(...))`, `getOrUndefined(api, sitePath(...))`, ...)
 *   uses one of them. (A path kept in a variable first is not followed.)
 * - No file outside provider/api/ spells a path segment of those operations in a path (an array of
 *   segments, the ids of a `...Path(...)` call, a template `/orgs/${id}`), nor declares an
 *   `Api<Noun>` type.
 * - No file outside provider/api/ reads through a request helper itself (`listAll`, `findListed`,
 *   `getOrUndefined`, `readThroughList`, `listForRead`): each noun module's calls do (`listSites`,
 *   `getSiteSection`, `readTeamThroughList`, `listSiteSpacesForRead`), so one list or read is
 *   written once, for resources, lookups, export and the refresh's shared lists alike.
 * - No file outside provider/api/ writes through a request helper itself (`patchChecked`,
 *   `deleteIdempotent`), sends a request naming its method (`api.request("PUT", ...)`), or names a
 *   path builder at all: each noun module's writes do (`createSite`, `updateSite`, `deleteSite`,
 *   `publishSite`...), so each request's method, body, idempotency and retries are written once.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const apiRoom = join(root, "provider", "api");

/** The modules of provider/api/ that are not a noun: the requester, its helpers, the builder itself, and the shapes several nouns carry (merge rules, documents, roles). */
const NOT_NOUNS = new Set(["requester.ts", "requests.ts", "shared-lists.ts", "paths.ts", "merge-rules.ts", "document.ts", "roles.ts"]);

interface Operation {
  method: string;
  /** The path with every parameter written `{}`: `/v1/orgs/{}/teams/{}`. */
  shape: string;
  source: string;
}

const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, "{}");

function apiMdOperations(): Operation[] {
  const listed = JSON.parse(readFileSync(join(root, "test/emulator/coverage/api-operations.json"), "utf8")) as { section: string; method: string; path: string }[];
  return listed.map((operation) => ({ method: operation.method, shape: shapeOf(operation.path), source: `API.md ${operation.section}` }));
}

/** The emulator README's table "Operations of the production service beside the API's reference" (DESIGN.md 8). */
function designOperations(): Operation[] {
  const readme = readFileSync(join(root, "test/emulator/README.md"), "utf8");
  const start = readme.indexOf("Operations of the production service beside the API's reference");
  const end = readme.indexOf("\n### ", start);
  const operations: Operation[] = [];
  for (const line of readme.slice(start, end).split("\n")) {
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length === 4 && /^(GET|POST|PUT|PATCH|DELETE)$/.test(cells[0]))
      operations.push({ method: cells[0], shape: shapeOf(cells[1].replaceAll("`", "")), source: "DESIGN.md 8" });
  }
  return operations;
}

const operations = [...apiMdOperations(), ...designOperations()];

interface Builder {
  (...ids: string[]): string[];
  methods: readonly string[];
}

interface BuiltPath {
  name: string;
  method: string;
  shape: string;
}

/** Every path every noun module builds, each id given as `{}`, with each method it declares. */
async function builtPaths(): Promise<{ modules: Map<string, number>; paths: BuiltPath[] }> {
  const modules = new Map<string, number>();
  const paths: BuiltPath[] = [];
  for (const file of readdirSync(apiRoom)
    .filter((name) => name.endsWith(".ts") && !NOT_NOUNS.has(name))
    .sort()) {
    const module = (await import(pathToFileURL(join(apiRoom, file)).href)) as Record<string, unknown>;
    const builders = Object.entries(module).filter((entry): entry is [string, Builder] => typeof entry[1] === "function" && Array.isArray((entry[1] as Partial<Builder>).methods));
    modules.set(file, builders.length);
    for (const [name, build] of builders) {
      const segments = build(...Array.from({ length: build.length }, () => "{}"));
      for (const method of build.methods) paths.push({ name: `${file.replace(/\.ts$/, "")}.${name}`, method, shape: `/v1/${segments.join("/")}` });
    }
  }
  return { modules, paths };
}

describe("provider/api: one module per API noun", () => {
  it("holds every path each noun module can build, with each of its methods, to an operation of API.md or DESIGN.md 8", async () => {
    const { modules, paths } = await builtPaths();
    const known = new Set(operations.map((operation) => `${operation.method} ${operation.shape}`));
    const unmatched = paths
      .filter((path) => !known.has(`${path.method} ${path.shape}`))
      .map((path) => `${path.name}: ${path.method} ${path.shape} is no operation of API.md or DESIGN.md 8`);
    expect(unmatched).toEqual([]);
    // Each noun module builds paths; the count guards against a test that checks nothing.
    expect([...modules].filter(([, count]) => count === 0).map(([file]) => `${file} builds no path`)).toEqual([]);
    expect(modules.size).toBeGreaterThanOrEqual(15);
    expect(paths.length).toBeGreaterThanOrEqual(60);
  });

  it("finds a path no operation matches, and names it", () => {
    // The check above on a path the API does not have: a section read alone (4.13 lists no GET of one).
    const known = new Set(operations.map((operation) => `${operation.method} ${operation.shape}`));
    expect(known.has("GET /v1/orgs/{}/sites/{}/sections/{}")).toBe(false);
    expect(known.has("PATCH /v1/orgs/{}/sites/{}/sections/{}")).toBe(true);
    expect(known.has("GET /v1/orgs/{}/teams/{}/members")).toBe(true);
  });
});

/** Every literal segment of every operation: `orgs`, `site-spaces`, `move`... */
const SEGMENTS = new Set(operations.flatMap((operation) => operation.shape.split("/").filter((segment) => segment !== "" && segment !== "v1" && segment !== "{}")));
/** The first segment of every operation: an array starting with one is a path. */
const ROOTS = new Set(operations.map((operation) => operation.shape.split("/")[2]));

function providerSources(directory = join(root, "provider")): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return ["dist", "node_modules"].includes(entry.name) ? [] : providerSources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Whether an array element stands for an id or a path (not another literal or a computed value). */
const isIdOrPath = (node: ts.Node) =>
  ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isSpreadElement(node) || ts.isCallExpression(node);

/** Where `source` spells an API path itself, or declares an API response type. */
function readingsOfTheApi(file: string, source: string): string[] {
  const found: string[] = [];
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const at = (node: ts.Node) => `${relative(root, file)}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && /^Api[A-Z]/.test(node.name.text)) {
      found.push(`${at(node)} declares ${node.name.text}`);
    }
    if (ts.isArrayLiteralExpression(node)) {
      const [first] = node.elements;
      const startsAtRoot = first !== undefined && ts.isStringLiteral(first) && ROOTS.has(first.text) && (first.text === "orgs" || node.elements.length > 1);
      const mixesIds = node.elements.some(isIdOrPath);
      for (const element of node.elements) {
        if (ts.isStringLiteral(element) && SEGMENTS.has(element.text) && (startsAtRoot || mixesIds)) found.push(`${at(element)} spells the path segment "${element.text}"`);
      }
    }
    if (ts.isCallExpression(node) && /Path$/.test(node.expression.getText(tree))) {
      for (const argument of node.arguments) {
        if (ts.isStringLiteral(argument) && SEGMENTS.has(argument.text)) found.push(`${at(argument)} spells the path segment "${argument.text}"`);
      }
    }
    if (ts.isTemplateExpression(node)) {
      for (const part of [node.head, ...node.templateSpans.map((span) => span.literal)]) {
        const segment = /(?:^|\/)([\w-]+)\/$/.exec(part.text)?.[1];
        if (segment !== undefined && ROOTS.has(segment)) found.push(`${at(part)} spells the path segment "${segment}" in a template`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** The method each request helper sends (provider/api/requests.ts, the shared lists). */
const HELPER_METHODS: Record<string, string> = {
  getOrUndefined: "GET",
  findListed: "GET",
  listAll: "GET",
  listForRead: "GET",
  readThroughList: "GET",
  paginate: "GET",
  all: "GET",
  item: "GET",
  patchChecked: "PATCH",
  deleteIdempotent: "DELETE",
};

/** The builders a call's callee names: `sitePath`, or both of `(published ? sitePublishPath : siteUnpublishPath)`. */
function buildersNamed(callee: ts.Expression): string[] {
  if (ts.isIdentifier(callee)) return [callee.text];
  if (ts.isParenthesizedExpression(callee)) return buildersNamed(callee.expression);
  if (ts.isConditionalExpression(callee)) return [...buildersNamed(callee.whenTrue), ...buildersNamed(callee.whenFalse)];
  return [];
}

/** Each request sent straight to a builder's path: the method, the builder, where. */
function requestsTo(file: string, source: string, builders: ReadonlySet<string>): { method: string; builder: string; at: string }[] {
  const found: { method: string; builder: string; at: string }[] = [];
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.getText(tree) : undefined;
      const first = node.arguments[0];
      const method = name === "request" ? (first && ts.isStringLiteral(first) ? first.text : undefined) : name === undefined ? undefined : HELPER_METHODS[name];
      if (method !== undefined) {
        for (const argument of node.arguments) {
          if (!ts.isCallExpression(argument)) continue;
          for (const builder of buildersNamed(argument.expression).filter((candidate) => builders.has(candidate))) {
            found.push({ method, builder, at: `${relative(root, file)}:${tree.getLineAndCharacterOfPosition(argument.getStart()).line + 1}` });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** Every path builder of the noun modules, by name, with the methods it declares. */
async function pathBuilders(): Promise<Map<string, readonly string[]>> {
  const methods = new Map<string, readonly string[]>();
  for (const file of readdirSync(apiRoom).filter((name) => name.endsWith(".ts") && !NOT_NOUNS.has(name))) {
    for (const [name, value] of Object.entries((await import(pathToFileURL(join(apiRoom, file)).href)) as Record<string, unknown>)) {
      if (typeof value !== "function" || !Array.isArray((value as Partial<Builder>).methods)) continue;
      expect(methods.has(name), `${name} is exported by two noun modules`).toBe(false);
      methods.set(name, (value as Builder).methods);
    }
  }
  return methods;
}

describe("each builder declares the methods the provider sends to it", () => {
  it("every request made straight to a builder's path uses a method the builder declares", async () => {
    const methods = await pathBuilders();
    const requests = providerSources().flatMap((file) => requestsTo(file, readFileSync(file, "utf8"), new Set(methods.keys())));
    const undeclared = requests
      .filter(({ method, builder }) => !methods.get(builder)!.includes(method))
      .map(({ method, builder, at }) => `${at}: ${method} to ${builder}, which declares ${methods.get(builder)!.join(", ")}`);
    expect(undeclared).toEqual([]);
    // The scan finds the provider's requests (a scan that found none would hold nothing).
    expect(requests.length).toBeGreaterThan(80);
    expect(new Set(requests.map(({ method }) => method))).toEqual(new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]));
  });

  it("reads the method of each way of sending a request", () => {
    const sample = [
      `api.request("PUT", teamsPath(org), { body });`,
      `getOrUndefined(api, sitePath(org, site));`,
      `deleteIdempotent(api, (gone ? sitePublishPath : siteUnpublishPath)(org, site));`,
      `ctx.lists.all(siteSectionsPath(org, site));`,
      `notARequest(teamPath(org, team));`,
    ].join("\n");
    const builders = new Set(["teamsPath", "sitePath", "sitePublishPath", "siteUnpublishPath", "siteSectionsPath", "teamPath"]);
    expect(requestsTo(join(root, "provider", "sample.ts"), sample, builders).map(({ method, builder }) => `${method} ${builder}`)).toEqual([
      "PUT teamsPath",
      "GET sitePath",
      "DELETE sitePublishPath",
      "DELETE siteUnpublishPath",
      "GET siteSectionsPath",
    ]);
  });
});

/** The request helpers a noun module's reads are made of (provider/api/requests.ts). */
const READ_HELPERS = new Set(["getOrUndefined", "findListed", "listAll", "listForRead", "readThroughList"]);

/** Where `source` calls a read helper itself instead of a noun module's call (`listSites`, `getTeam`...). */
function helperReads(file: string, source: string): string[] {
  const found: string[] = [];
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && READ_HELPERS.has(node.expression.text)) {
      found.push(`${relative(root, file)}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1} calls ${node.expression.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe("nothing outside provider/api/ reads the API on its own", () => {
  it("no file reads a list or an object through the request helpers: each noun module's calls do (one list or read written once)", () => {
    const files = providerSources().filter((file) => !file.startsWith(apiRoom));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => helperReads(file, readFileSync(file, "utf8")))).toEqual([]);
  });

  it("finds each read helper called by hand, and not a noun module's call", () => {
    const sample = [
      `const a = await listAll<ApiSite>(api, sitesPath(org));`,
      `const b = await readThroughList(ctx, teamsPath(org), id, () => getOrUndefined(ctx.api, teamPath(org, id)));`,
      `const c = await findListed(api, siteSpacesPath(org, site), id);`,
      `const d = await listForRead(ctx, siteSectionsPath(org, site));`,
      `const e = await listSites(api, org);`,
      `const f = await readTeamThroughList(ctx, org, id);`,
    ].join("\n");
    expect(helperReads(join(root, "provider", "sample.ts"), sample).map((line) => line.replace(/^provider\/sample\.ts:/, ""))).toEqual([
      "1 calls listAll",
      "2 calls readThroughList",
      "2 calls getOrUndefined",
      "3 calls findListed",
      "4 calls listForRead",
    ]);
  });

  it("no file spells an API path segment in a path, nor declares an Api<Noun> type", () => {
    // provider/client is the HTTP client under every noun: its ApiError types are no response.
    const files = providerSources().filter((file) => !file.startsWith(apiRoom) && !file.startsWith(join(root, "provider", "client")));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => readingsOfTheApi(file, readFileSync(file, "utf8")))).toEqual([]);
  });

  it("finds each way of spelling a path by hand", () => {
    const sample = [
      `interface ApiTeam { id: string }`,
      `type ApiSite = { id: string };`,
      `const a = ["orgs", organizationId, "site-spaces"];`,
      `const b = [...teamPath(org, team), "members"];`,
      `const c = sitePath(org, site, "sections");`,
      `const d = api.paginate(["orgs"]);`,
      `const e = error.path.endsWith(\`/orgs/\${organizationId}\`);`,
      // Not paths: a key list, a tuple of a key and a computed value, a message.
      `const f = { keys: ["spaces"] };`,
      `const g = ["sections", sections.length > 0 ? list(sections) : undefined];`,
      `const h = "the site-spaces of the site";`,
    ].join("\n");
    const found = readingsOfTheApi(join(root, "provider", "sample.ts"), sample).map((line) => line.replace(/^provider\/sample\.ts:/, ""));
    expect(found).toEqual([
      "1 declares ApiTeam",
      "2 declares ApiSite",
      '3 spells the path segment "orgs"',
      '3 spells the path segment "site-spaces"',
      '4 spells the path segment "members"',
      '5 spells the path segment "sections"',
      '6 spells the path segment "orgs"',
      '7 spells the path segment "orgs" in a template',
    ]);
  });
});

/** The request helpers a noun module's writes are made of (provider/api/requests.ts). */
const WRITE_HELPERS = new Set(["patchChecked", "deleteIdempotent"]);

/**
 * Where `source` writes to the API itself instead of through a noun module's call (`updateSite`,
 * `deleteTeam`...): a write helper called, a request sent naming its method, a path builder named.
 */
function writesByHand(file: string, source: string, builders: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const at = (node: ts.Node) => `${relative(root, file)}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      const [first] = node.arguments;
      if (name !== undefined && WRITE_HELPERS.has(name)) found.push(`${at(node)} calls ${name}`);
      if (name === "request" && first !== undefined && ts.isStringLiteral(first)) found.push(`${at(node)} sends a ${first.text} itself`);
    }
    if (ts.isIdentifier(node) && builders.has(node.text)) found.push(`${at(node)} names the path builder ${node.text}`);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe("nothing outside provider/api/ writes to the API on its own", () => {
  it("no file calls a write helper, sends a request naming its method, or names a path builder: each noun module's calls do", async () => {
    const builders = new Set((await pathBuilders()).keys());
    expect(builders.size).toBeGreaterThanOrEqual(40);
    // provider/client is the HTTP client under every noun: it sends what the noun modules ask.
    const files = providerSources().filter((file) => !file.startsWith(apiRoom) && !file.startsWith(join(root, "provider", "client")));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => writesByHand(file, readFileSync(file, "utf8"), builders))).toEqual([]);
  });

  it("the noun modules hold the writes: the guard above has something to move away from", () => {
    const writes = readdirSync(apiRoom)
      .filter((name) => name.endsWith(".ts") && !NOT_NOUNS.has(name))
      .flatMap((name) => writesByHand(join(apiRoom, name), readFileSync(join(apiRoom, name), "utf8"), new Set()));
    expect(writes.filter((line) => / calls (patchChecked|deleteIdempotent)$/.test(line)).length).toBeGreaterThanOrEqual(25);
    expect(writes.filter((line) => / sends a (POST|PUT|PATCH) itself$/.test(line)).length).toBeGreaterThanOrEqual(20);
  });

  it("finds each way of writing by hand, and not a noun module's call", () => {
    const sample = [
      `import { sitePath, updateSite } from "../api/sites";`,
      `const a = await patchChecked<ApiSite>(api, sitePath(org, site), { title });`,
      `await deleteIdempotent(ctx.api, path);`,
      `await ctx.api.request<ApiTeam>("PUT", path, { body, idempotent: false });`,
      `const b = (published ? sitePublishPath : siteUnpublishPath)(org, site);`,
      `const c = await updateSite(api, org, site, { title });`,
      `const d = await deleteTeam(ctx.api, org, team);`,
      // Not a write by hand: a requester passing on what it is given.
      `const e = { request: (method, path, options) => api.request(method, path, options) };`,
    ].join("\n");
    const builders = new Set(["sitePath", "sitePublishPath", "siteUnpublishPath"]);
    expect(writesByHand(join(root, "provider", "sample.ts"), sample, builders).map((line) => line.replace(/^provider\/sample\.ts:/, ""))).toEqual([
      "1 names the path builder sitePath",
      "2 calls patchChecked",
      "2 names the path builder sitePath",
      "3 calls deleteIdempotent",
      "4 sends a PUT itself",
      "5 names the path builder sitePublishPath",
      "5 names the path builder siteUnpublishPath",
    ]);
  });
});
