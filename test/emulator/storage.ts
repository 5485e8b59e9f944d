import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";

/** Every stored object carries its id and the monotonic creation sequence used by page tokens. */
export interface Stored {
  id: string;
  seq: number;
}

/**
 * One JSON document per object, keyed by (kind, id). `scope` is the owner used for listing
 * (an organization, a site, a spec). `seq` only ever grows, which keeps keyset page tokens correct
 * while objects are added or removed between pages.
 */
export class Store {
  readonly db: DatabaseSync;
  #depth = 0;
  readonly #get: StatementSync;
  readonly #insert: StatementSync;
  readonly #update: StatementSync;
  readonly #delete: StatementSync;
  readonly #list: StatementSync;
  readonly #count: StatementSync;

  constructor(path: string) {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    this.db = new DatabaseSync(path);
    if (path !== ":memory:") {
      this.db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    }
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS objects (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        scope TEXT NOT NULL,
        doc TEXT NOT NULL,
        UNIQUE (kind, id)
      );
      CREATE INDEX IF NOT EXISTS objects_by_scope ON objects (kind, scope, seq);
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    this.#get = this.db.prepare("SELECT seq, doc FROM objects WHERE kind = ? AND id = ?");
    this.#insert = this.db.prepare("INSERT INTO objects (kind, id, scope, doc) VALUES (?, ?, ?, ?)");
    this.#update = this.db.prepare("UPDATE objects SET doc = ?, scope = ? WHERE kind = ? AND id = ?");
    this.#delete = this.db.prepare("DELETE FROM objects WHERE kind = ? AND id = ?");
    this.#list = this.db.prepare("SELECT seq, doc FROM objects WHERE kind = ? AND scope = ? ORDER BY seq");
    this.#count = this.db.prepare("SELECT count(*) AS n FROM objects");
  }

  get<T extends Stored>(kind: string, id: string): T | undefined {
    const row = this.#get.get(kind, id) as { seq: number; doc: string } | undefined;
    if (!row) return undefined;
    const doc = JSON.parse(row.doc) as T;
    doc.seq = row.seq;
    return doc;
  }

  /** Inserts a new object and returns it with its sequence number. */
  insert<T extends Stored>(kind: string, scope: string, doc: Omit<T, "seq">): T {
    const result = this.#insert.run(kind, doc.id, scope, JSON.stringify(doc));
    return { ...doc, seq: Number(result.lastInsertRowid) } as T;
  }

  /** Replaces the document of an existing object, keeping its sequence number. */
  update<T extends Stored>(kind: string, scope: string, doc: T): T {
    this.#update.run(JSON.stringify(doc), scope, kind, doc.id);
    return doc;
  }

  delete(kind: string, id: string): boolean {
    return Number(this.#delete.run(kind, id).changes) > 0;
  }

  list<T extends Stored>(kind: string, scope: string): T[] {
    const rows = this.#list.all(kind, scope) as Array<{ seq: number; doc: string }>;
    return rows.map((row) => {
      const doc = JSON.parse(row.doc) as T;
      doc.seq = row.seq;
      return doc;
    });
  }

  /**
   * The emulator's own notes beside the API's objects (the console's recent requests), kept apart
   * so that they never show in a list, count as data or go with a reset.
   */
  getMeta(key: string): string | undefined {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(key, value);
  }

  isEmpty(): boolean {
    return (this.#count.get() as { n: number }).n === 0;
  }

  clear(): void {
    this.db.exec("DELETE FROM objects");
  }

  /** Runs `fn` in one transaction; nested calls join the outer one. */
  tx<R>(fn: () => R): R {
    if (this.#depth > 0) return fn();
    this.db.exec("BEGIN");
    this.#depth++;
    try {
      const result = fn();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    } finally {
      this.#depth--;
    }
  }

  close(): void {
    this.db.close();
  }
}
