const guidesSection = new docs.SiteSection("guides", {
  siteId: portal.id,
  spaceId: guidesSpace.id,
  title: "Guides",
  icon: "book-open",
  path: "guides",
});
