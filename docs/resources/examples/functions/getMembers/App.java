package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.DocsplatformFunctions;
import com.docsplatform.docsplatform.inputs.GetMembersArgs;
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
        final var adminsVar = DocsplatformFunctions.getMembers(GetMembersArgs.builder()
            .role("admin")
            .build());

        // pulumi-java cannot export a lookup's result objects as they are: export each one's id (or the fields wanted).
        ctx.export("admins", adminsVar.applyValue(result -> result.members().stream().map(item -> item.id()).toList()));
    }
}
