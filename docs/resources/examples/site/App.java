package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Site;
import com.docsplatform.docsplatform.SiteArgs;
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
            .visibility("public")
            .agentsContext("included")
            .published(true)
            .build());

        ctx.export("siteId", portal.id());
    }
}
