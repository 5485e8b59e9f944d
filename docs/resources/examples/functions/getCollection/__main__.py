import pulumi
import pulumi_docs_platform as docs_platform

guides = docs_platform.get_collection(title="Guides")
pulumi.export("collectionId", guides.id)
