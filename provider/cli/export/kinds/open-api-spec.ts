/** OpenApiSpec: the resource's id is the slug (what `adopt: { id }` takes). */
import { urlCredential } from "../../../client/redact";
import { definition } from "../../../resources/open-api-spec";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { literal, object } from "../values";
import type { KindExporter } from "./kind";

export const openApiSpec: KindExporter = {
  kind: "OpenApiSpec",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org, notes) {
    const specs = await org.openApiSpecs();
    return specs.flatMap((spec) => {
      if (!spec.sourceURL) {
        notes.warn(`OpenApiSpec "${spec.slug}" has no source URL (uploaded some other way); it is not exported`);
        return [];
      }
      const credential = urlCredential(spec.sourceURL);
      if (credential !== undefined) {
        // Written out, the credential would sit in clear in the program, and then in the state.
        notes.warn(
          `OpenApiSpec "${spec.slug}": its source URL holds ${credential} (value not shown), which the provider refuses; ` +
            "it is not exported. Serve the spec from a URL the API can fetch without credentials, then export again.",
        );
        return [];
      }
      return [
        {
          kind: "OpenApiSpec",
          id: spec.slug,
          name: { title: spec.slug, fallback: "openapi-spec" },
          inputs: [
            ["slug", literal(spec.slug)],
            ["source", object([["url", literal(spec.sourceURL)]])],
            ["visibility", spec.visibility ? literal(spec.visibility) : undefined],
          ],
        },
      ];
    });
  },
};
