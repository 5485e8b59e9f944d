package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.OrganizationSettings;
import com.docsplatform.docsplatform.OrganizationSettingsArgs;
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
        var settings = new OrganizationSettings("settings", OrganizationSettingsArgs.builder()
            .title("Acme Documentation")
            .defaultRole("read")
            .inviteLinks(false)
            .ai(true)
            .build());

        ctx.export("title", settings.title());
    }
}
