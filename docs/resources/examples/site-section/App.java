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

        var portal = new Site("portal", SiteArgs.builder()
            .title("Developer portal")
            .build());

        var guides = new SiteSection("guides", SiteSectionArgs.builder()
            .siteId(portal.id())
            .spaceId(guidesSpace.id())
            .title("Guides")
            .icon("book-open")
            .path("guides")
            .build());

        ctx.export("sectionId", guides.id());
    }
}
