import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const organizationVar = docs_platform.getOrganization({});
const writers = new docs_platform.Team("writers", {title: "Writers"});
const handbook = new docs_platform.Collection("handbook", {
    title: "Handbook",
    description: "How we work",
});
const onboarding = new docs_platform.Space("onboarding", {
    title: "Onboarding",
    parent: handbook.id,
});
const handbookSite = new docs_platform.Site("handbookSite", {
    title: "Handbook",
    visibility: "unlisted",
});
const onboardingSection = new docs_platform.SiteSection("onboardingSection", {
    siteId: handbookSite.id,
    spaceId: onboarding.id,
    title: "Onboarding",
});
export const organizationTitle = organizationVar.then(organizationVar => organizationVar.title);
export const writersTeam = writers.id;
export const siteId = handbookSite.id;
