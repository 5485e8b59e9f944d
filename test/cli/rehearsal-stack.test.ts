/**
 * `pulumi-docs-platform rehearsal-stack` (issue 39, item 6): the state of a real stack renamed for
 * a rehearsal stack (its URNs, the root Stack resource) with every ciphertext kept as it is, the
 * passphrase salt carried over, any other secrets provider refused by name, and the pulumi commands
 * it runs (a fake pulumi here; test/e2e/rehearse-by-hand.test.ts runs the real one).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  RehearsalStackError,
  type UntypedState,
  createRehearsalStack,
  findProject,
  renameState,
  renameUrn,
  secretsSettings,
  shortStackName,
} from "../../provider/cli/rehearsal-stack.ts";

const CIPHERTEXT = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: "v1:fMPepvYlBbxweY2J:xju5DdzSoZhu3kTYpYcxFSSmroWkY/14GWKrKTYKL+pEjQ==" };
const SALT = "v1:OAZ+QAfifh0=:v1:FSdJHVJJo/Z3HvHP:FFCwbUQxbobZDGVjDUJfbo8S99EBtw==";
const STACK = "urn:pulumi:prod::site::pulumi:pulumi:Stack::site-prod";
const PROVIDER = "urn:pulumi:prod::site::pulumi:providers:pulumi-nodejs::default";

/** A state as `pulumi stack export --stack prod` prints it, of a project `site`. */
function prodState(): UntypedState {
  return {
    version: 3,
    deployment: {
      manifest: { time: "2026-11-28T00:00:00Z", magic: "m", version: "v3.259.0" },
      secrets_providers: { type: "passphrase", state: { salt: SALT } },
      resources: [
        {
          urn: STACK,
          custom: false,
          type: "pulumi:pulumi:Stack",
          outputs: { probe: CIPHERTEXT, team: { urn: "urn:pulumi:prod::site::pulumi-nodejs:dynamic/docs-platform:Team::writers", id: "t1" } },
        },
        { urn: PROVIDER, custom: true, id: "0b6c", type: "pulumi:providers:pulumi-nodejs", parent: STACK },
        {
          urn: "urn:pulumi:prod::site::pulumi-nodejs:dynamic/docs-platform:Team::writers",
          custom: true,
          id: "t1",
          type: "pulumi-nodejs:dynamic/docs-platform:Team",
          parent: STACK,
          provider: `${PROVIDER}::0b6c`,
          inputs: { title: "Writers", note: "urn:pulumi:prod is text, not a URN of the stack" },
          outputs: { title: "Writers", secret: CIPHERTEXT },
        },
        {
          urn: "urn:pulumi:prod::site::my:Component$pulumi-nodejs:dynamic/docs-platform:Space::guides",
          custom: true,
          id: "s1",
          type: "pulumi-nodejs:dynamic/docs-platform:Space",
          parent: "urn:pulumi:prod::site::my:Component::docs",
          provider: `${PROVIDER}::0b6c`,
          dependencies: ["urn:pulumi:prod::site::pulumi-nodejs:dynamic/docs-platform:Team::writers"],
          propertyDependencies: { team: ["urn:pulumi:prod::site::pulumi-nodejs:dynamic/docs-platform:Team::writers"] },
          aliases: ["urn:pulumi:prod::site::pulumi-nodejs:dynamic/docs-platform:Space::guides"],
        },
      ],
    },
  };
}

describe("renameUrn", () => {
  it("renames the stack of a URN, and the root Stack resource's name", () => {
    expect(renameUrn(STACK, "site", "prod", "rehearsal")).toBe("urn:pulumi:rehearsal::site::pulumi:pulumi:Stack::site-rehearsal");
    expect(renameUrn("urn:pulumi:prod::site::pulumi-nodejs:dynamic/docs-platform:Team::writers", "site", "prod", "rehearsal")).toBe(
      "urn:pulumi:rehearsal::site::pulumi-nodejs:dynamic/docs-platform:Team::writers",
    );
    expect(renameUrn("urn:pulumi:prod::site::my:Component$pulumi-nodejs:dynamic/docs-platform:Space::guides", "site", "prod", "rehearsal")).toBe(
      "urn:pulumi:rehearsal::site::my:Component$pulumi-nodejs:dynamic/docs-platform:Space::guides",
    );
  });

  it("keeps a provider reference's id", () => {
    expect(renameUrn(`${PROVIDER}::0b6c`, "site", "prod", "rehearsal")).toBe("urn:pulumi:rehearsal::site::pulumi:providers:pulumi-nodejs::default::0b6c");
  });

  it("renames only the root Stack named after the project and stack, and names with `::` in them stay whole", () => {
    // A resource of another type named like the root stays named so.
    expect(renameUrn("urn:pulumi:prod::site::docs:Team::site-prod", "site", "prod", "rehearsal")).toBe("urn:pulumi:rehearsal::site::docs:Team::site-prod");
    expect(renameUrn("urn:pulumi:prod::site::docs:Team::a::b", "site", "prod", "rehearsal")).toBe("urn:pulumi:rehearsal::site::docs:Team::a::b");
  });

  it("leaves other stacks', other projects' URNs and any other text as they are", () => {
    for (const text of ["urn:pulumi:production::site::docs:Team::x", "urn:pulumi:prod::other::docs:Team::x", "urn:pulumi:prod", "Writers", ""]) {
      expect(renameUrn(text, "site", "prod", "rehearsal")).toBe(text);
    }
  });
});

