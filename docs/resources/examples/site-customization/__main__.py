import pulumi
import pulumi_docs_platform as docs_platform

portal = docs_platform.Site("portal", title="Developer portal")
look = docs_platform.SiteCustomization("look",
    site_id=portal.id,
    title="Acme Developer Portal",
    styling={
        "primary_color": {
            "light": "#0b5fff",
            "dark": "#6ea2ff",
        },
        "corners": "rounded",
    },
    announcement={
        "enabled": True,
        "message": "The v3 API is in beta.",
        "style": "info",
    })
