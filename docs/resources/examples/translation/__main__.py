import pulumi
import pulumi_docs_platform as docs_platform

guides_space = docs_platform.Space("guidesSpace", title="Getting started")
french_guides = docs_platform.Translation("frenchGuides",
    language="fr",
    source={
        "space": guides_space.id,
        "language": "en",
    },
    run_trigger="release-2026-11")
pulumi.export("translationId", french_guides.id)
