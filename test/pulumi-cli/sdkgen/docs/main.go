// Command docs-platform-sdkgen-docs renders the Pulumi Registry's API pages of a package from its
// schema with Pulumi's own docs generator (github.com/pulumi/pulumi/pkg/v3/codegen/docs), as the
// Registry does: each resource's and function's page, with the examples and the Import section the
// schema's descriptions carry.
//
// pkg/v3 holds codegen/docs up to v3.143.0 (the Registry's own tools have it since, and the Go
// module proxy does not serve them here), so this is its own build against that pkg/v3, beside
// docs-platform-sdkgen (which is built against the CLI's pkg/v3, without codegen/docs). Built by
// test/pulumi-cli/ensure-pulumi.ts.
//
// Usage: docs-platform-sdkgen-docs <schema.json> docs <out dir>
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pulumi/pulumi/pkg/v3/codegen/docs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

func main() {
	if len(os.Args) != 4 || os.Args[2] != "docs" {
		fmt.Fprintln(os.Stderr, "usage: docs-platform-sdkgen-docs <schema.json> docs <out dir>")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[3]); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen docs: %v\n", err)
		os.Exit(1)
	}
}

func run(schemaPath, out string) error {
	text, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	pkg, diags, err := schema.BindSpec(spec, nil)
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	docs.Initialize("docs-platform-sdkgen-docs", pkg)
	files, err := docs.GeneratePackage("docs-platform-sdkgen-docs", pkg)
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
