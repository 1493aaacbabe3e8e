// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command installkernel installs the GoNB Jupyter kernelspec so that the
// kernel finds goimports without the user changing PATH.
//
// Usage:
//
//	installkernel [-bin dir]
//
// dir (default ./bin) must hold the gonb and goimports executables built
// from the tool directives of go.mod (GOBIN=$PWD/bin go install tool). The
// command runs
//
//	dir/gonb --install -raw_error -force_deps
//
// which writes $JUPYTER_DATA_DIR/kernels/gonb/kernel.json (default data
// directory ~/.local/share/jupyter, ~/Library/Jupyter on macOS), then adds
//
//	"env": {"PATH": "<dir>:${PATH}"}
//
// to that file. gonb v0.11.4 records its own absolute path in kernel.json but
// not where goimports is, and looks goimports up on PATH each time a cell
// runs; jupyter_client 7 and later expand ${PATH} in a kernelspec's env when
// it starts the kernel. -force_deps lets the install proceed without gopls,
// which the kernel only needs for completion and hover help.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

func main() {
	bin := flag.String("bin", "bin", "directory holding the gonb and goimports executables")
	flag.Parse()
	if flag.NArg() != 0 {
		fmt.Fprintf(os.Stderr, "installkernel: unexpected arguments %q\n", flag.Args())
		flag.Usage()
		os.Exit(2)
	}
	path, err := install(*bin)
	if err != nil {
		fmt.Fprintf(os.Stderr, "installkernel: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("installkernel: GoNB kernelspec written to %s\n", path)
}

// install installs the kernelspec using the executables in bin and returns
// the path of kernel.json.
func install(bin string) (string, error) {
	bin, err := filepath.Abs(bin)
	if err != nil {
		return "", err
	}
	for _, name := range []string{"gonb", "goimports"} {
		p := filepath.Join(bin, name)
		if fi, err := os.Stat(p); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			return "", fmt.Errorf("no executable %s in -bin %q (build it with GOBIN=%s go install tool)", name, bin, bin)
		}
	}
	dir, err := kernelDir()
	if err != nil {
		return "", err
	}
	cmd := exec.Command(filepath.Join(bin, "gonb"), "--install", "-raw_error", "-force_deps")
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("gonb --install: %v\n%s", err, out)
	}
	path := filepath.Join(dir, "kernel.json")
	spec, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("gonb --install did not write the expected kernelspec: %w", err)
	}
	spec, err = withPath(spec, bin)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return path, os.WriteFile(path, spec, 0o644)
}

// kernelDir returns the directory where gonb v0.11.4 writes its kernelspec
// (internal/kernel/install.go of gonb).
func kernelDir() (string, error) {
	data := os.Getenv("JUPYTER_DATA_DIR")
	if data == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		switch runtime.GOOS {
		case "darwin":
			data = filepath.Join(home, "Library", "Jupyter")
		case "windows":
			return "", errors.New("gonb does not run on Windows")
		default:
			data = filepath.Join(home, ".local", "share", "jupyter")
		}
	}
	return filepath.Join(data, "kernels", "gonb"), nil
}

// withPath returns the kernelspec spec with bin prepended to the kernel's
// PATH. It keeps every other field of spec, and an earlier entry for bin is
// not repeated, so that installing twice gives the same file.
func withPath(spec []byte, bin string) ([]byte, error) {
	var ks map[string]any
	if err := json.Unmarshal(spec, &ks); err != nil {
		return nil, fmt.Errorf("kernelspec is not JSON: %w", err)
	}
	if argv, ok := ks["argv"].([]any); !ok || len(argv) == 0 {
		return nil, errors.New("kernelspec has no argv")
	}
	env := map[string]any{}
	if e, ok := ks["env"]; ok && e != nil {
		if env, ok = e.(map[string]any); !ok {
			return nil, fmt.Errorf("kernelspec env is %T, want an object", e)
		}
	}
	path := "${PATH}"
	if p, ok := env["PATH"].(string); ok && p != "" {
		path = p
	}
	sep := string(os.PathListSeparator)
	if !strings.HasPrefix(path, bin+sep) {
		path = bin + sep + path
	}
	env["PATH"] = path
	ks["env"] = env
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(ks); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
