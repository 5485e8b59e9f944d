new docs.SiteAdaptiveSchema("visitors", {
  siteId: portal.id,
  jsonSchema: {
    type: "object",
    properties: { unsigned: { type: "object", properties: { beta: { type: "boolean" } }, additionalProperties: false } },
    additionalProperties: false,
  },
});
