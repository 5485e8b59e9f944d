import pulumi
import pulumi_docs_platform as docs_platform

config = pulumi.Config()
globex_api_url = config.require("globexApiUrl")
globex_token = config.require_secret("globexToken")
globex_organization_id = config.require("globexOrganizationId")
globex = docs_platform.Provider("globex",
    api_url=globex_api_url,
    token=globex_token,
    organization_id=globex_organization_id,
    max_concurrent_requests=2)
support = docs_platform.Team("support", title="Support",
opts = pulumi.ResourceOptions(provider=globex))
pulumi.export("supportTeam", support.id)
