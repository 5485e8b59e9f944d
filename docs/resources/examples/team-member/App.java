package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Team;
import com.docsplatform.docsplatform.TeamArgs;
import com.docsplatform.docsplatform.TeamMember;
import com.docsplatform.docsplatform.TeamMemberArgs;
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
        var translators = new Team("translators", TeamArgs.builder()
            .title("Translators")
            .build());

        var translatorsLead = new TeamMember("translatorsLead", TeamMemberArgs.builder()
            .teamId(translators.id())
            .email("eli@acme.test")
            .role("owner")
            .build());

    }
}
