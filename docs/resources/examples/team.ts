const writers = new docs.Team("writers", { title: "Writers", members: [people.editor] });
