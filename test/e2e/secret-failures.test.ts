/**
 * A secret that fails a check is never shown (issue 26): for every input marked secret, through
 * both doors, a check is made to fail with the real CLI, and neither `pulumi preview`'s output,
 * `pulumi preview --json`, the pull-request summary of that JSON nor the drift report of
 * `pulumi preview --refresh --json` holds the value. The secrets: the provider's token (read from
 * a file ending in a newline), an API URL holding credentials (`user:pass@`, `?token=`), a title
 * the program marked secret, and the SAML certificate (a secret of its kind, whatever the program
 * says). Each value carries a marker no message would hold by chance.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, type ExpectStatic, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { createStack, type PulumiResult, type TestStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";

const execFileAsync = promisify(execFile);
const minutes = (n: number) => n * 60_000;
const cli = fileURLToPath(new URL("../../provider/bin/pulumi-docs-platform.js", import.meta.url));
const pluginDir = fileURLToPath(new URL("../../provider/docs-platform", import.meta.url));

const MARK = "Zq7SecretMark";
const TOKEN_WITH_NEWLINE = `${MARK}Token1\n`;
const CREDENTIAL_IN_URL = `${MARK}Pass2`;
const SECRET_TITLE = `${MARK}Title3${"t".repeat(70)}`;
const LONG_CERTIFICATE = `${MARK}Cert4${"C".repeat(10_001)}`;

let emulator: Emulator;
let token: string;
const stacks: TestStack[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  token = emulator.fixture.organizations.find((org) => org.id === "org-acme")!.admin.token;
});

afterAll(async () => {
  for (const stack of stacks) await stack.remove().catch(() => undefined);
  await emulator?.close();
});

/** Runs the node CLI of this package on a file; its output, whatever its exit code. */
async function packageCli(args: string[]): Promise<string> {
  const result = await execFileAsync(process.execPath, [cli, ...args]).catch((error: { stdout?: string; stderr?: string }) => error);
  return `${result.stdout ?? ""}${result.stderr ?? ""}`;
}

/** Everything a user or a reviewer can read of one failing preview. */
async function everythingShown(stack: TestStack): Promise<{ text: string; failed: boolean }> {
  const plain = await stack.run(["preview", "--non-interactive", "--diff"]);
  const json = await stack.run(["preview", "--non-interactive", "--json"]);
  const refreshJson = await stack.run(["preview", "--refresh", "--non-interactive", "--json"]);
  const dir = await fs.mkdtemp(path.join(stack.stateDir, "shown-"));
  await fs.writeFile(path.join(dir, "preview.json"), json.stdout);
  await fs.writeFile(path.join(dir, "refresh.json"), refreshJson.stdout);
  const summary = await packageCli(["pr-summary", path.join(dir, "preview.json")]);
  const drift = await packageCli(["drift", path.join(dir, "refresh.json"), "--stack", stack.name]);
  const all = (result: PulumiResult) => result.stdout + result.stderr;
  return { text: [all(plain), all(json), all(refreshJson), summary, drift].join("\n----\n"), failed: plain.exitCode !== 0 && json.exitCode !== 0 };
}

function expectNothingSecret(expect: ExpectStatic, text: string, ...values: string[]): void {
  expect(text).not.toContain(MARK);
  for (const value of values) expect(text).not.toContain(value.trim());
}

const YAML_HEAD = (resources: string) => `name: secret-failures-yaml
runtime: yaml
plugins:
  providers:
    - name: docs-platform
      path: ${pluginDir}
resources:
${resources}`;

const DYNAMIC_PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

const config = new pulumi.Config();
switch (config.require("scenario")) {
  case "title":
    new docs.Team("writers", { title: pulumi.secret(config.require("title")) });
    break;
  case "certificate":
    new docs.SamlProvider("okta", { label: "Okta", certificate: config.require("certificate") });
    break;
  default:
    new docs.Team("writers", { title: "Writers" });
}
`;

// The cases run side by side (three at a time: the cli project's maxConcurrency), each on its own
// stack and program: 27 previews one after another took most of this file's time, waiting on the CLI.
describe.concurrent("a secret that fails a check is never shown", () => {
  const yamlCases: { name: string; resources: string; secrets: string[]; config?: Record<string, string | { value: string; secret: boolean }> }[] = [
    {
      name: "an explicit provider's token read from a file ending in a newline",
      resources: `  tokenFile:
    type: pulumi:providers:docs-platform
    properties:
      apiUrl: \${apiUrl}
      token:
        fn::secret:
          fn::readFile: ./token.txt
      organizationId: org-acme
  writers:
    type: docs-platform:index:Team
    properties:
      title: Writers
    options:
      provider: \${tokenFile}
