package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Space;
import com.docsplatform.docsplatform.SpaceArgs;
import com.docsplatform.docsplatform.Translation;
import com.docsplatform.docsplatform.TranslationArgs;
import com.docsplatform.docsplatform.inputs.TranslationSourceArgs;
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
        var guidesSpace = new Space("guidesSpace", SpaceArgs.builder()
            .title("Getting started")
            .build());

        var frenchGuides = new Translation("frenchGuides", TranslationArgs.builder()
            .language("fr")
            .source(TranslationSourceArgs.builder()
                .space(guidesSpace.id())
                .language("en")
                .build())
            .runTrigger("release-2026-11")
            .build());

        ctx.export("translationId", frenchGuides.id());
    }
}
