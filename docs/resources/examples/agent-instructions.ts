new docs.AgentInstructions("agents", {
  instructions: paragraphs("Answer from the published documentation only.", "Link to the page an answer comes from."),
});
