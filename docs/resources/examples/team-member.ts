new docs.TeamMember("translators-lead", { teamId: translators.id, email: people.editor, role: "owner" });
