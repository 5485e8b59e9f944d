package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Site;
import com.docsplatform.docsplatform.SiteArgs;
import com.docsplatform.docsplatform.SiteAdaptiveSchema;
import com.docsplatform.docsplatform.SiteAdaptiveSchemaArgs;
import com.docsplatform.docsplatform.inputs.SiteAdaptiveSchemaJsonSchemaArgs;
import com.docsplatform.docsplatform.inputs.SiteAdaptiveSchemaJsonSchemaPropertiesArgs;
import com.docsplatform.docsplatform.inputs.SiteAdaptiveSchemaJsonSchemaPropertiesUnsignedArgs;
import java.util.List;
import java.util.ArrayList;
import java.util.Map;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Paths;
import com.docsplatform.docsplatform.inputs.SiteAdaptiveSchemaJsonSchemaPropertiesUnsignedPropertiesValueArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var portal = new Site("portal", SiteArgs.builder()
            .title("Developer portal")
            .build());

        var visitors = new SiteAdaptiveSchema("visitors", SiteAdaptiveSchemaArgs.builder()
            .siteId(portal.id())
            .jsonSchema(SiteAdaptiveSchemaJsonSchemaArgs.builder()
                .type("object")
                .properties(SiteAdaptiveSchemaJsonSchemaPropertiesArgs.builder()
                    .unsigned(SiteAdaptiveSchemaJsonSchemaPropertiesUnsignedArgs.builder()
                        .type("object")
                        .properties(Map.of("beta", SiteAdaptiveSchemaJsonSchemaPropertiesUnsignedPropertiesValueArgs.builder()
                            .type("boolean")
                            .build()))
                        .additionalProperties(false)
                        .build())
                    .build())
                .additionalProperties(false)
                .build())
            .build());

    }
}
