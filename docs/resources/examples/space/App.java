package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Collection;
import com.docsplatform.docsplatform.CollectionArgs;
import com.docsplatform.docsplatform.Space;
import com.docsplatform.docsplatform.SpaceArgs;
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
        var tutorials = new Collection("tutorials", CollectionArgs.builder()
            .title("Tutorials")
            .build());

        var gettingStarted = new Space("gettingStarted", SpaceArgs.builder()
            .title("Getting started")
            .emoji("📘")
            .parent(tutorials.id())
            .defaultLevel("read")
            .build());

        ctx.export("spaceId", gettingStarted.id());
    }
}
