package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.Collection;
import com.docsplatform.docsplatform.CollectionArgs;
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
        var productDocs = new Collection("productDocs", CollectionArgs.builder()
            .title("Product documentation")
            .description("Everything customers read about the product.")
            .defaultLevel("read")
            .build());

        var tutorials = new Collection("tutorials", CollectionArgs.builder()
            .title("Tutorials")
            .parent(productDocs.id())
            .build());

        ctx.export("productDocsId", productDocs.id());
    }
}
