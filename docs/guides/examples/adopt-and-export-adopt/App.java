package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Team;
import com.docsplatform.docsplatform.TeamArgs;
import com.docsplatform.docsplatform.Collection;
import com.docsplatform.docsplatform.CollectionArgs;
import java.util.List;
import java.util.ArrayList;
import java.util.Map;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Paths;
import com.docsplatform.docsplatform.inputs.AdoptByIdArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        final var config = ctx.config();
        final var editorsTeamId = config.require("editorsTeamId");
        var editors = new Team("editors", TeamArgs.builder()
            .title("Editors")
            .adopt(AdoptByIdArgs.builder().id(editorsTeamId).build())
            .build());

        var playbooks = new Collection("playbooks", CollectionArgs.builder()
            .title("Playbooks")
            .adopt(true)
            .build());

        ctx.export("editorsTeam", editors.id());
        ctx.export("playbooksCollection", playbooks.id());
    }
}
