/**
 * `pulumi do docs-platform:<Type> list` through the repository's Pulumi CLI (v3.259.0) and the
 * plugin (full tier), against an emulator seeded with every kind
 * (test/terraform/support/seeded-organization.ts): every type lists, as JSON, each object's
 * import id and resource name, those the walk export makes finds; the schema's `listInputs` are
 * the command's flags (`--site-id`), `--count` bounds the list; and `pulumi do ... read` of a
 * listed id reads what `pulumi import` reads. The CLI loads the plugin by its path (`--package`),
 * as the repository's programs name it (`plugins.providers`).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { type DiscoveredObject, discover, discoverableKinds } from "../../provider/door-layer/discovery.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensurePulumi, repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { type PulumiResult, runPulumi, stateDirEnvironment } from "../pulumi-cli/run-pulumi.ts";
import { type SeededOrganization, seedOrganization } from "../terraform/support/seeded-organization.ts";

const plugin = path.join(repositoryRoot, "provider", "docs-platform", "pulumi-resource-docs-platform");

let emulator: Emulator;
let seeded: SeededOrganization;
let stateDir: string;
let env: NodeJS.ProcessEnv;
const found = new Map<string, DiscoveredObject[]>();

beforeAll(async () => {
  const installation = await ensurePulumi();
  emulator = await startEmulator({ db: ":memory:", openapiProcessingMs: 0 });
  const organization = emulator.fixture.organizations[0];
  seeded = await seedOrganization(emulator.url, organization.admin.token, organization.id);
  stateDir = await fs.mkdtemp(path.join(os.tmpdir(), "plugin-list-"));
  // The provider's configuration from the environment, as a user of `pulumi do` gives it.
  env = await stateDirEnvironment(stateDir, {
    binDir: installation.binDir,
    extra: {
      DOCS_PLATFORM_API_URL: emulator.url,
      DOCS_PLATFORM_TOKEN: organization.admin.token,
      DOCS_PLATFORM_ORGANIZATION_ID: organization.id,
    },
  });
  const client = new ApiClient({ baseUrl: emulator.url, token: organization.admin.token });
  for (const kind of discoverableKinds()) found.set(kind, await discover(client, organization.id, kind));
  await client.close();
}, 30 * 60_000);
afterAll(async () => {
  await emulator?.close();
  if (stateDir) await fs.rm(stateDir, { recursive: true, force: true });
});

/** `pulumi do --package <the plugin> <args>`. */
function pulumiDo(...args: string[]): Promise<PulumiResult> {
  return runPulumi(["do", "--package", plugin, ...args], { cwd: stateDir, env, timeoutMs: 120_000 });
}

function parsed(result: PulumiResult): unknown {
  expect(result.exitCode, `${result.command}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout);
}

/** `items` through `work`, `width` at a time (each run is a CLI and a plugin). */
async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width)
    results.push(...(await Promise.all(items.slice(start, start + width).map(work))));
  return results;
}

describe("pulumi do docs-platform:<Type> list", () => {
  it(
    "lists every type's objects by import id and resource name, narrows by --site-id, bounds by --count, and read gives what import gives",
    async () => {
      const kinds = discoverableKinds();
      const lists = await inBatches(kinds, 3, async (kind) => ({
        kind,
        listed: parsed(await pulumiDo(`docs-platform:${kind}`, "list", "--all")),
      }));
      for (const { kind, listed } of lists) {
        expect(listed, kind).toEqual(found.get(kind)!.map((object) => ({ id: object.importId, name: object.name })));
      }
      expect(lists.reduce((sum, { listed }) => sum + (listed as unknown[]).length, 0)).toBeGreaterThan(25);

      const sections = found.get("SiteSection")!;
      const [partners, first, read, help] = await Promise.all([
        pulumiDo("docs-platform:SiteSpace", "list", "--site-id", seeded.partnersSiteId),
        pulumiDo("docs-platform:Space", "list", "--count", "1"),
        pulumiDo("docs-platform:SiteSection", "read", sections[0].importId, "--output", "json"),
        pulumiDo("docs-platform:SiteSection", "list", "--help"),
      ]);
      expect(parsed(partners)).toEqual(
        found
          .get("SiteSpace")!
          .filter((object) => object.importId.startsWith(`${seeded.partnersSiteId}/`))
          .map((object) => ({ id: object.importId, name: object.name })),
      );
      expect(parsed(first)).toEqual([{ id: found.get("Space")![0].importId, name: found.get("Space")![0].name }]);
      // The read of a listed id is the import's: its outputs and id.
      expect(parsed(read)).toEqual({ ...sections[0].imported.props, id: sections[0].imported.id });
      // The listInputs are the command's flags, with their descriptions.
      expect(help.stdout).toContain(
        "--organization-id string   The organization whose objects to list. Defaults to the provider's docs-platform:organizationId.",
      );
      expect(help.stdout).toContain("--site-id string");
    },
    10 * 60_000,
  );
});
