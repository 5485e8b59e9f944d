// docs-platform-macho-sign signs a Mach-O executable ad hoc, as `codesign --sign - <file>` does on
// a Mac: a code signature whose CodeDirectory holds the SHA-256 of every page of the file before
// it, no certificate. It runs on Linux (github.com/blacktop/go-macho's codesign package), so the
// release signs its darwin executables after postject has injected the plugin (sea.mts, sign.mts).
//
//	docs-platform-macho-sign <input> <output> <identifier>
//
// The input must carry no signature (sign.mts strips Node.js's before the injection): a new
// LC_CODE_SIGNATURE is added after the load commands, and the signature appended to __LINKEDIT.
// Every byte between the load commands and the signature stays where it was.
package main

import (
	"bytes"
	"fmt"
	"os"

	macho "github.com/blacktop/go-macho"
	"github.com/blacktop/go-macho/pkg/codesign"
	cstypes "github.com/blacktop/go-macho/pkg/codesign/types"
)

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: docs-platform-macho-sign <input> <output> <identifier>")
		os.Exit(2)
	}
	if err := sign(os.Args[1], os.Args[2], os.Args[3]); err != nil {
		fmt.Fprintf(os.Stderr, "docs-platform-macho-sign: %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}

func sign(input, output, identifier string) error {
	original, err := os.ReadFile(input)
	if err != nil {
		return err
	}
	f, err := macho.NewFile(bytes.NewReader(original))
	if err != nil {
		return err
	}
	if f.CodeSignature() != nil {
		return fmt.Errorf("already carries a signature: strip it first")
	}
	headerEnd := uint64(f.FileHeader.SizeCommands) + 32 // mach_header_64 and its load commands
	if err := f.CodeSign(&codesign.Config{ID: identifier, Flags: cstypes.ADHOC}); err != nil {
		return err
	}
	// go-macho's SaveBuffer writes the segments one after the other, but postject's NODE_SEA
	// segment ends short of the page where __LINKEDIT begins: its output would move __LINKEDIT. The
	// signature itself is computed over the file as it is (CodeSign reads the input at its own
	// offsets), so the output is the input with SaveBuffer's header and load commands, cut where the
	// signature begins, and SaveBuffer's tail: the signature and its padding, the end of __LINKEDIT.
	var out bytes.Buffer
	if err := f.SaveBuffer(&out); err != nil {
		return err
	}
	saved := out.Bytes()
	cs := f.CodeSignature()
	linkedit := f.Segment("__LINKEDIT")
	if cs == nil || linkedit == nil {
		return fmt.Errorf("no signature or no __LINKEDIT after signing")
	}
	newHeaderEnd := uint64(f.FileHeader.SizeCommands) + 32
	signatureEnd := linkedit.Offset + linkedit.Filesz
	tail := signatureEnd - uint64(cs.Offset)
	if newHeaderEnd > uint64(cs.Offset) || tail > uint64(len(saved)) {
		return fmt.Errorf("unexpected layout after signing")
	}
	signed := make([]byte, signatureEnd)
	copy(signed, original[:min(uint64(len(original)), uint64(cs.Offset))])
	copy(signed, saved[:newHeaderEnd])
	copy(signed[cs.Offset:], saved[uint64(len(saved))-tail:])
	// The load commands grew by one into the header's padding: that padding must have been free.
	if !bytes.Equal(original[headerEnd:newHeaderEnd], make([]byte, newHeaderEnd-headerEnd)) {
		return fmt.Errorf("no free space after the load commands for LC_CODE_SIGNATURE")
	}
	return os.WriteFile(output, signed, 0o755)
}
