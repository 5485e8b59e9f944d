new docs.OrganizationMember("reader-role", { email: people.reader, role: "comment" });
