/**
 * The floor of the scale benchmark: as many dynamic resources as the fault-scenario program
 * (test/faults/program) declares, with the same dependency shape (a child on its parent
 * collection, a SAML provider on its team, a section on its site, a site space on both), but a
 * provider that does nothing: no request, no state beyond the inputs. What remains is the
 * engine's own cost per resource (steps, checkpoints, provider serialization), the figure the
 * package's resources are measured against.
 */
import * as pulumi from "@pulumi/pulumi";

const groups = new pulumi.Config().requireNumber("groups");

let created = 0;
// One provider instance for every resource: the SDK caches its serialization per instance.
const nothing: pulumi.dynamic.ResourceProvider = {
  create(inputs) {
    return Promise.resolve({ id: `obj-${Date.now().toString(36)}-${(created++).toString(36)}`, outs: inputs });
  },
};

class Trivial extends pulumi.dynamic.Resource {
  constructor(name: string, props: Record<string, pulumi.Input<unknown>>) {
    super(nothing, name, props);
  }
}

new Trivial("organization", { title: "Acme at scale" });
for (let group = 0; group < groups; group++) {
  const tag = String(group).padStart(3, "0");
  const team = new Trivial(`team-${tag}`, { title: `Team ${tag}` });
  const collection = new Trivial(`collection-${tag}`, { title: `Collection ${tag}` });
  new Trivial(`child-${tag}`, { title: `Child ${tag}`, parent: collection.id });
  new Trivial(`saml-${tag}`, { label: `IdP ${tag}`, defaultTeam: team.id });
  const site = new Trivial(`site-${tag}`, { title: `Site ${tag}` });
  const section = new Trivial(`section-${tag}`, { siteId: site.id, title: `Section ${tag}` });
  new Trivial(`site-space-${tag}`, { siteId: site.id, sectionId: section.id });
  new Trivial(`spec-${tag}`, { slug: `spec-${tag}` });
}
