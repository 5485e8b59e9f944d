package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Space;
import com.docsplatform.docsplatform.SpaceArgs;
import com.docsplatform.docsplatform.Site;
import com.docsplatform.docsplatform.SiteArgs;
import com.docsplatform.docsplatform.SiteSection;
import com.docsplatform.docsplatform.SiteSectionArgs;
import com.docsplatform.docsplatform.SiteSectionGroup;
import com.docsplatform.docsplatform.SiteSectionGroupArgs;
import com.docsplatform.docsplatform.SiteStructure;
import com.docsplatform.docsplatform.SiteStructureArgs;
import com.docsplatform.docsplatform.inputs.SiteStructureGroupsItemArgs;
import com.docsplatform.docsplatform.inputs.SiteStructureSectionsItemArgs;
import java.util.List;
import java.util.ArrayList;
import java.util.Map;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Paths;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        final var config = ctx.config();
        final var siteTitle = config.get("siteTitle").orElse("Developer portal");
        var guidesSpace = new Space("guidesSpace", SpaceArgs.builder()
            .title("Guides")
            .build());

        var restSpace = new Space("restSpace", SpaceArgs.builder()
            .title("REST API")
            .build());

        var graphqlSpace = new Space("graphqlSpace", SpaceArgs.builder()
            .title("GraphQL API")
            .build());

        var site = new Site("site", SiteArgs.builder()
            .title(siteTitle)
            .build());

        var guides = new SiteSection("guides", SiteSectionArgs.builder()
            .siteId(site.id())
            .spaceId(guidesSpace.id())
            .title("Guides")
            .build());

        var apis = new SiteSectionGroup("apis", SiteSectionGroupArgs.builder()
            .siteId(site.id())
            .title("APIs")
            .build());

        var rest = new SiteSection("rest", SiteSectionArgs.builder()
            .siteId(site.id())
            .spaceId(restSpace.id())
            .title("REST")
            .siteSectionGroupId(apis.id())
            .build());

        var graphql = new SiteSection("graphql", SiteSectionArgs.builder()
            .siteId(site.id())
            .spaceId(graphqlSpace.id())
            .title("GraphQL")
            .siteSectionGroupId(apis.id())
            .build());

        var order = new SiteStructure("order", SiteStructureArgs.builder()
            .siteId(site.id())
            .root(Output.all(guides.id(), apis.id()))
            .groups(SiteStructureGroupsItemArgs.builder()
                .groupId(apis.id())
                .items(Output.all(rest.id(), graphql.id()))
                .build())
            .sections(SiteStructureSectionsItemArgs.builder()
                .sectionId(guides.id())
                .siteSpaces(guides.siteSpaceId().applyValue(id -> List.of(id.orElseThrow())))
                .build())
            .build());

        ctx.export("siteId", site.id());
    }
}
