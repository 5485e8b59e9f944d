const petstore = new docs.OpenApiSpec("petstore", {
  slug: "petstore",
  source: { url: "https://petstore3.swagger.io/api/v3/openapi.json" },
  visibility: "public",
  waitForProcessing: true,
});
