package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Site;
import com.docsplatform.docsplatform.SiteArgs;
import com.docsplatform.docsplatform.SiteCustomization;
import com.docsplatform.docsplatform.SiteCustomizationArgs;
import com.docsplatform.docsplatform.inputs.SiteCustomizationStylingArgs;
import com.docsplatform.docsplatform.inputs.SiteCustomizationStylingPrimaryColorArgs;
import com.docsplatform.docsplatform.inputs.SiteCustomizationAnnouncementArgs;
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
        var portal = new Site("portal", SiteArgs.builder()
            .title("Developer portal")
            .build());

        var look = new SiteCustomization("look", SiteCustomizationArgs.builder()
            .siteId(portal.id())
            .title("Acme Developer Portal")
            .styling(SiteCustomizationStylingArgs.builder()
                .primaryColor(SiteCustomizationStylingPrimaryColorArgs.builder()
                    .light("#0b5fff")
                    .dark("#6ea2ff")
                    .build())
                .corners("rounded")
                .build())
            .announcement(SiteCustomizationAnnouncementArgs.builder()
                .enabled(true)
                .message("The v3 API is in beta.")
                .style("info")
                .build())
            .build());

    }
}
