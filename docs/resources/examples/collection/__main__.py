import pulumi
import pulumi_docs_platform as docs_platform

product_docs = docs_platform.Collection("productDocs",
    title="Product documentation",
    description="Everything customers read about the product.",
    default_level="read")
tutorials = docs_platform.Collection("tutorials",
    title="Tutorials",
    parent=product_docs.id)
pulumi.export("productDocsId", product_docs.id)
