package main

// The program subcommand: one example program converted to another language with Pulumi's own
// program generators, as `pulumi convert` does through language plugins the Go module proxy does
// not serve. The schema comes from the file given, not from a plugin: schemaLoader serves it.

import (
	"context"
	"fmt"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// schemaLoader serves one bound package, the one of the schema file, under its name.
type schemaLoader struct {
	pkg *schema.Package
}

func (l schemaLoader) find(name string) (*schema.Package, error) {
	if name != l.pkg.Name {
		return nil, fmt.Errorf("package %q: this converter knows only %q", name, l.pkg.Name)
	}
	return l.pkg, nil
}

func (l schemaLoader) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return l.find(name)
}

func (l schemaLoader) LoadPackageV2(_ context.Context, descriptor *schema.PackageDescriptor) (*schema.Package, error) {
	return l.find(descriptor.Name)
}

func (l schemaLoader) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.find(name)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

func (l schemaLoader) LoadPackageReferenceV2(_ context.Context, descriptor *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(descriptor.Name, nil)
}
