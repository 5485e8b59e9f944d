const frenchGuides = new docs.Translation("guides-fr", {
  language: "fr",
  source: { space: guidesSpace.id, language: "en" },
  instructions: paragraphs("Keep product names, code and API field names in English.", "Address the reader as « vous »."),
  runTrigger: "release-2026-11",
});
