const productDocs = new docs.Collection("product-docs", {
  title: "Product documentation",
  description: "Everything customers read about the product.",
  defaultLevel: "read",
});
