import pulumi
import pulumi_docs_platform as docs_platform

translators = docs_platform.Team("translators", title="Translators")
translators_lead = docs_platform.TeamMember("translatorsLead",
    team_id=translators.id,
    email="eli@acme.test",
    role="owner")
