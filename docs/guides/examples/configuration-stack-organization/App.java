package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Team;
import com.docsplatform.docsplatform.TeamArgs;
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
        final var globexOrganizationId = config.require("globexOrganizationId");
        var writers = new Team("writers", TeamArgs.builder()
            .title("Writers")
            .build());

        var globexWriters = new Team("globexWriters", TeamArgs.builder()
            .organizationId(globexOrganizationId)
            .title("Writers")
            .build());

        ctx.export("writersTeam", writers.id());
        ctx.export("globexWritersTeam", globexWriters.id());
    }
}
