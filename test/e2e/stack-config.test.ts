/**
 * The test stacks' config through the real CLI (test/pulumi-cli/run-pulumi.ts): createStack sets
 * the plain values in one `pulumi config set-all` and each secret alone through stdin, and every
 * value reads back as `pulumi config set` from stdin stores it (one trailing line break dropped);
 * remove() deletes the stack with its state directory.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { assertSucceeded, configSetAllArgs, createStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";

const plain = {
  "docs-platform:apiUrl": "http://127.0.0.1:1/v1?a=b,c=d",
  adopt: JSON.stringify({ id: "team-1/usr-1" }),
  negative: "-1",
  lines: "first\nsecond",
  endsInBreak: "value\n",
  spaces: "  padded  ",
};

describe("a test stack's config", () => {
  it("reads back every plain value and the secret as `config set` stores them, the secret encrypted in the file", { timeout: 120_000 }, async () => {
    const programDir = await writeProgram("stack-config", { "Pulumi.yaml": "name: stack-config\nruntime: yaml\n" });
    const stack = await createStack({ programDir, config: { ...plain, token: { value: "S3cretMark\n", secret: true } } });
    try {
      // The same value set the old way, through stdin, for comparison.
      assertSucceeded(await stack.run(["config", "set", "viaStdin", "--plaintext"], { input: plain.endsInBreak }));
      const all = JSON.parse(assertSucceeded(await stack.run(["config", "--json", "--show-secrets"])).stdout) as Record<string, { value: string; secret: boolean }>;
      const read = (key: string) => all[key.includes(":") ? key : `stack-config:${key}`];
      for (const [key, value] of Object.entries(plain)) expect(read(key), key).toEqual({ value: value.endsWith("\n") ? value.slice(0, -1) : value, secret: false });
      expect(read("endsInBreak").value).toBe(read("viaStdin").value);
      expect(read("token")).toEqual({ value: "S3cretMark", secret: true });
      expect(fs.readFileSync(stack.configFile, "utf8")).not.toContain("S3cretMark");
    } finally {
      await stack.remove();
    }
    expect(fs.existsSync(stack.stateDir)).toBe(false);
  });

  it("set-all takes every value as one argument after --plaintext, keys and values split at the first =", () => {
    expect(configSetAllArgs({ a: "x=y", b: "two\n" })).toEqual(["config", "set-all", "--plaintext", "a=x=y", "--plaintext", "b=two"]);
  });
});