describe("renameState", () => {
  it("renames every URN of the stack and leaves everything else byte for byte, ciphertexts included", () => {
    const renamed = renameState(prodState(), "site", "prod", "rehearsal");
    const text = JSON.stringify(renamed);
    expect(text).not.toMatch(/urn:pulumi:prod::/);
    expect(text).not.toContain("site-prod");
    const [stack, provider, team, space] = renamed.deployment!.resources!;
    expect(stack.urn).toBe("urn:pulumi:rehearsal::site::pulumi:pulumi:Stack::site-rehearsal");
    expect((stack.outputs as { team: { urn: string } }).team.urn).toBe("urn:pulumi:rehearsal::site::pulumi-nodejs:dynamic/docs-platform:Team::writers");
    expect(provider.parent).toBe(stack.urn);
    expect(team.provider).toBe("urn:pulumi:rehearsal::site::pulumi:providers:pulumi-nodejs::default::0b6c");
    expect(space.parent).toBe("urn:pulumi:rehearsal::site::my:Component::docs");
    expect(space.dependencies).toEqual(["urn:pulumi:rehearsal::site::pulumi-nodejs:dynamic/docs-platform:Team::writers"]);
    expect(space.propertyDependencies).toEqual({ team: ["urn:pulumi:rehearsal::site::pulumi-nodejs:dynamic/docs-platform:Team::writers"] });
    expect(space.aliases).toEqual(["urn:pulumi:rehearsal::site::pulumi-nodejs:dynamic/docs-platform:Space::guides"]);
    // Secrets: the same ciphertext objects, the same secrets provider; ids and inputs unchanged.
    expect((stack.outputs as { probe: unknown }).probe).toEqual(CIPHERTEXT);
    expect((team.outputs as { secret: unknown }).secret).toEqual(CIPHERTEXT);
    expect(renamed.deployment!.secrets_providers).toEqual({ type: "passphrase", state: { salt: SALT } });
    expect(team.id).toBe("t1");
    expect(team.inputs).toEqual({ title: "Writers", note: "urn:pulumi:prod is text, not a URN of the stack" });
    expect(renamed.deployment!.manifest).toEqual(prodState().deployment!.manifest);
  });

  it("renamed back, is the state it was", () => {
    const there = renameState(prodState(), "site", "prod", "rehearsal");
    expect(renameState(there, "site", "rehearsal", "prod")).toEqual(prodState());
  });
});

describe("secretsSettings", () => {
  it("the passphrase provider: its salt, for the new stack's encryptionsalt", () => {
    expect(secretsSettings(prodState(), "prod")).toEqual({ encryptionsalt: SALT });
  });

  it("no secrets provider: nothing to carry", () => {
    expect(secretsSettings({ version: 3, deployment: { resources: [] } }, "prod")).toEqual({});
  });

  it("any other provider is refused, naming it, rather than decrypted", () => {
    const under = (provider: Record<string, unknown>) => () => secretsSettings({ version: 3, deployment: { secrets_providers: provider, resources: [] } }, "prod");
    expect(under({ type: "service", state: { url: "https://api.pulumi.com", owner: "acme", project: "site", stack: "prod" } })).toThrow(
      /the state of prod is encrypted by the "service" secrets provider; rehearsal-stack copies only a state under the passphrase provider/,
    );
    expect(under({ type: "cloud", state: { url: "awskms://alias/docs?region=eu-west-1", encryptedkey: "AQID" } })).toThrow(/"cloud" secrets provider \(awskms:\/\/alias\/docs\)/);
    expect(under({ type: "passphrase", state: {} })).toThrow(RehearsalStackError);
  });
});

describe("shortStackName and findProject", () => {
  it("a fully qualified stack's own name", () => {
    expect(shortStackName("acme/site/prod")).toBe("prod");
    expect(shortStackName("prod")).toBe("prod");
  });
});

