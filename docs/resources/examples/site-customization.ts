new docs.SiteCustomization("look", {
  siteId: portal.id,
  title: "Acme Developer Portal",
  styling: { primaryColor: { light: "#0b5fff", dark: "#6ea2ff" }, corners: "rounded" },
  announcement: { enabled: true, message: "The v3 API is in beta.", style: "info" },
});
