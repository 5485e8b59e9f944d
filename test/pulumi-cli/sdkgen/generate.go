package main

import (
	"fmt"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
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
