/**
 * An exporter writes every input its kind declares, in the declaration's order, as the plugin's
 * import reads it, and lists only its overrides (provider/walker/kinds/imported.ts): a field
 * added to a kind is exported without touching its exporter.
 */
import { describe, expect, it } from "vitest";
import { type ImportedObject, importedInputs } from "../../provider/walker/kinds/imported.ts";
import { literal, ref } from "../../provider/walker/values.ts";

const owner = { kind: "Widget", id: "w-1" };

function imported(inputs: Record<string, unknown>, state: Record<string, unknown> = inputs): ImportedObject {
  return { inputs, state, refersTo: { parent: "Widget" }, declared: ["organizationId", "title", "parent", "secretKey", "mode", "note", "role", "createOnly", "adopt"] };
}

describe("an exporter's inputs", () => {
  it("are every declared input the import gives, in the declaration's order, a refersTo field as a reference", () => {
    const read = imported({ organizationId: "org-1", mode: "fast", title: "Widget", parent: "w-0", role: "member", note: "" });
    expect(importedInputs(owner, read)).toEqual([
      ["title", literal("Widget")],
      ["parent", ref("Widget", "w-0")],
      ["mode", literal("fast")],
      ["role", literal("member")],
    ]);
  });

  it("apply only the kind's overrides: a secret, a default left out, a null kept, a spelling, an input never written", () => {
    const read = imported(
      { title: "Widget", secretKey: "s3cret", mode: "slow", createOnly: true },
      { title: "Widget", secretKey: "s3cret", mode: "slow", createOnly: true, role: null },
    );
    expect(
      importedInputs(owner, read, {
        title: { as: (value) => literal((value as string).toUpperCase()) },
        secretKey: { secret: true },
        mode: { unless: "slow" },
        role: { keepNull: true },
        createOnly: { never: "used at creation only" },
      }),
    ).toEqual([
      ["title", literal("WIDGET")],
      ["secretKey", { type: "secret", owner, field: "secretKey", value: "s3cret" }],
      ["role", literal(null)],
    ]);
  });

  it("refuse an override of an input the kind does not declare, naming it", () => {
    expect(() => importedInputs(owner, imported({ title: "Widget" }), { titel: { unless: "" } })).toThrow("the Widget exporter overrides titel, which Widget does not declare");
  });
});