`,
      secrets: [TOKEN_WITH_NEWLINE],
    },
    {
      name: "an explicit provider's API URL holding credentials (user:pass@)",
      resources: `  withUserinfo:
    type: pulumi:providers:docs-platform
    properties:
      apiUrl: https://user:${CREDENTIAL_IN_URL}@api.example.com/v1
      token: t
      organizationId: org-acme
  writers:
    type: docs-platform:index:Team
    properties:
      title: Writers
    options:
      provider: \${withUserinfo}
`,
      secrets: [CREDENTIAL_IN_URL],
    },
    {
      name: "an explicit provider's API URL holding a token in its query string",
      resources: `  withQuery:
    type: pulumi:providers:docs-platform
    properties:
      apiUrl: https://api.example.com/v1?token=${CREDENTIAL_IN_URL}
      token: t
      organizationId: org-acme
  writers:
    type: docs-platform:index:Team
    properties:
      title: Writers
    options:
      provider: \${withQuery}
`,
      secrets: [CREDENTIAL_IN_URL],
    },
    {
      name: "a title marked fn::secret, over its limit",
      resources: `  writers:
    type: docs-platform:index:Team
    properties:
      title:
        fn::secret: ${SECRET_TITLE}
`,
      secrets: [SECRET_TITLE],
    },
    {
      name: "a SAML certificate over 10,000 characters",
      resources: `  okta:
    type: docs-platform:index:SamlProvider
    properties:
      label: Okta
      certificate: ${LONG_CERTIFICATE}
`,
      secrets: [LONG_CERTIFICATE],
    },
  ];

  for (const testCase of yamlCases) {
    it(`the plugin (Pulumi YAML): ${testCase.name}`, { timeout: minutes(3) }, async ({ expect }) => {
      const programDir = await writeProgram("secret-failures-yaml", {
        "Pulumi.yaml": YAML_HEAD(testCase.resources).replace("${apiUrl}", emulator.url),
        "token.txt": TOKEN_WITH_NEWLINE,
      });
      const stack = await createStack({
        programDir,
        stackName: "secrets",
        config: { "docs-platform:apiUrl": emulator.url, "docs-platform:token": { value: token, secret: true }, "docs-platform:organizationId": "org-acme" },
      });
      stacks.push(stack);
      const shown = await everythingShown(stack);
      expect(shown.failed).toBe(true);
      expect(shown.text).toMatch(/has a problem/);
      expectNothingSecret(expect, shown.text, ...testCase.secrets);
    });
  }

  const dynamicCases: { name: string; config: Record<string, string | { value: string; secret: boolean }>; secrets: string[] }[] = [
    {
      name: "the token in stack config with a trailing newline",
      config: { scenario: "plain", "docs-platform:token": { value: TOKEN_WITH_NEWLINE, secret: true } },
      secrets: [TOKEN_WITH_NEWLINE],
    },
    // Set as a secret: `preview --json` echoes plain stack config as it is, whatever a provider does.
    {
      name: "an API URL holding credentials",
      config: { scenario: "plain", "docs-platform:apiUrl": { value: `https://user:${CREDENTIAL_IN_URL}@api.example.com/v1`, secret: true } },
      secrets: [CREDENTIAL_IN_URL],
    },
    { name: "a title marked pulumi.secret, over its limit", config: { scenario: "title", title: { value: SECRET_TITLE, secret: true } }, secrets: [SECRET_TITLE] },
    { name: "a SAML certificate over 10,000 characters", config: { scenario: "certificate", certificate: { value: LONG_CERTIFICATE, secret: true } }, secrets: [LONG_CERTIFICATE] },
  ];

  for (const testCase of dynamicCases) {
    it(`the dynamic package: ${testCase.name}`, { timeout: minutes(3) }, async ({ expect }) => {
      const programDir = await writeProgram("secret-failures-dynamic", {
        "Pulumi.yaml": "name: secret-failures-dynamic\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n",
        "index.mjs": DYNAMIC_PROGRAM,
      });
      const stack = await createStack({
        programDir,
        stackName: "secrets",
        config: {
          "docs-platform:apiUrl": emulator.url,
          "docs-platform:token": { value: token, secret: true },
          "docs-platform:organizationId": "org-acme",
          ...testCase.config,
        },
      });
      stacks.push(stack);
      const shown = await everythingShown(stack);
      expect(shown.failed).toBe(true);
      expectNothingSecret(expect, shown.text, ...testCase.secrets);
    });
  }
});
