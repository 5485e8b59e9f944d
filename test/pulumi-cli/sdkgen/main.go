// Command sdkgen validates a Pulumi package schema and generates its SDKs with the CLI's own code
// generators, as `pulumi package gen-sdk` does with a language plugin's GeneratePackage. The
// Node.js, Python and Go language plugins are not served by the Go module proxy (the Node.js host
// of this repository is its own and generates nothing); their generators are libraries of
// github.com/pulumi/pulumi/pkg/v3, which the proxy serves. Built beside the CLI by
// test/pulumi-cli/ensure-pulumi.ts.
//
// Built twice: main.go with generate.go as docs-platform-sdkgen (nodejs, python, go) against the
// CLI's pkg/v3, and main.go with generate_java.go as docs-platform-sdkgen-java against the pkg/v3
// that github.com/pulumi/pulumi-java/pkg pins, which its Java generator compiles with.
//
// Usage: sdkgen <schema.json> <language> <out dir>
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintf(os.Stderr, "usage: sdkgen <schema.json> <%s> <out dir>\n", languages)
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3]); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
		os.Exit(1)
	}
}

func run(schemaPath, language, out string) error {
	text, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	// BindSpec checks the schema against Pulumi's metaschema and binds every reference.
	loader := schema.NewPluginLoader(nil)
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{})
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	files, err := generate(language, pkg, loader)
	if err != nil {
		return err
	}
	for name, content := range files {
		target := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, content, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("%d files\n", len(files))
	return nil
}
