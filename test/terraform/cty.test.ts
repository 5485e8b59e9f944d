/**
 * cty values as msgpack (provider/terraform/cty.ts), byte for byte as go-cty's cty/msgpack (v1.18)
 * writes them. Each vector below was worked out by hand from go-cty's marshal.go (compact ints,
 * float64 floats, attributes sorted, unknown = fixext1 type 0 `d4 00 00`, dynamic = [type JSON as
 * bin, value]) and the msgpack format's tables, then checked against go-cty v1.18.0's own
 * msgpack.Marshal (a throwaway Go program over the module cache: identical bytes for every vector).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/adapter/unknowns.ts";
import { CtyValueError, blockType, decodeDynamicValue, decodeJsonValue, encodeDynamicValue } from "../../provider/terraform/cty.ts";
import type { CtyType } from "../../provider/terraform/schema.ts";
import { resourceTypeOf } from "../../provider/terraform/schema.ts";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const bytes = (text: string) => new Uint8Array(Buffer.from(text.replace(/\s+/g, ""), "hex"));

describe("cty msgpack, byte for byte as go-cty writes it", () => {
  const vectors: { name: string; type: CtyType; value: unknown; wire: string }[] = [
    { name: "a string", type: "string", value: "hi", wire: "a2 68 69" },
    { name: "null of any type", type: ["list", "string"], value: null, wire: "c0" },
    { name: "an unknown (fixext1, type 0, one zero byte)", type: "string", value: UNKNOWN, wire: "d4 00 00" },
    { name: "true", type: "bool", value: true, wire: "c3" },
    { name: "a positive fixint", type: "number", value: 1, wire: "01" },
    { name: "a negative fixint", type: "number", value: -1, wire: "ff" },
    { name: "a uint16 (compact: the smallest unsigned form)", type: "number", value: 300, wire: "cd 01 2c" },
    { name: "an int16", type: "number", value: -200, wire: "d1 ff 38" },
    { name: "a float64, never float32", type: "number", value: 1.5, wire: "cb 3f f8 00 00 00 00 00 00" },
    { name: "a list", type: ["list", "string"], value: ["a"], wire: "91 a1 61" },
    { name: "a set", type: ["set", "number"], value: [1, 2], wire: "92 01 02" },
    { name: "a map, keys sorted", type: ["map", "bool"], value: { b: true, a: false }, wire: "82 a1 61 c2 a1 62 c3" },
    // Attributes in sorted order, an unset one as nil.
    { name: "an object", type: ["object", { b: "string", a: "string" }], value: { a: "x", b: null }, wire: "82 a1 61 a1 78 a1 62 c0" },
    { name: "an object with an unknown attribute", type: ["object", { id: "string" }], value: { id: UNKNOWN }, wire: "81 a2 69 64 d4 00 00" },
    // [bin8 of `"string"` (8 bytes), the value].
    { name: "a dynamic string", type: "dynamic", value: "x", wire: "92 c4 08 22 73 74 72 69 6e 67 22 a1 78" },
    { name: "a dynamic unknown (no type wrapper)", type: "dynamic", value: UNKNOWN, wire: "d4 00 00" },
    { name: "a tuple", type: ["tuple", ["string", "bool"]], value: ["a", true], wire: "92 a1 61 c3" },
  ];

  for (const vector of vectors) {
    it(`encodes ${vector.name}`, () => {
      expect(hex(encodeDynamicValue(vector.value, vector.type))).toBe(vector.wire.replace(/\s+/g, ""));
    });
    it(`decodes ${vector.name}`, () => {
      expect(decodeDynamicValue(bytes(vector.wire), vector.type)).toEqual(vector.value);
    });
  }

  it("decodes a dynamic object value with its type", () => {
    const type = JSON.stringify(["object", { a: "number", b: ["list", "string"] }]);
    const wire = new Uint8Array([0x92, 0xc4, type.length, ...Buffer.from(type), ...bytes("82 a1 61 05 a1 62 91 a1 7a")]);
    expect(decodeDynamicValue(wire, "dynamic")).toEqual({ a: 5, b: ["z"] });
    expect(decodeDynamicValue(encodeDynamicValue({ a: 5, b: ["z"] }, "dynamic"), "dynamic")).toEqual({ a: 5, b: ["z"] });
  });

  it("reads a refined unknown (extension type 12 with a refinement map) as an unknown", () => {
    // go-cty's `cty.UnknownVal(cty.String).RefineNotNull()`: ext8 (c7), 3 bytes, type 12, the map {1: false}.
    expect(decodeDynamicValue(bytes("c7 03 0c 81 01 c2"), "string")).toBe(UNKNOWN);
    expect(decodeDynamicValue(bytes("81 a2 69 64 c7 03 0c 81 01 c2"), ["object", { id: "string" }])).toEqual({ id: UNKNOWN });
  });

  it("reads numbers in every form cty writes them", () => {
    expect(decodeDynamicValue(bytes("cc ff"), "number")).toBe(255);
    expect(decodeDynamicValue(bytes("d0 80"), "number")).toBe(-128);
    expect(decodeDynamicValue(bytes("ca 3f c0 00 00"), "number")).toBe(1.5);
    expect(decodeDynamicValue(bytes("cf 00 00 00 00 00 00 00 2a"), "number")).toBe(42);
    // 2^63 - 1 as int64: no JS number holds it exactly, so it stays a decimal string.
    expect(decodeDynamicValue(bytes("d3 7f ff ff ff ff ff ff ff"), "number")).toBe("9223372036854775807");
    // Too large for int64: go-cty writes the decimal string.
    const big = "123456789012345678901234567890";
    expect(decodeDynamicValue(encodeDynamicValue(big, "number"), "number")).toBe(big);
    expect(hex(encodeDynamicValue(big, "number"))).toBe(`be${Buffer.from(big).toString("hex")}`);
    expect(decodeDynamicValue(encodeDynamicValue("2.5", "number"), "number")).toBe(2.5);
  });

  it("gives every attribute of an object, null where the bytes leave it out", () => {
    expect(decodeDynamicValue(bytes("80"), ["object", { a: "string", b: ["list", "string"] }])).toEqual({ a: null, b: null });
    expect(decodeDynamicValue(bytes("81 a1 62 91 a1 61"), ["object", { a: "string", b: ["list", "string"] }, ["a"]])).toEqual({ a: null, b: ["a"] });
  });

  it("refuses a value that does not fit its type, naming where, never showing the value", () => {
    expect(() => encodeDynamicValue({ a: 5 }, ["object", { a: "string" }])).toThrow(new CtyValueError(["a"], "expected a string, got a number"));
    expect(() => encodeDynamicValue({ a: "x", secret: "hunter2" }, ["object", { a: "string" }])).toThrow(/secret: is no attribute of the object's type/);
    expect(() => encodeDynamicValue({ list: ["x", 3] }, ["object", { list: ["list", "string"] }])).toThrow(/^list\[1\]: expected a string, got a number$/);
    expect(() => decodeDynamicValue(bytes("81 a1 7a 01"), ["object", { a: "string" }])).toThrow(/z: is no attribute/);
    expect(() => decodeDynamicValue(bytes("a2 68 69"), "number")).toThrow(/expected a number, got a string/);
    expect(() => decodeDynamicValue(bytes("a2 68 69"), "bool")).not.toThrow(/hi/);
  });

  it("round-trips a SiteCustomization's state through its block's type", () => {
    const block = resourceTypeOf("SiteCustomization")!.block;
    const type = blockType(block);
    const empty = Object.fromEntries(block.attributes.map((attribute) => [attribute.name, null]));
    const value = {
      ...empty,
      organization_id: "org_1",
      site_id: "site_1",
      id: UNKNOWN,
      title: "Acme Docs",
      page_actions: { external_ai: true, markdown: null, mcp: false },
      header: {
        logo: null,
        primary_link: null,
        links: [
          { title: "Status", to: { kind: "url", url: "https://status.acme.test", page: null, space: null, file: null, spec: null }, style: null, links: null, condition: null },
        ],
      },
    };
    expect(decodeDynamicValue(encodeDynamicValue(value, type), type)).toEqual(value);
  });

  it("round-trips any value of a generated type", () => {
    const leaf = fc.constantFrom<CtyType>("string", "number", "bool");
    const typeArbitrary: fc.Arbitrary<CtyType> = fc.letrec<{ type: CtyType }>((tie) => ({
      type: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc.tuple(fc.constantFrom("list", "set", "map"), tie("type")).map(([name, element]) => [name, element] as CtyType),
        fc.dictionary(fc.stringMatching(/^[a-z_]{1,6}$/), tie("type"), { maxKeys: 4 }).map((attributes) => ["object", attributes] as CtyType),
      ),
    })).type;
    const valueOf = (type: CtyType): fc.Arbitrary<unknown> => {
      const present = (() => {
        if (type === "string") return fc.string();
        if (type === "number")
          return fc.oneof(
            fc.integer(),
            fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
          );
        if (type === "bool") return fc.boolean();
        const [name, inner] = type as [string, unknown];
        if (name === "list" || name === "set") return fc.array(valueOf(inner as CtyType), { maxLength: 3 });
        if (name === "map") return fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), valueOf(inner as CtyType), { maxKeys: 3 });
        const attributes = inner as Record<string, CtyType>;
        return fc.record(Object.fromEntries(Object.entries(attributes).map(([key, attribute]) => [key, valueOf(attribute)])));
      })();
      return fc.oneof({ weight: 6, arbitrary: present }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant(UNKNOWN) });
    };
    fc.assert(
      fc.property(
        typeArbitrary.chain((type) => fc.tuple(fc.constant(type), valueOf(type))),
        ([type, value]) => {
          expect(decodeDynamicValue(encodeDynamicValue(value, type), type)).toEqual(value);
          // Dynamic: the type travels with the value (objects and lists become objects and tuples, same JS value).
          expect(decodeDynamicValue(encodeDynamicValue(value, "dynamic"), "dynamic")).toEqual(value);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("cty JSON, as a state is stored", () => {
  const type: CtyType = ["object", { id: "string", count: "number", on: "bool", tags: ["set", "string"], extra: "dynamic" }];

  it("reads go-cty's JSON: every attribute, dynamic as {value, type}, primitives as go-cty converts them", () => {
    const json = JSON.stringify({ id: "team_1", count: "3", on: "true", tags: ["a"], extra: { value: { a: 1 }, type: ["object", { a: "number" }] } });
    expect(decodeJsonValue(json, type)).toEqual({ id: "team_1", count: 3, on: true, tags: ["a"], extra: { a: 1 } });
    expect(decodeJsonValue(new TextEncoder().encode('{"id": 5}'), type)).toEqual({ id: "5", count: null, on: null, tags: null, extra: null });
  });

  it("fails on an attribute the type lacks, or drops it for a state of an older schema", () => {
    const old = '{"id": "team_1", "removed_attribute": "x"}';
    expect(() => decodeJsonValue(old, type)).toThrow(/removed_attribute: is no attribute/);
    expect(decodeJsonValue(old, type, { dropUnknownAttributes: true })).toMatchObject({ id: "team_1" });
  });

  it("never shows the text it could not read", () => {
    expect(() => decodeJsonValue('{"token": "hunter2"', type)).toThrow(/^the value is not valid JSON$/);
  });
});
