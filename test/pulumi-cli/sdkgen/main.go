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
//
//	sdkgen program <schema.json> <program dir> <language> <out dir>
//	sdkgen host-program <language> <loader address> [--strict] < {"<file>.pp": "<PCL>"}
//
// The second form converts one program (program.go): docs-platform-sdkgen reads a Pulumi YAML
// project and writes it as PCL (language pcl), TypeScript (nodejs), Python or Go;
// docs-platform-sdkgen-java reads the PCL and writes Java.
//
// The third form is GenerateProgram of a language host (generate.go, runLanguageHostProgram):
// test/pulumi-cli/language-host.mjs, which stands in for Pulumi's Node.js, Python and Go hosts,
// answers `pulumi import`'s request for code with it. The PCL comes on stdin, the packages from the
// engine's schema loader at the address given; files and diagnostics go to stdout as JSON.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

func main() {
	if len(os.Args) >= 4 && len(os.Args) <= 5 && os.Args[1] == "host-program" && (len(os.Args) == 4 || os.Args[4] == "--strict") {
		if err := runLanguageHostProgram(os.Args[2], os.Args[3], len(os.Args) == 5); err != nil {
			fmt.Fprintf(os.Stderr, "sdkgen host-program: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) == 6 && os.Args[1] == "program" {
		if err := runProgram(os.Args[2], os.Args[3], os.Args[4], os.Args[5]); err != nil {
			fmt.Fprintf(os.Stderr, "sdkgen program: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) != 4 {
		fmt.Fprintf(os.Stderr, "usage: sdkgen <schema.json> <%s> <out dir>\n", languages)
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3]); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
		os.Exit(1)
	}
}

func bindSchema(schemaPath string, loader schema.ReferenceLoader, adjust func(*schema.PackageSpec)) (*schema.Package, error) {
	text, err := os.ReadFile(schemaPath)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", schemaPath, err)
	}
	if adjust != nil {
		adjust(&spec)
	}
	// BindSpec checks the schema against Pulumi's metaschema and binds every reference.
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return pkg, nil
}

func run(schemaPath, language, out string) error {
	loader := schema.NewPluginLoader(nil)
	pkg, err := bindSchema(schemaPath, loader, nil)
	if err != nil {
		return err
	}
	files, err := generate(language, pkg, loader)
	if err != nil {
		return err
	}
	return writeFiles(out, files)
}

func runProgram(schemaPath, programDir, language, out string) error {
	pkg, err := bindSchema(schemaPath, schema.NewPluginLoader(nil), adjustForPrograms)
	if err != nil {
		return err
	}
	files, err := generateProgram(language, programDir, schemaLoader{pkg})
	if err != nil {
		return err
	}
	return writeFiles(out, files)
}

func writeFiles(out string, files map[string][]byte) error {
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
