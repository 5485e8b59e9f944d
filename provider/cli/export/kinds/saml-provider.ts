/**
 * SamlProvider. The identity provider's certificate is a secret: the program reads it with
 * `config.requireSecret`, and the export writes the `pulumi config set --secret` line that sets it.
 */
import { definition } from "../../../resources/saml-provider";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { literal, ref } from "../values";
import type { KindExporter } from "./kind";

export const samlProvider: KindExporter = {
  kind: "SamlProvider",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const providers = await org.samlProviders();
    return providers.map((saml) => ({
      kind: "SamlProvider",
      id: saml.id,
      name: { title: saml.label, fallback: "saml-provider" },
      inputs: [
        ["label", literal(saml.label)],
        ["entityID", saml.entityID ? literal(saml.entityID) : undefined],
        ["ssoURL", saml.ssoURL ? literal(saml.ssoURL) : undefined],
        ["certificate", saml.certificate ? { type: "secret", owner: { kind: "SamlProvider", id: saml.id }, field: "certificate", value: saml.certificate } : undefined],
        ["defaultTeam", saml.defaultTeam?.id ? ref("Team", saml.defaultTeam.id) : undefined],
        // Absent and null both mean guests, which is what a new provider gets.
        ["defaultRole", saml.defaultRole ? literal(saml.defaultRole) : undefined],
      ],
    }));
  },
};
