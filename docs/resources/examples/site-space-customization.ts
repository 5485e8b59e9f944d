new docs.SiteSpaceCustomization("changelog-look", {
  siteId: portal.id,
  siteSpaceId: changelog.id,
  title: "What's new", // this site space's title; everything else stays the site's
});
