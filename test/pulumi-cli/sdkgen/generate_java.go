package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	javagen "github.com/pulumi/pulumi-java/pkg/codegen/java"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/model"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const languages = "java"

func generate(language string, pkg *schema.Package, _ schema.ReferenceLoader) (map[string][]byte, error) {
	if language != "java" {
		return nil, fmt.Errorf("unknown language %q (this build: %s)", language, languages)
	}
	return javagen.GeneratePackage("sdkgen", pkg, nil, nil, true, false)
}

// adjustForPrograms gives the schema, for program generation only, the namespace its Java base
// package implies (com.<namespace>): pulumi-java 1.12.0's program generator names input types
// com.<namespace>.<package>.inputs (com.pulumi when there is none) instead of reading the base
// package, which it reads for resources. The SDK itself is generated from the schema as it is.
func adjustForPrograms(spec *schema.PackageSpec) {
	var java struct {
		BasePackage string `json:"basePackage"`
	}
	if err := json.Unmarshal(spec.Language["java"], &java); err == nil && spec.Namespace == "" {
		if namespace, ok := strings.CutPrefix(java.BasePackage, "com."); ok && !strings.Contains(namespace, ".") {
			spec.Namespace = namespace
		}
	}
}

// runLanguageHostProgram: Pulumi's own Java host (pulumi-language-java) answers GenerateProgram.
func runLanguageHostProgram(language, _ string, _ bool) error {
	return fmt.Errorf("language %q: this build generates no program for a language host (docs-platform-sdkgen does, for nodejs|python|go)", language)
}

// generateProgram reads the PCL in dir (what docs-platform-sdkgen writes for language pcl) and
// writes it in Java with pulumi-java's program generator, bound as pulumi-yaml binds its own PCL.
func generateProgram(language, dir string, loader schemaLoader) (map[string][]byte, error) {
	if language != "java" {
		return nil, fmt.Errorf("unknown program language %q (this build: java)", language)
	}
	program, diags, err := pcl.BindDirectory(dir, loader, pcl.SkipResourceTypechecking, pcl.AllowMissingProperties, pcl.AllowMissingVariables)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %s", dir, diags.Error())
	}
	literalObjectKeys(program)
	files, diags, err := javagen.GenerateProgram(program)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %s", dir, diags.Error())
	}
	for _, diag := range diags {
		fmt.Fprintf(os.Stderr, "%s: warning: %s\n", dir, diag.Error())
	}
	for name, text := range files {
		// The generator formats an expression it cannot print as %!v(PANIC=...) and carries on.
		if strings.Contains(string(text), "%!v(PANIC") {
			return nil, fmt.Errorf("%s: pulumi-java's program generator could not print part of %s:\n%s", dir, name, text)
		}
	}
	return files, nil
}

// literalObjectKeys turns each object key written as a one-part template ("beta", the form
// pulumi-yaml's PCL gives every key) into the literal it holds: pulumi-java 1.12.0's program
// generator takes the key of a map inside a typed input to be a literal, and panics otherwise.
func literalObjectKeys(program *pcl.Program) {
	literal := func(expr model.Expression) (model.Expression, hcl.Diagnostics) {
		if object, ok := expr.(*model.ObjectConsExpression); ok {
			for i, item := range object.Items {
				if template, ok := item.Key.(*model.TemplateExpression); ok && len(template.Parts) == 1 {
					if value, ok := template.Parts[0].(*model.LiteralValueExpression); ok {
						object.Items[i].Key = value
					}
				}
			}
		}
		return expr, nil
	}
	for _, node := range program.Nodes {
		if resource, ok := node.(*pcl.Resource); ok {
			for _, input := range resource.Inputs {
				input.Value, _ = model.VisitExpression(input.Value, model.IdentityVisitor, literal)
			}
		}
	}
}
