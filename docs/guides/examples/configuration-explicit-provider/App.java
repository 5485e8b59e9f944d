package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Provider;
import com.docsplatform.docsplatform.ProviderArgs;
import com.docsplatform.docsplatform.Team;
import com.docsplatform.docsplatform.TeamArgs;
import com.pulumi.resources.CustomResourceOptions;
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
        final var globexApiUrl = config.require("globexApiUrl");
        final var globexToken = config.requireSecret("globexToken");
        final var globexOrganizationId = config.require("globexOrganizationId");
        var globex = new Provider("globex", ProviderArgs.builder()
            .apiUrl(globexApiUrl)
            .token(globexToken)
            .organizationId(globexOrganizationId)
            .maxConcurrentRequests(2)
            .build());

        var support = new Team("support", TeamArgs.builder()
            .title("Support")
            .build(), CustomResourceOptions.builder()
                .provider(globex)
                .build());

        ctx.export("supportTeam", support.id());
    }
}
