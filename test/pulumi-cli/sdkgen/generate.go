package main

import (
	"fmt"
	"os"

	"github.com/hashicorp/hcl/v2"
	yamlcodegen "github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const languages = "nodejs|python|go"

func generate(language string, pkg *schema.Package, loader schema.ReferenceLoader) (map[string][]byte, error) {
	switch language {
	case "nodejs":
		return nodejs.GeneratePackage("sdkgen", pkg, nil, nil, true, loader)
	case "python":
		return python.GeneratePackage("sdkgen", pkg, nil, loader)
	case "go":
		return gogen.GeneratePackage("sdkgen", pkg, nil)
	}
	return nil, fmt.Errorf("unknown language %q (this build: %s)", language, languages)
}

var programGenerators = map[string]func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error){
	"nodejs": nodejs.GenerateProgram,
	"python": python.GenerateProgram,
	"go":     gogen.GenerateProgram,
}

// adjustForPrograms: Pulumi's own program generators read the schema as it is.
var adjustForPrograms func(*schema.PackageSpec)

// generateProgram reads the Pulumi YAML project in dir with pulumi-yaml's own loader and writes it
// as PCL (what `pulumi convert --from yaml` hands a language's generator) or in a language.
func generateProgram(language, dir string, loader schemaLoader) (map[string][]byte, error) {
	_, template, diags, err := yamlcodegen.LoadTemplate(dir)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %s", dir, diags.Error())
	}
	if language == "pcl" {
		text, diags, err := yamlcodegen.ConvertTemplateIL(template, loader)
		if err := failed(dir, diags, err); err != nil {
			return nil, err
		}
		return map[string][]byte{"main.pp": []byte(text)}, nil
	}
	generator, ok := programGenerators[language]
	if !ok {
		return nil, fmt.Errorf("unknown program language %q (this build: pcl|nodejs|python|go)", language)
	}
	program, diags, err := yamlcodegen.EjectProgram(template, loader)
	if err := failed(dir, diags, err); err != nil {
		return nil, err
	}
	files, diags, err := generator(program)
	if err := failed(dir, diags, err); err != nil {
		return nil, err
	}
	return files, nil
}

// failed turns a step's error or error diagnostics into one error; warnings go to stderr.
func failed(dir string, diags hcl.Diagnostics, err error) error {
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	if diags.HasErrors() {
		return fmt.Errorf("%s: %s", dir, diags.Error())
	}
	for _, diag := range diags {
		fmt.Fprintf(os.Stderr, "%s: warning: %s\n", dir, diag.Error())
	}
	return nil
}
