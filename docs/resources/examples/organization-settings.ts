const settings = new docs.OrganizationSettings("organization", {
  title: "Acme Documentation",
  defaultRole: "read",
  inviteLinks: false,
  ai: true,
});
