new docs.SiteStructure("order", {
  siteId: portal.id,
  root: [guidesSection.id, apiGroup.id],
  groups: [{ groupId: apiGroup.id, items: [referenceSection.id] }],
});
