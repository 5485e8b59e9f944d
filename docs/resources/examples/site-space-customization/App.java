package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Space;
import com.docsplatform.docsplatform.SpaceArgs;
import com.docsplatform.docsplatform.Site;
import com.docsplatform.docsplatform.SiteArgs;
import com.docsplatform.docsplatform.SiteSpace;
import com.docsplatform.docsplatform.SiteSpaceArgs;
import com.docsplatform.docsplatform.SiteSpaceCustomization;
import com.docsplatform.docsplatform.SiteSpaceCustomizationArgs;
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
        var releaseNotes = new Space("releaseNotes", SpaceArgs.builder()
            .title("Release notes")
            .build());

        var portal = new Site("portal", SiteArgs.builder()
            .title("Developer portal")
            .build());

        var changelog = new SiteSpace("changelog", SiteSpaceArgs.builder()
            .siteId(portal.id())
            .spaceId(releaseNotes.id())
            .path("changelog")
            .build());

        var changelogLook = new SiteSpaceCustomization("changelogLook", SiteSpaceCustomizationArgs.builder()
            .siteId(portal.id())
            .siteSpaceId(changelog.id())
            .title("What's new")
            .build());

    }
}
