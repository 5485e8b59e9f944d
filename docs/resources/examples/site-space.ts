const changelog = new docs.SiteSpace("changelog", {
  siteId: portal.id,
  spaceId: changelogSpace.id,
  sectionId: guidesSection.id,
  path: "changelog",
});
