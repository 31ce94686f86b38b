// Command go-module writes one version of a Go module in a module proxy's layout (the GOPROXY
// protocol: <module>/@v/list, <version>.info, .mod and .zip), from the module's folder, with
// golang.org/x/mod's zip package: the same zip the go command and the public proxy make, checked
// against the same rules (file names, sizes, nested modules left out).
//
//	go run . <module folder> <version> <proxy folder> <commit time, RFC 3339>
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: go-module <module folder> <version> <proxy folder> <time>")
		os.Exit(2)
	}
	if err := write(os.Args[1], os.Args[2], os.Args[3], os.Args[4]); err != nil {
		fmt.Fprintln(os.Stderr, "go-module:", err)
		os.Exit(1)
	}
}

func write(dir, version, proxy, when string) error {
	goMod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	path := modfile.ModulePath(goMod)
	if path == "" {
		return fmt.Errorf("%s/go.mod names no module", dir)
	}
	stamp, err := time.Parse(time.RFC3339, when)
	if err != nil {
		return fmt.Errorf("time %q: %w", when, err)
	}
	mod := module.Version{Path: path, Version: version}
	if err := module.Check(mod.Path, mod.Version); err != nil {
		return err
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	out := filepath.Join(proxy, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	zip, err := os.Create(filepath.Join(out, version+".zip"))
	if err != nil {
		return err
	}
	if err := modzip.CreateFromDir(zip, mod, dir); err != nil {
		zip.Close()
		return err
	}
	if err := zip.Close(); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, stamp.UTC()})
	if err != nil {
		return err
	}
	files := map[string][]byte{
		version + ".mod":  goMod,
		version + ".info": info,
		"list":            []byte(version + "\n"),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
			return err
		}
	}
	fmt.Println(filepath.Join(out, version+".zip"))
	return nil
}
