import pulumi
import pulumi_docs_platform as docs_platform

writers = docs_platform.get_team(title="Writers")
pulumi.export("teamId", writers.id)
pulumi.export("memberCount", writers.member_count)
