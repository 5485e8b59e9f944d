import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../emulator/index.ts";
import { repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { spawnGroup, stopGroup } from "../pulumi-cli/process-groups.ts";
import { type PulumiResult, type TestStack, createStack, workRoot } from "../pulumi-cli/run-pulumi.ts";

const minutes = (n: number) => n * 60_000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `npm start`'s script the way npm does, with its data kept in `dataDir`. */
function npmStart(dataDir: string, port: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawnGroup(process.execPath, ["examples/quickstart/start.ts"], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        QUICKSTART_PORT: String(port),
        QUICKSTART_DB: path.join(dataDir, "emulator.db"),
        PULUMI_STATE_DIR: path.join(dataDir, "pulumi"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    // Its group too: what it started must be gone with it (the teardown check would say so).
    child.on("close", (code) => void stopGroup(child).then(() => resolve({ code, output })));
  });
}

describe("npm start", () => {
  it(
    "deploys the quickstart, shows outputs, the console and site URLs answering 200, and a preview without changes; a second run changes nothing",
    { timeout: minutes(5) },
    async () => {
      const dataDir = path.join(workRoot, `npm-start-${process.pid}-${Date.now()}`);
      await fs.mkdir(dataDir, { recursive: true });
      const port = await freePort();

      const first = await npmStart(dataDir, port);
      expect(first.code, first.output).toBe(0);
      expect(first.output).toMatch(/\+ 24 created/);
      expect(first.output).toMatch(new RegExp(`Its URL, as the API reports it: http://127\\.0\\.0\\.1:${port}/sites/\\w+`));
      // The console and the site URL answered while the emulator ran, and the output says how to see them again.
      expect(first.output).toContain(`console: http://127.0.0.1:${port}/ answered 200`);
      expect(first.output).toMatch(new RegExp(`site: +http://127\\.0\\.0\\.1:${port}/sites/\\w+ answered 200`));
      expect(first.output).toContain(`npm run emulator -- --port ${port} --db ${path.relative(repositoryRoot, path.join(dataDir, "emulator.db"))}`);
      expect(first.output).toMatch(/"organizationTitle": "Acme Documentation"/);
      expect(first.output).toMatch(/preview \(expects no changes\)[\s\S]*24 unchanged/);

      const second = await npmStart(dataDir, port);
      expect(second.code, second.output).toBe(0);
      expect(second.output).not.toMatch(/created|updated|deleted|replaced/);
      expect(second.output.match(/24 unchanged/g)).toHaveLength(2);

      // Run again on another port (QUICKSTART_PORT), as the README allows: the URLs the state holds
      // are the old port's; they are read again, nothing is changed, and both pages answer.
      const otherPort = await freePort();
      const third = await npmStart(dataDir, otherPort);
      expect(third.code, third.output).toBe(0);
      expect(third.output).toContain(`with --refresh: the emulator moved to http://127.0.0.1:${otherPort}`);
      expect(third.output).toMatch(new RegExp(`site: +http://127\\.0\\.0\\.1:${otherPort}/sites/\\w+ answered 200`));
      expect(third.output).not.toMatch(/created|deleted|replaced/);

      for (const run of [first, second, third]) expect(run.output).not.toContain("tok-acme-admin");
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  );
});

describe("the quickstart program through the CLI", () => {
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  let stack: TestStack;
  const cliOutputs: PulumiResult[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    stack = await createStack({
      programDir: repositoryRoot,
      stackName: "quickstart",
      config: { "docs-platform:token": { value: emulator.fixture.token, secret: true } },
      env: { DOCS_PLATFORM_API_URL: emulator.url },
    });
  }, minutes(2));
  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
  });

  const list = async (apiPath: string) => {
    const response = await fetch(`${emulator.url}${apiPath}`, { headers: { authorization: `Bearer ${emulator.fixture.token}` } });
    return ((await response.json()) as { items: { id: string; title?: string }[] }).items;
  };

  it("up creates all of it, preview and refresh find nothing to change, destroy leaves nothing; the token appears nowhere", { timeout: minutes(5) }, async () => {
    const org = emulator.fixture.organization;
    const collectionsBefore = (await list(`/orgs/${org}/collections`)).map((item) => item.id);
    const spacesBefore = (await list(`/orgs/${org}/spaces`)).map((item) => item.id);

    cliOutputs.push(await stack.up());
    expect(cliOutputs.at(-1)!.stdout).toMatch(/\+ 24 created/);
    expect((await list(`/orgs/${org}/sites`)).map((site) => site.title)).toEqual(["Developer portal"]);
    expect((await list(`/orgs/${org}/teams`)).map((team) => team.title).sort()).toEqual(["Reviewers", "Translators", "Writers"]);
    expect((await list(`/orgs/${org}/spaces`)).map((space) => space.title)).toEqual(expect.arrayContaining(["Getting started", "API reference", "Release notes"]));
    const get = async (apiPath: string) =>
      (await fetch(`${emulator.url}${apiPath}`, { headers: { authorization: `Bearer ${emulator.fixture.token}` } })).json() as Promise<Record<string, unknown>>;
    // The member role, the one-at-a-time team membership, the translation (run once) and the agent instructions.
    expect(await get(`/orgs/${org}/members/usr-acme-reader`)).toMatchObject({ role: "comment" });
    const translators = (await list(`/orgs/${org}/teams`)).find((team) => team.title === "Translators")!;
    expect((await get(`/orgs/${org}/teams/${translators.id}/members`)).items as unknown[]).toEqual([
      expect.objectContaining({ organization: expect.objectContaining({ id: "usr-acme-editor" }), team: { role: "owner" } }),
    ]);
    const translations = (await get(`/orgs/${org}/translations`)).items as { language: string; stats: { runs: number } }[];
    expect(translations.map((t) => [t.language, t.stats.runs])).toEqual([["fr", 1]]);
    expect(JSON.stringify(await get(`/orgs/${org}/agent-instructions`))).toContain("Answer from the published documentation only.");

    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: 24 });
    const refresh = await stack.refreshPreview();
    expect(Object.keys(refresh.changeSummary ?? {})).toEqual(["same"]);

    const state = await stack.exportState();
    expect(state.text).not.toContain(emulator.fixture.token);
    const providers = (state.deployment.resources ?? [])
      .flatMap((resource) => [resource.inputs, resource.outputs] as (Record<string, unknown> | undefined)[])
      .map((bag) => bag?.__provider)
      .filter((provider): provider is string => typeof provider === "string");
    expect(providers).toHaveLength(46); // 23 resources, inputs and outputs
    for (const provider of providers) expect(provider).not.toContain(emulator.fixture.token);
    // The token lives in the stack config file only encrypted.
    expect(await fs.readFile(stack.configFile, "utf8")).not.toContain(emulator.fixture.token);

    cliOutputs.push(await stack.destroy());
    expect(await list(`/orgs/${org}/sites`)).toEqual([]);
    expect(await list(`/orgs/${org}/teams`)).toEqual([]);
    expect(await list(`/orgs/${org}/saml`)).toEqual([]);
    expect(await list(`/orgs/${org}/openapi`)).toEqual([]);
    expect(await list(`/orgs/${org}/translations`)).toEqual([]);
    expect((await list(`/orgs/${org}/collections`)).map((item) => item.id)).toEqual(collectionsBefore);
    expect((await list(`/orgs/${org}/spaces`)).map((item) => item.id).sort()).toEqual(spacesBefore.sort());
    // OrganizationSettings leaves the organization in place on destroy.
    expect((await (await fetch(`${emulator.url}/orgs/${org}`, { headers: { authorization: `Bearer ${emulator.fixture.token}` } })).json()) as { title: string }).toMatchObject({
      title: "Acme Documentation",
    });

    for (const output of cliOutputs) expect(output.stdout + output.stderr).not.toContain(emulator.fixture.token);
  });
});
