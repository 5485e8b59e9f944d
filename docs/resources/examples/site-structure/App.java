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
        var guidesSpace = new Space("guidesSpace", SpaceArgs.builder()
            .title("Getting started")
            .build());

        var referenceSpace = new Space("referenceSpace", SpaceArgs.builder()
            .title("API reference")
            .build());

        var portal = new Site("portal", SiteArgs.builder()
            .title("Developer portal")
            .build());

        var guides = new SiteSection("guides", SiteSectionArgs.builder()
            .siteId(portal.id())
            .spaceId(guidesSpace.id())
            .title("Guides")
            .build());

        var apiGroup = new SiteSectionGroup("apiGroup", SiteSectionGroupArgs.builder()
            .siteId(portal.id())
            .title("APIs")
            .build());

        var reference = new SiteSection("reference", SiteSectionArgs.builder()
            .siteId(portal.id())
            .spaceId(referenceSpace.id())
            .title("Reference")
            .siteSectionGroupId(apiGroup.id())
            .build());

        var order = new SiteStructure("order", SiteStructureArgs.builder()
            .siteId(portal.id())
            .root(Output.all(guides.id(), apiGroup.id()))
            .groups(SiteStructureGroupsItemArgs.builder()
                .groupId(apiGroup.id())
                .items(reference.id().applyValue(List::of))
                .build())
            .build());

    }
}
