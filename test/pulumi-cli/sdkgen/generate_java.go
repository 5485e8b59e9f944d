package main

import (
	"fmt"

	javagen "github.com/pulumi/pulumi-java/pkg/codegen/java"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const languages = "java"

func generate(language string, pkg *schema.Package, _ schema.ReferenceLoader) (map[string][]byte, error) {
	if language != "java" {
		return nil, fmt.Errorf("unknown language %q (this build: %s)", language, languages)
	}
	return javagen.GeneratePackage("sdkgen", pkg, nil, nil, true, false)
}
