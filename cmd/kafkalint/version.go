package main

// The command's version, from the build information the go command records in
// the binary (runtime/debug): the module version for go install
// github.com/kafkalint/kafkalint/cmd/kafkalint@VERSION, "(devel)" for a build in
// a checkout, which then names the VCS revision instead.

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
)

// version returns the module version of the binary, or "" for a build that
// has none (a checkout's, or a test binary).
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return ""
}

// toolVersion is the version SARIF names: the module version, or for a build
// in a checkout "devel" and the VCS revision (its first 12 digits, and
// "+modified" for a build with uncommitted changes) when the go command
// recorded it.
func toolVersion() string {
	if v := version(); v != "" {
		return v
	}
	rev, modified := vcs()
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified {
		rev += "+modified"
	}
	return "devel-" + rev
}

// vcs returns the VCS revision the binary was built from and whether its tree
// had uncommitted changes, as the go command records them (not with
// -buildvcs=false, nor in a test binary).
func vcs() (rev string, modified bool) {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	return rev, modified
}

// versionLine is what kafkalint -version prints: "kafkalint VERSION (GO)" for a
// module version, "kafkalint devel REVISION[+modified] (GO)" for a build in a
// checkout (the revision when the go command recorded it: it does unless
// -buildvcs=false).
func versionLine() string {
	if v := version(); v != "" {
		return fmt.Sprintf("kafkalint %s (%s)", v, runtime.Version())
	}
	rev, modified := vcs()
	line := "kafkalint devel"
	if rev != "" {
		line += " " + rev
		if modified {
			line += "+modified"
		}
	}
	return line + " (" + runtime.Version() + ")"
}

// printVFull answers go vet's -V=full, which names the tool's build for the
// go command's cache of vet results (cmd/go, work/buildid.go: toolID). The go
// command takes the last field, "buildID=...", as the tool's identity when the
// third is "devel", and the whole line otherwise; either way the line ends in a
// hash of the executable, as go/analysis' unitchecker prints it, so that a
// rebuilt kafkalint is never served results cached for another build, whatever
// the version says.
func printVFull(w io.Writer) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	f, err := os.Open(exe)
	if err != nil {
		return err
	}
	defer func() { _ = f.Close() }() // read only
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	v := version()
	if v == "" {
		v = "devel"
	}
	_, err = fmt.Fprintf(w, "%s version %s buildID=%x\n", exe, v, h.Sum(nil))
	return err
}
