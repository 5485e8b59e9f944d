/**
 * SamlProvider. The identity provider's certificate is a secret: the program reads it with
 * `config.requireSecret`, and the export writes the `pulumi config set --secret` line that sets it.
 * Its default role absent or null both mean guests, which is what a new provider gets.
 */
import { definition } from "../../resources/saml-provider";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { importedInputs } from "./imported";
import type { KindExporter } from "./kind";

const samlDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const samlProvider: KindExporter = {
  kind: "SamlProvider",
  definition: samlDefinition,
  async read(org, notes) {
    const providers = await org.samlProviders();
    return Promise.all(
      providers.map(async (saml) => ({
        kind: "SamlProvider",
        id: saml.id,
        name: { title: saml.label, fallback: "saml-provider" },
        inputs: importedInputs({ kind: "SamlProvider", id: saml.id }, await notes.imported(samlDefinition, saml.id), { certificate: { secret: true } }),
      })),
    );
  },
};
