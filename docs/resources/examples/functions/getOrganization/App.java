package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.DocsplatformFunctions;
import com.docsplatform.docsplatform.inputs.GetOrganizationArgs;
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

        ctx.export("organizationTitle", organizationVar.applyValue(result -> result.title()));
        ctx.export("emailDomains", organizationVar.applyValue(result -> result.emailDomains()));
    }
}
