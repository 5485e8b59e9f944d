package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.docsplatform.docsplatform.SamlProvider;
import com.docsplatform.docsplatform.SamlProviderArgs;
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
        final var config = ctx.config();
        final var oktaCertificate = config.requireSecret("oktaCertificate");
        var okta = new SamlProvider("okta", SamlProviderArgs.builder()
            .label("Okta")
            .entityID("http://www.okta.com/exk1acmedocs")
            .ssoURL("https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml")
            .certificate(oktaCertificate)
            .defaultRole("read")
            .build());

        ctx.export("samlProviderId", okta.id());
    }
}
