const guidesSpace = new docs.Space("getting-started", { title: "Getting started", emoji: "📘", parent: tutorials.id, defaultLevel: "read" });
