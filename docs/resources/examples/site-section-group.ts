const apiGroup = new docs.SiteSectionGroup("api-group", { siteId: portal.id, title: "APIs", icon: "plug" });
