/** OpenApiSpec: the resource's id is the slug (what `adopt: { id }` takes). */
import { urlCredential } from "../../client/redact";
import { definition } from "../../resources/open-api-spec";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";

const specDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const openApiSpec: KindExporter = {
  kind: "OpenApiSpec",
  definition: specDefinition,
  async read(org, notes) {
    const specs = await org.openApiSpecs();
    const declared = specs.filter((spec) => {
      if (!spec.sourceURL) {
        notes.warn(`OpenApiSpec "${spec.slug}" has no source URL (uploaded some other way); it is not exported`);
        return false;
      }
      const credential = urlCredential(spec.sourceURL);
      if (credential !== undefined) {
        // Written out, the credential would sit in clear in the program, and then in the state.
        notes.warn(
          `OpenApiSpec "${spec.slug}": its source URL holds ${credential} (value not shown), which the provider refuses; ` +
            "it is not exported. Serve the spec from a URL the API can fetch without credentials, then export again.",
        );
        return false;
      }
      return true;
    });
    return Promise.all(
      declared.map(async (spec): Promise<ExportedObject> => ({
        kind: "OpenApiSpec",
        id: spec.slug,
        name: { title: spec.slug, fallback: "openapi-spec" },
        inputs: importedInputs({ kind: "OpenApiSpec", id: spec.slug }, await notes.imported(specDefinition, spec.slug), {
          waitForProcessing: { never: "how `up` waits, not a fact of the spec" },
        }),
      })),
    );
  },
};
