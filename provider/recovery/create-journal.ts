/**
 * The create journal: what this machine's provider hosts were creating, kept on disk until the
 * Pulumi state is known to hold the result.
 *
 * The engine records a created object in its state only after `create` returns. When the CLI is
 * killed in between (or while the create request is in flight), the next `pulumi up` drops the
 * interrupted operation and calls `create` again: without a memory of the first attempt, that
 * makes a second object. The journal is that memory. An entry is written before the first create
 * request is sent, gets the object's id as soon as it is known, and is removed once a later diff,
 * read, update or delete of that id shows the state holds it.
 *
 * Entries are keyed by the resource's identity (project, stack, type and name, given by the
 * program), so a stack never takes over an object another stack created. One small JSON file per
 * entry; writes go through a temporary file and a rename, so a crash never leaves half an entry.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface JournalEntry {
  /** The resource's identity: `<project>/<stack>/<kind>/<name>`. */
  key: string;
  kind: string;
  /** When the first create request was about to be sent (epoch ms, this machine's clock). */
  startedAt: number;
  /** The created object's id, once known. */
  id?: string;
}

/** Entries nobody settled (a stack removed by hand, a resource renamed) are dropped after this. */
export const JOURNAL_ENTRY_TTL_MS = 14 * 24 * 3600 * 1000;

/**
 * Where the journal lives: `DOCS_PLATFORM_JOURNAL_DIR`, or `docs-platform/create-journal` under
 * the Pulumi home (`PULUMI_HOME`, default `~/.pulumi`), which is per machine and user, like the
 * CLI's own workspace data.
 */
export function journalDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DOCS_PLATFORM_JOURNAL_DIR) return path.resolve(env.DOCS_PLATFORM_JOURNAL_DIR);
  const home = env.PULUMI_HOME ? path.resolve(env.PULUMI_HOME) : path.join(os.homedir(), ".pulumi");
  return path.join(home, "docs-platform", "create-journal");
}

const fileNameOf = (key: string) => `${createHash("sha256").update(key).digest("hex").slice(0, 40)}.json`;

function isEntry(value: unknown): value is JournalEntry {
  const entry = value as JournalEntry;
  return (
    typeof entry === "object" &&
    entry !== null &&
    typeof entry.key === "string" &&
    typeof entry.kind === "string" &&
    typeof entry.startedAt === "number" &&
    (entry.id === undefined || typeof entry.id === "string")
  );
}

export class CreateJournal {
  readonly directory: string;
  readonly #now: () => number;
  /** `<kind>:<id>` -> file name, for settling by id; loaded on first use. */
  #byId: Map<string, string> | undefined;

  constructor(directory: string, now: () => number = Date.now) {
    this.directory = directory;
    this.#now = now;
  }

  /** The entry of a resource identity, if an earlier attempt left one. */
  lookup(key: string): JournalEntry | undefined {
    const entry = this.#read(fileNameOf(key));
    return entry && entry.key === key ? entry : undefined;
  }

  /** Records that a create is about to be sent. */
  begin(key: string, kind: string): JournalEntry {
    const entry: JournalEntry = { key, kind, startedAt: this.#now() };
    this.#write(entry);
    return entry;
  }

  /** Records the id of the object a create made (or took over). */
  created(entry: JournalEntry, id: string): void {
    this.#write({ ...entry, id });
  }

  /** Forgets a create that is known to have made nothing. */
  abandon(entry: JournalEntry): void {
    this.#remove(fileNameOf(entry.key));
  }

  /** The state holds `kind` `id`: its entry, if any, has done its job. */
  settle(kind: string, id: string): void {
    const index = this.#index();
    const file = index.get(`${kind}:${id}`);
    if (file === undefined) return;
    index.delete(`${kind}:${id}`);
    this.#remove(file);
  }

  #index(): Map<string, string> {
    if (this.#byId) return this.#byId;
    const index = new Map<string, string>();
    let files: string[] = [];
    try {
      files = fs.readdirSync(this.directory).filter((file) => file.endsWith(".json"));
    } catch {
      // No journal yet.
    }
    const oldest = this.#now() - JOURNAL_ENTRY_TTL_MS;
    for (const file of files) {
      const entry = this.#read(file);
      if (!entry || entry.startedAt < oldest) this.#remove(file);
      else if (entry.id !== undefined) index.set(`${entry.kind}:${entry.id}`, file);
    }
    this.#byId = index;
    return index;
  }

  #read(file: string): JournalEntry | undefined {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(path.join(this.directory, file), "utf8"));
      return isEntry(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  #write(entry: JournalEntry): void {
    const file = fileNameOf(entry.key);
    fs.mkdirSync(this.directory, { recursive: true });
    const temporary = path.join(this.directory, `.${file}.${process.pid}.tmp`);
    fs.writeFileSync(temporary, JSON.stringify(entry));
    fs.renameSync(temporary, path.join(this.directory, file));
    if (entry.id !== undefined) this.#byId?.set(`${entry.kind}:${entry.id}`, file);
  }

  #remove(file: string): void {
    fs.rmSync(path.join(this.directory, file), { force: true });
  }
}
