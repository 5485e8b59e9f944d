import { fileContents, ref } from "../adapter/example-values";
import { z } from "zod";
import { adoptInput } from "../adapter/adopt";
import type { ApiRequester } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import { httpUrl, identifier, text } from "../adapter/check";
import { createOnce } from "../recovery/create-once";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { roleEnum } from "../domain/roles";
import { stateStrings } from "../adapter/values";
import { wireMapping } from "../adapter/wire";
import { type ApiSamlProvider, createSamlProvider, deleteSamlProvider, getSamlProvider, listSamlProviders, readSamlProviderThroughList, updateSamlProvider } from "../api/saml";
import { SaidError, said, term } from "../adapter/door-words";

/** What `adopt: true`, an interrupted create, the preview's duplicate check and the messages match by. */
const NATURAL_KEY = "label within the organization";

export const schema = z.strictObject({
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization the provider signs users into. Changing it replaces the provider. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_acme",
  }),
  label: text({ min: 1, max: 30 }).meta({ description: "Label shown on the sign-in page, 1 to 30 characters, unique by convention.", example: "Okta" }),
  entityID: text({ max: 1024 }).optional().meta({ description: "The identity provider's SAML entity ID, at most 1024 characters.", example: "http://www.okta.com/exk1abc" }),
  // An identity provider's signing certificate: kept encrypted in the state however it is given.
  certificate: text({ max: 10000 })
    .optional()
    .meta({
      secret: true,
      description: "The identity provider's X.509 signing certificate (PEM or base64), at most 10000 characters.",
      example: fileContents("okta.pem"),
    }),
  ssoURL: httpUrl({ max: 2048 })
    .optional()
    .meta({ description: "The identity provider's single sign-on URL, an http(s) URL of at most 2048 characters.", example: "https://acme.okta.com/app/docs/sso/saml" }),
  // The API answers with the whole Team; the input is its id.
  defaultTeam: identifier()
    .optional()
    .meta({ refersTo: "Team", readFrom: "defaultTeam.id", description: "Id of the team new SSO users join.", example: ref("Team", "writers") }),
  // Absent and null both mean guests.
  defaultRole: roleEnum
    .nullable()
    .optional()
    .meta({
      nullWhenAbsent: true,
      description: "Role of new SSO users: `admin`, `create`, `review`, `edit`, `comment` or `read`; `null` makes\n" + "them guests.",
      example: "read",
    }),
  adopt: adoptInput.optional().meta({
    description:
      'Take over an existing SAML provider instead of creating one: `{ id: "saml_123" }`, or `true`\n' +
      "to adopt the provider whose label equals `label` (created if there is none). It is then\n" +
      "reconciled to these inputs. Only read at creation.",
  }),
});

export type SamlProviderInputs = z.infer<typeof schema>;

/** The service-provider side of the SAML setup, to enter in the identity provider. */
export interface SamlService {
  acsURL: string;
  startURL: string;
  entityID: string;
}

async function providersLabelled(api: ApiRequester, organizationId: string, label: string): Promise<ApiSamlProvider[]> {
  const providers = await listSamlProviders(api, organizationId);
  return providers.filter((saml) => saml.label === label);
}

function organizationOf(props: State): string {
  return stateStrings(
    props,
    ["organizationId"],
    said`${term.kind("SamlProvider")}: the state has no ${term.field("organizationId")}; run ${term.refresh()} or recreate the resource`,
  ).organizationId;
}

async function readProvider(api: ApiRequester, organizationId: string, id: string): Promise<State | undefined> {
  const saml = await getSamlProvider(api, organizationId, id);
  return saml ? stateOf(organizationId, saml) : undefined;
}

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  status: z.string().meta({ description: "Provider status; `active` appears." }),
  service: z
    .object({ acsURL: z.string(), startURL: z.string(), entityID: z.string() })
    .meta({ typeName: "SamlService" })
    .meta({ description: "ACS URL, start URL and entity ID of the platform, to configure in the identity provider." }),
  urls: z.object({ location: z.string().optional() }),
  createdAt: z.string(),
});

/** The state of a SAML provider as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(schema, outputs);

function stateOf(organizationId: string, saml: ApiSamlProvider): State {
  return wire.fromApi(saml, { organizationId });
}

export const definition: ResourceDefinition<SamlProviderInputs> = {
  kind: "SamlProvider",
  schema,
  outputs,
  ...declaredKeyLists(schema),
  naturalKey: NATURAL_KEY,
  // The API makes a second one with the same key: a create next to an existing one is warned about.
  duplicates: "allowed",

  async create(ctx: ResourceContext, inputs) {
    const saml = await createOnce<ApiSamlProvider>(ctx, {
      kind: "SamlProvider",
      describe: `SAML provider "${inputs.label}"`,
      matchedBy: NATURAL_KEY,
      send: () => createSamlProvider(ctx.api, inputs.organizationId, wire.bodyOf(inputs)),
      find: () => providersLabelled(ctx.api, inputs.organizationId, inputs.label),
      get: (id) => getSamlProvider(ctx.api, inputs.organizationId, id),
      idOf: (saml) => saml.id,
      createdAtOf: (saml) => saml.createdAt,
    });
    return { id: saml.id, state: stateOf(inputs.organizationId, saml) };
  },

  async read(ctx, id, previous) {
    const organizationId = organizationOf(previous);
    // In a refresh, from the organization's SAML provider list shared by every provider.
    const saml = await readSamlProviderThroughList(ctx, organizationId, id);
    return saml ? stateOf(organizationId, saml) : undefined;
  },

  async update(ctx, id, _olds, news, changed) {
    // Undefined means "not managed any more": nothing is sent, the server keeps its value.
    const body = wire.patchOf(news, changed);
    if (Object.keys(body).length === 0) {
      const state = await readProvider(ctx.api, news.organizationId, id);
      if (!state) throw new SaidError(said`SamlProvider ${id} no longer exists; run ${term.refresh()}`);
      return state;
    }
    const saml = await updateSamlProvider(ctx.api, news.organizationId, id, body);
    return stateOf(news.organizationId, saml);
  },

  async delete(ctx, id, props) {
    await deleteSamlProvider(ctx.api, organizationOf(props), id);
  },

  async findByNaturalKey(ctx, inputs) {
    const providers = await providersLabelled(ctx.api, inputs.organizationId, inputs.label);
    return providers.map((saml) => ({ id: saml.id, state: stateOf(inputs.organizationId, saml) }));
  },
};
