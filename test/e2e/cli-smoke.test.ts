// The Pulumi CLI, its Node.js language host and the dynamic-provider plugin, driven as child
// processes over a real program with a trivial inline dynamic resource. This proves the engine
// setup itself, independently of the project's resources.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePulumi, requiredPulumiVersion } from "../pulumi-cli/ensure-pulumi.ts";
import { changeCounts, changedSteps, createStack, type TestStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";

const execFileAsync = promisify(execFile);
const e2eTimeout = 5 * 60_000;

const projectFiles = (name: string, program: string): Record<string, string> => ({
  "Pulumi.yaml": `name: ${name}\nruntime:\n  name: nodejs\n`,
  // CommonJS, like most user programs (the repository root is an ES module package).
  "package.json": `${JSON.stringify({ name, private: true, main: "index.ts", type: "commonjs" }, null, 2)}\n`,
  "index.ts": program,
});

// A resource whose provider is an object literal in the program: the engine serializes it into
// the state and runs it in the dynamic-provider plugin.
const greetingProgram = `import * as pulumi from "@pulumi/pulumi";

const shape = (message: string) => ({ message, length: message.length });

const provider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: "greeting-" + inputs.message.length, outs: shape(inputs.message) };
  },
  async diff(_id, olds, news) {
    return { changes: olds.message !== news.message };
  },
  async update(_id, _olds, news) {
    return { outs: shape(news.message) };
  },
  async read(id, props) {
    return { id, props };
  },
};

class Greeting extends pulumi.dynamic.Resource {
  declare readonly message: pulumi.Output<string>;
  declare readonly length: pulumi.Output<number>;
  constructor(name: string, message: pulumi.Input<string>) {
    super(provider, name, { message, length: undefined }, {}, "smoke", "Greeting");
  }
}

const greeting = new Greeting("greeting", new pulumi.Config().require("message"));
export const message = greeting.message;
export const length = greeting.length;
`;

describe("the Pulumi CLI", () => {
  it(
    "is the version of @pulumi/pulumi, with its language host and dynamic-provider plugin beside it",
    async () => {
      const installation = await ensurePulumi();
      expect(installation.version).toBe(requiredPulumiVersion());
      const { stdout } = await execFileAsync(installation.pulumi, ["version"], {
        env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
      });
      expect(stdout.trim()).toBe(`v${installation.version}`);
      for (const executable of ["pulumi", "pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"]) {
        await fs.access(path.join(installation.binDir, executable), fs.constants.X_OK);
      }
    },
    e2eTimeout,
  );

  it("runs 4 x the CPU count of resource operations at once by default, and PULUMI_PARALLEL sets it (docs/configuration.md, Large stacks)", async () => {
    const installation = await ensurePulumi();
    const defaultParallel = async (extra: NodeJS.ProcessEnv) => {
      const { stdout } = await execFileAsync(installation.pulumi, ["up", "--help"], { env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true", PULUMI_PARALLEL: "", ...extra } });
      return Number(/--parallel int32 .*\(default (\d+)\)/.exec(stdout)?.[1]);
    };
    // The CLI counts GOMAXPROCS, the CPUs this process may use.
    expect(await defaultParallel({})).toBe(4 * os.availableParallelism());
    expect(await defaultParallel({ PULUMI_PARALLEL: "3" })).toBe(3);
  });
});

describe("a dynamic resource through the real engine", () => {
  let stack: TestStack;
  let greetingUrn: string;

  beforeAll(async () => {
    const programDir = await writeProgram("cli-smoke", projectFiles("cli-smoke", greetingProgram));
    stack = await createStack({ programDir, config: { message: "hello" } });
  }, e2eTimeout);

  afterAll(async () => {
    await stack?.remove();
  }, e2eTimeout);

  it(
    "up creates it and its outputs are readable",
    async () => {
      await stack.up();
      expect(await stack.outputs()).toEqual({ message: "hello", length: 5 });
      const { deployment } = await stack.exportState();
      const greeting = deployment.resources?.find((resource) => resource.type === "pulumi-nodejs:dynamic/smoke:Greeting");
      expect(greeting?.id).toBe("greeting-5");
      greetingUrn = String(greeting?.urn);
    },
    e2eTimeout,
  );

  it(
    "preview then shows no changes",
    async () => {
      const preview = await stack.preview();
      expect(changedSteps(preview)).toEqual([]);
      expect(changeCounts(preview)).toEqual({});
      const strict = await stack.run(["preview", "--expect-no-changes"]);
      expect(strict.exitCode, strict.stdout + strict.stderr).toBe(0);
    },
    e2eTimeout,
  );

  it(
    "a changed input shows as an update of that resource, and up applies it",
    async () => {
      await stack.setConfig("message", "hello, world");
      const preview = await stack.preview();
      expect(changedSteps(preview).map((step) => [step.op, step.urn])).toEqual([["update", greetingUrn]]);
      await stack.up();
      expect(await stack.outputs()).toEqual({ message: "hello, world", length: 12 });
    },
    e2eTimeout,
  );

  it(
    "refresh finds no drift",
    async () => {
      expect(changeCounts(await stack.refreshPreview())).toEqual({});
      await stack.refresh();
      expect(await stack.outputs()).toEqual({ message: "hello, world", length: 12 });
    },
    e2eTimeout,
  );

  it(
    "destroy removes it",
    async () => {
      await stack.destroy();
      const { deployment } = await stack.exportState();
      expect(deployment.resources ?? []).toEqual([]);
      expect(await stack.outputs()).toEqual({});
    },
    e2eTimeout,
  );
});

describe("a failing program", () => {
  it(
    "fails the update with the program's error",
    async () => {
      const programDir = await writeProgram("cli-failing", projectFiles("cli-failing", `throw new Error("the program failed on purpose");\n`));
      const stack = await createStack({ programDir });
      try {
        const result = await stack.run(["up", "--yes", "--skip-preview"]);
        expect(result.exitCode).not.toBe(0);
        expect(result.stdout + result.stderr).toContain("the program failed on purpose");
      } finally {
        await stack.remove();
      }
    },
    e2eTimeout,
  );
});
