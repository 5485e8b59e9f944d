import pulumi
import pulumi_docs_platform as docs_platform

petstore = docs_platform.OpenApiSpec("petstore",
    slug="petstore",
    source={
        "url": "https://petstore3.swagger.io/api/v3/openapi.json",
    },
    visibility="public",
    wait_for_processing=True)
pulumi.export("processingState", petstore.processing_state)
