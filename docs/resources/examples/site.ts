const portal = new docs.Site("portal", {
  title: "Developer portal",
  visibility: "public",
  agentsContext: "included",
  published: true,
});
