package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.DocsplatformFunctions;
import com.docsplatform.docsplatform.inputs.GetTeamArgs;
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
        final var writers = DocsplatformFunctions.getTeam(GetTeamArgs.builder()
            .title("Writers")
            .build());

        ctx.export("teamId", writers.applyValue(result -> result.id()));
        ctx.export("memberCount", writers.applyValue(result -> result.memberCount()));
    }
}
