/** The API's rich-text Document, as requests and answers carry it (translation and agent instructions). */

/**
 * A node inside a block's `nodes`. the API's reference specifies blocks (`object: "block"`), which are
 * checked as blocks at any depth. The nodes that hold the words (`object: "text"`, `"inline"`, ...
 * in the platform's rich text) are not specified there, so they are passed to the API as given:
 * any object whose `object` names its kind.
 */
export type DocumentNode = DocumentBlock | { object: string; [field: string]: unknown };

/** A block of a document. */
export interface DocumentBlock {
  object: "block";
  /** The kind of block, for example `"paragraph"`. */
  type: string;
  key?: string;
  nodes?: DocumentNode[];
  isVoid?: boolean;
  /** Block settings, for example `{ align: "center" }`. */
  data?: Record<string, unknown>;
}

/**
 * A rich-text document. Example, one paragraph:
 *
 * ```ts
 * const instructions: Document = {
 *   object: "document",
 *   data: { schemaVersion: 1 },
 *   nodes: [{
 *     object: "block",
 *     type: "paragraph",
 *     nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Keep product names in English.", marks: [] }] }],
 *   }],
 * };
 * ```
 */
export interface Document {
  object: "document";
  // `data` and `nodes` are described where they are checked: documentInput (domain/document.ts).
  data: { schemaVersion?: number; [property: string]: unknown };
  nodes: DocumentBlock[];
}
