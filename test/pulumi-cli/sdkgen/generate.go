package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	yamlcodegen "github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
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

// runLanguageHostProgram is a language host's GenerateProgram (`pulumi import` asks for one, and
// `pulumi convert`'s generators are the same): the PCL files of the request, read as JSON from
// stdin ({"<file>.pp": "<text>"}), bound against the packages the engine's schema loader serves at
// loaderTarget, then written in language with Pulumi's own program generator, as Pulumi's
// Node.js, Python and Go hosts do (their GenerateProgram: parse, pcl.BindProgram with the loader
// client, codegen's GenerateProgram). It prints {"files": {...}, "diagnostics": [...]} on stdout:
// files as base64, and the binder's and generator's diagnostics as the GenerateProgramResponse
// carries them; a program that does not bind gives its diagnostics and no files, as Pulumi's hosts
// answer. A file that does not parse is an error (exit 1), as it is for Pulumi's hosts.
func runLanguageHostProgram(language, loaderTarget string, strict bool) error {
	generator, ok := programGenerators[language]
	if !ok {
		return fmt.Errorf("unknown program language %q (this build: nodejs|python|go)", language)
	}
	var source map[string]string
	if err := json.NewDecoder(os.Stdin).Decode(&source); err != nil {
		return fmt.Errorf("reading the program's files from stdin: %w", err)
	}
	loader, err := schema.NewLoaderClient(loaderTarget)
	if err != nil {
		return err
	}
	defer loader.Close()

	parser := syntax.NewParser()
	names := make([]string, 0, len(source))
	for name := range source {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := parser.ParseFile(strings.NewReader(source[name]), name); err != nil {
			return err
		}
		if parser.Diagnostics.HasErrors() {
			return parser.Diagnostics
		}
	}
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !strict {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return err
	}
	response := hostProgramResponse{Files: map[string][]byte{}, Diagnostics: hostDiagnostics(diags)}
	if !diags.HasErrors() {
		if program == nil {
			return fmt.Errorf("internal error: the program was nil")
		}
		files, generated, err := generator(program)
		if err != nil {
			return err
		}
		response.Files = files
		response.Diagnostics = append(response.Diagnostics, hostDiagnostics(generated)...)
	}
	return json.NewEncoder(os.Stdout).Encode(response)
}

type hostProgramResponse struct {
	Files       map[string][]byte `json:"files"`
	Diagnostics []hostDiagnostic  `json:"diagnostics"`
}

// hostDiagnostic is hcl.Diagnostic in the shape of the codegen Diagnostic message (pulumi/codegen/hcl.proto).
type hostDiagnostic struct {
	Severity int        `json:"severity"`
	Summary  string     `json:"summary"`
	Detail   string     `json:"detail"`
	Subject  *hcl.Range `json:"subject,omitempty"`
	Context  *hcl.Range `json:"context,omitempty"`
}

func hostDiagnostics(diags hcl.Diagnostics) []hostDiagnostic {
	result := make([]hostDiagnostic, 0, len(diags))
	for _, diag := range diags {
		result = append(result, hostDiagnostic{Severity: int(diag.Severity), Summary: diag.Summary, Detail: diag.Detail, Subject: diag.Subject, Context: diag.Context})
	}
	return result
}
