/**
 * `adopt` is never an update (issue 39, item 2): once a resource is in the state, adding, removing
 * or changing its `adopt` changes nothing, through both doors: the inputs a check answers keep the
 * recorded `adopt`, so the engine finds no input that differs (the dynamic door's preview and
 * `--diff` and the pull-request summary show every input that differs) and the diff finds no
 * change. A replacement is the exception: its create must make a new object, not take over the
 * one it replaces, so its inputs carry no `adopt`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { DOORS } from "./doors.ts";

let emulator: Emulator;
let organizationId: string;
/** A team made with the API itself: what a program adopts. */
let existing: { id: string };

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  const organization = emulator.fixture.organizations[0];
  organizationId = organization.id;
  for (const door of DOORS) await door.configure({ apiUrl: emulator.url, token: organization.admin.token, organizationId });
  const response = await fetch(`${emulator.url}/orgs/${organizationId}/teams`, {
    method: "PUT",
    headers: { authorization: `Bearer ${organization.admin.token}`, "content-type": "application/json" },
    body: JSON.stringify({ title: "Docs writers", members: [] }),
  });
  existing = { id: ((await response.json()) as { id: string }).id };
});
afterAll(() => emulator?.close());

describe.each(DOORS)("adopt once managed, through the $name door", (door) => {
  const adopted = () => ({ id: existing.id });
  const inputs = () => ({ organizationId, title: "Docs writers" });

  it("a create keeps the program's adopt", async () => {
    const checked = await door.check("Team", { ...inputs(), adopt: adopted() });
    expect(checked.failures).toEqual([]);
    expect(checked.inputs.adopt).toEqual(adopted());
  });

  it("removing adopt after adoption keeps the recorded one: no input differs, the diff finds no change", async () => {
    const recorded = { ...inputs(), adopt: adopted() };
    const checked = await door.check("Team", inputs(), recorded);
    expect(checked.inputs.adopt).toEqual(adopted());
    expect((await door.diff("Team", existing.id, recorded, checked.inputs)).changes).toBe(false);
  });

  it("adding or changing adopt after the resource is managed adds nothing", async () => {
    expect((await door.check("Team", { ...inputs(), adopt: adopted() }, inputs())).inputs.adopt).toBeUndefined();
    expect((await door.check("Team", { ...inputs(), adopt: true }, { ...inputs(), adopt: adopted() })).inputs.adopt).toEqual(adopted());
  });

  it("beside another change, only that change differs", async () => {
    const recorded = { ...inputs(), adopt: adopted() };
    const checked = await door.check("Team", { ...inputs(), title: "Writers" }, recorded);
    expect(checked.inputs).toMatchObject({ title: "Writers", adopt: adopted() });
    expect((await door.diff("Team", existing.id, recorded, checked.inputs)).changes).toBe(true);
  });

  it("a replacement carries no adopt: its create makes a new object instead of taking over the one it replaces", async () => {
    const recorded = { ...inputs(), adopt: adopted() };
    const checked = await door.check("Team", { ...inputs(), organizationId: "org-other", adopt: adopted() }, recorded);
    expect(checked.inputs.organizationId).toBe("org-other");
    expect(checked.inputs.adopt).toBeUndefined();
  });
});
