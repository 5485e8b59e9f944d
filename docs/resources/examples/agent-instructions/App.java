package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.AgentInstructions;
import com.docsplatform.docsplatform.AgentInstructionsArgs;
import com.docsplatform.docsplatform.inputs.AgentInstructionsInstructionsArgs;
import com.docsplatform.docsplatform.inputs.AgentInstructionsInstructionsDataArgs;
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
        var agents = new AgentInstructions("agents", AgentInstructionsArgs.builder()
            .instructions(AgentInstructionsInstructionsArgs.builder()
                .object("document")
                .data(AgentInstructionsInstructionsDataArgs.builder()
                    .schemaVersion(1.0)
                    .build())
                .nodes(                
                    Map.ofEntries(
                        Map.entry("object", "block"),
                        Map.entry("type", "paragraph"),
                        Map.entry("nodes", List.of(Map.ofEntries(
                            Map.entry("object", "text"),
                            Map.entry("leaves", List.of(Map.ofEntries(
                                Map.entry("object", "leaf"),
                                Map.entry("text", "Answer from the published documentation only.")
                            )))
                        )))
                    ),
                    Map.ofEntries(
                        Map.entry("object", "block"),
                        Map.entry("type", "paragraph"),
                        Map.entry("nodes", List.of(Map.ofEntries(
                            Map.entry("object", "text"),
                            Map.entry("leaves", List.of(Map.ofEntries(
                                Map.entry("object", "leaf"),
                                Map.entry("text", "Link to the page an answer comes from.")
                            )))
                        )))
                    ))
                .build())
            .build());

    }
}
