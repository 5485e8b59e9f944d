import pulumi
import pulumi_docs_platform as docs_platform

tutorials = docs_platform.Collection("tutorials", title="Tutorials")
getting_started = docs_platform.Space("gettingStarted",
    title="Getting started",
    emoji="📘",
    parent=tutorials.id,
    default_level="read")
pulumi.export("spaceId", getting_started.id)
