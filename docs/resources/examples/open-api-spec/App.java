package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.OpenApiSpec;
import com.docsplatform.docsplatform.OpenApiSpecArgs;
import com.docsplatform.docsplatform.inputs.OpenApiSpecSourceArgs;
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
        var petstore = new OpenApiSpec("petstore", OpenApiSpecArgs.builder()
            .slug("petstore")
            .source(OpenApiSpecSourceArgs.builder()
                .url("https://petstore3.swagger.io/api/v3/openapi.json")
                .build())
            .visibility("public")
            .waitForProcessing(true)
            .build());

        ctx.export("processingState", petstore.processingState());
    }
}
