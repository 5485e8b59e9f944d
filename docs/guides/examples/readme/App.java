package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.DocsplatformFunctions;
import com.docsplatform.docsplatform.inputs.GetOrganizationArgs;
import com.docsplatform.docsplatform.Team;
import com.docsplatform.docsplatform.TeamArgs;
import com.docsplatform.docsplatform.Collection;
import com.docsplatform.docsplatform.CollectionArgs;
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
        final var organizationVar = DocsplatformFunctions.getOrganization(GetOrganizationArgs.builder()
            .build());

        var writers = new Team("writers", TeamArgs.builder()
            .title("Writers")
            .build());

        var handbook = new Collection("handbook", CollectionArgs.builder()
            .title("Handbook")
            .description("How we work")
            .build());

        var onboarding = new Space("onboarding", SpaceArgs.builder()
            .title("Onboarding")
            .parent(handbook.id())
            .build());

        var handbookSite = new Site("handbookSite", SiteArgs.builder()
            .title("Handbook")
            .visibility("unlisted")
            .build());

        var onboardingSection = new SiteSection("onboardingSection", SiteSectionArgs.builder()
            .siteId(handbookSite.id())
            .spaceId(onboarding.id())
            .title("Onboarding")
            .build());

        ctx.export("organizationTitle", organizationVar.applyValue(result -> result.title()));
        ctx.export("writersTeam", writers.id());
        ctx.export("siteId", handbookSite.id());
    }
}
