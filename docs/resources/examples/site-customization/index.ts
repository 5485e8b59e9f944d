import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const portal = new docs_platform.Site("portal", {title: "Developer portal"});
const look = new docs_platform.SiteCustomization("look", {
    siteId: portal.id,
    title: "Acme Developer Portal",
    styling: {
        primaryColor: {
            light: "#0b5fff",
            dark: "#6ea2ff",
        },
        corners: "rounded",
    },
    announcement: {
        enabled: true,
        message: "The v3 API is in beta.",
        style: "info",
    },
});
