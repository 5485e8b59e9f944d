import { describe, expect, it } from "vitest";
import { expectError, repeat, useEmulator } from "./helpers.ts";

const env = useEmulator();
const base = () => `/orgs/${env.org}/saml`;

describe("SAML providers", () => {
  it("creates (201), reads, patches, lists and deletes a provider", async () => {
    const team = (await env.admin.put(`/orgs/${env.org}/teams`, { title: "SSO people" })).body;
    const created = await env.admin.post(base(), {
      label: "Okta",
      entityID: "urn:okta:acme",
      certificate: "MIIC...",
      ssoURL: "https://acme.okta.example/sso",
      defaultTeam: team.id,
      defaultRole: "read",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "saml-provider",
      label: "Okta",
      status: "active",
      defaultRole: "read",
      defaultTeam: { object: "team", id: team.id },
    });
    expect(created.body.service.acsURL.startsWith(env.emulator.origin)).toBe(true);
    const id = created.body.id;
    expect((await env.admin.get(`${base()}/${id}`)).body.entityID).toBe("urn:okta:acme");
    const patched = await env.admin.patch(`${base()}/${id}`, { label: "Okta prod", defaultRole: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ label: "Okta prod", defaultRole: null, ssoURL: "https://acme.okta.example/sso" });
    const list = await env.admin.get(base());
    expect(list.body.items.map((s: { id: string }) => s.id)).toContain(id);
    const sso = await env.reader.get(`/orgs/${env.org}/sso`);
    expect(sso.body.items).toEqual([{ id, label: "Okta prod", startURL: created.body.service.startURL }]);
    expect((await env.admin.del(`${base()}/${id}`)).status).toBe(205);
    expectError(await env.admin.get(`${base()}/${id}`), 404);
    expect((await env.admin.del(`${base()}/${id}`)).status).toBe(204);
  });

  it("enforces every limit at and one past its edge", async () => {
    expectError(await env.admin.post(base(), {}), 400, "label");
    expectError(await env.admin.post(base(), { label: "" }), 400, "label");
    expect((await env.admin.post(base(), { label: repeat(30) })).status).toBe(201);
    expectError(await env.admin.post(base(), { label: repeat(31) }), 400, "label");
    expect((await env.admin.post(base(), { label: "e", entityID: repeat(1024) })).status).toBe(201);
    expectError(await env.admin.post(base(), { label: "e", entityID: repeat(1025) }), 400, "entityID");
    expect((await env.admin.post(base(), { label: "c", certificate: repeat(10000) })).status).toBe(201);
    expectError(await env.admin.post(base(), { label: "c", certificate: repeat(10001) }), 400, "certificate");
    const url = "https://idp.example/";
    expect((await env.admin.post(base(), { label: "u", ssoURL: url + repeat(2048 - url.length) })).status).toBe(201);
    expectError(await env.admin.post(base(), { label: "u", ssoURL: url + repeat(2049 - url.length) }), 400, "ssoURL");
    expectError(await env.admin.post(base(), { label: "u", ssoURL: "not-a-uri" }), 400, "ssoURL");
    expectError(await env.admin.post(base(), { label: "r", defaultRole: "boss" }), 400, "defaultRole");
    expectError(await env.admin.post(base(), { label: "t", defaultTeam: "missing" }), 400, "defaultTeam");
    const id = (await env.admin.post(base(), { label: "p" })).body.id;
    expectError(await env.admin.patch(`${base()}/${id}`, { label: repeat(31) }), 400, "label");
  });

  it("is admin-only", async () => {
    expectError(await env.editor.post(base(), { label: "x" }), 403);
    expectError(await env.reader.get(base()), 403);
    expectError(await env.otherAdmin.get(base()), 403);
  });
});