describe("createRehearsalStack, with a fake pulumi", () => {
  let dir: string;
  let calls: string[][];
  let configAtInit: string | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rehearsal-stack-test-"));
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: site # the project\nruntime: nodejs\n");
    calls = [];
    configAtInit = undefined;
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const fake =
    (importCode = 0, state: UntypedState = prodState()) =>
    (args: string[]) => {
      calls.push(args);
      if (args[0] === "stack" && args[1] === "export") return { code: 0, stdout: JSON.stringify(state), stderr: "" };
      if (args[0] === "stack" && args[1] === "init") {
        configAtInit = fs.existsSync(path.join(dir, "Pulumi.rehearsal.yaml")) ? fs.readFileSync(path.join(dir, "Pulumi.rehearsal.yaml"), "utf8") : undefined;
        return { code: 0, stdout: "Created stack 'rehearsal'\n", stderr: "" };
      }
      if (args[0] === "stack" && args[1] === "import") {
        const imported = JSON.parse(fs.readFileSync(args[args.indexOf("--file") + 1], "utf8")) as UntypedState;
        expect(JSON.stringify(imported)).toBe(JSON.stringify(renameState(state, "site", "prod", "rehearsal")));
        return importCode === 0 ? { code: 0, stdout: "Import complete.\n", stderr: "" } : { code: importCode, stdout: "", stderr: "error: the import failed" };
      }
      return { code: 0, stdout: "", stderr: "" };
    };

  it("exports without --show-secrets, writes the salt before init, copies the config, imports the renamed state", () => {
    const lines: string[] = [];
    const result = createRehearsalStack({ from: "prod", to: "rehearsal", cwd: dir, pulumi: fake(), log: (line) => lines.push(line) });
    expect(calls.map((args) => args.slice(0, 2).join(" "))).toEqual(["stack export", "stack init", "stack import"]);
    expect(calls.flat()).not.toContain("--show-secrets");
    expect(calls[0]).toEqual(["stack", "export", "--stack", "prod"]);
    expect(calls[1]).toEqual(["stack", "init", "rehearsal", "--secrets-provider", "passphrase", "--copy-config-from", "prod", "--no-select"]);
    expect(configAtInit).toBe(`encryptionsalt: ${SALT}\n`);
    expect(result).toEqual({ resources: 4, configFile: path.join(dir, "Pulumi.rehearsal.yaml") });
    expect(lines.join("\n")).toContain("created rehearsal from prod: 4 resources");
    // The file handed to import is gone.
    expect(fs.existsSync(calls[2][calls[2].indexOf("--file") + 1])).toBe(false);
  });

  it("a failed import leaves nothing behind: the stack removed, its config file too", () => {
    expect(() => createRehearsalStack({ from: "prod", to: "rehearsal", cwd: dir, pulumi: fake(1), log: () => {} })).toThrow(
      /pulumi stack import --stack rehearsal failed:\nerror: the import failed/,
    );
    expect(calls.at(-1)).toEqual(["stack", "rm", "rehearsal", "--yes", "--force"]);
    expect(fs.existsSync(path.join(dir, "Pulumi.rehearsal.yaml"))).toBe(false);
  });

  it("another secrets provider: refused before anything is created", () => {
    const state = prodState();
    state.deployment!.secrets_providers = { type: "service", state: {} };
    expect(() => createRehearsalStack({ from: "prod", to: "rehearsal", cwd: dir, pulumi: fake(0, state), log: () => {} })).toThrow(/"service" secrets provider/);
    expect(calls.map((args) => args[1])).toEqual(["export"]);
    expect(fs.existsSync(path.join(dir, "Pulumi.rehearsal.yaml"))).toBe(false);
  });

  it("refuses an existing config file, the same stack twice, and a state of another project", () => {
    expect(() => createRehearsalStack({ from: "acme/site/prod", to: "prod", cwd: dir, pulumi: fake(), log: () => {} })).toThrow(/the same stack \(prod\)/);
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: other\nruntime: nodejs\n");
    expect(() => createRehearsalStack({ from: "prod", to: "rehearsal", cwd: dir, pulumi: fake(), log: () => {} })).toThrow(
      /the state of prod is of the project site, not of other/,
    );
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: site\nruntime: nodejs\n");
    fs.writeFileSync(path.join(dir, "Pulumi.rehearsal.yaml"), "config: {}\n");
    expect(() => createRehearsalStack({ from: "prod", to: "rehearsal", cwd: dir, pulumi: fake(), log: () => {} })).toThrow(/Pulumi.rehearsal.yaml exists already/);
  });

  it("the project's stackConfigDir holds the new stack's config file", () => {
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: 'site'\nstackConfigDir: stacks\nruntime: nodejs\n");
    expect(findProject(path.join(dir))).toEqual({ name: "site", configDir: path.join(dir, "stacks") });
  });
});
