package main

// The result cache of the standalone command (text, -json and -sarif; -fix
// always analyses). A run that finds its inputs unchanged prints what the same
// run printed before, without type-checking or analysing anything: after the
// listing (go list, which also says which files each package has now), the
// command hashes what can change its results and looks the hash up in a
// content-addressed store, honnef.co/go/tools/lintcmd/cache (staticcheck's copy
// of the go command's build cache: entries checked against their hash on
// read, unused ones trimmed after five days, at most one trim a day).
//
// The key of a run is the hash of
//
//   - kafkalint's own executable (its content: the cache's salt), the command
//     line (flags, analyzer selection, build flags, patterns), the working
//     directory, the Go version and the go command's environment (GOOS, GOARCH,
//     CGO_ENABLED, GOFLAGS, GOMOD, GOWORK, GOVERSION, GOROOT, GOMODCACHE,
//     GOEXPERIMENT, CC, CXX, every GO*, CGO_* and KAFKALINT_* variable), the go
//     env file (go env -w), the C compiler's executable (its size and time,
//     with cgo on), the main module's go.mod, go.work and a -modfile;
//   - for every package of the listing (go list -deps, without -export: the
//     requested packages and their dependencies): its ID, name, import path,
//     directory, listing errors, imports and module (path, version,
//     replacement, Go version); and, for the packages that the analysis reads
//     (the requested packages that reach a client and everything they import),
//     what identifies their contents: for a package of the standard library,
//     the Go version and GOROOT (above); for one in the module cache, its
//     module's path and version (contents go.sum checked when they were
//     downloaded and that the go command keeps read-only); for any other (the
//     main module's, a workspace module's, a replacement directory's, a
//     vendored one, files named on the command line), the contents of all its
//     files (Go and cgo, other, ignored and embedded files; a test's generated
//     main by its build-cache name, which is its hash).
//
// Any change of a file the analysis reads, of a local dependency (its API
// feeds the type-checking; a broken one is type-checked from source and its
// errors printed; a change of its body alone costs one analysis, which prints
// the same), of a module's version, of the flags or the build configuration
// changes the key, and the run is analysed in full, as without the cache, and
// stored under the new key. The key needs no export data: a hit costs the
// listing of the import graph (nothing is built) and the hashing, and only a
// miss lists the reaching packages again with export data (load.go, step 2).
// What the key does not see: edits inside the module cache (made writable by
// -modcacherw; go mod verify reports them) or GOROOT, and C headers outside a
// package (the go command's build cache does not see those either).
// The value is what the analysis produced: the action graph the printers read
// (analyzers, packages, the diagnostics with their suggested fixes and related
// information, the errors), the lines of broken packages and the gate's causes;
// positions are kept as file and offset, with each file's size, line table and
// //line adjustments, so that the printers give the same lines, columns and
// offsets. An entry that does not read back in full (truncated, corrupt, from
// another version) is a miss.
//
// The store is in os.UserCacheDir()/kafkalint, or the directory -cache or
// KAFKALINT_CACHE names; off (either) disables it. A run with -overlay is not
// cached (the files it substitutes are not in the listing).

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"honnef.co/go/tools/lintcmd/cache"
)

// cacheEnv names the environment variable that moves (a directory) or disables
// (off) the result cache; -cache beats it.
const cacheEnv = "KAFKALINT_CACHE"

// cacheLogEnv names a file to which each run appends what the cache did (hit,
// miss, stored), one line each: for the tests and for a user who wonders.
const cacheLogEnv = "KAFKALINT_CACHE_LOG"

func cacheLog(event string) {
	name := os.Getenv(cacheLogEnv)
	if name == "" {
		return
	}
	if f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o666); err == nil {
		_, _ = fmt.Fprintln(f, event)
		_ = f.Close()
	}
}

// cacheFormat changes when the encoding of an entry does.
const cacheFormat = "kafkalint result cache 1"

const cacheREADME = "This directory holds the result cache of kafkalint (https://pkg.go.dev/github.com/kafkalint/kafkalint).\nIt may be deleted at any time; kafkalint -cache=off or KAFKALINT_CACHE=off disables it.\n"

// cacheDir returns the cache's directory, "" when it is off, and whether it was
// named explicitly (-cache or KAFKALINT_CACHE).
func cacheDir(flagValue string) (dir string, explicit bool, err error) {
	dir = flagValue
	if dir == "" {
		dir = os.Getenv(cacheEnv)
	}
	switch dir {
	case "off":
		return "", true, nil
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return "", false, err
		}
		return filepath.Join(base, "kafkalint"), false, nil
	}
	abs, err := filepath.Abs(dir)
	return abs, true, err
}

// openCache opens the cache the command line selects, or returns nil: off, or
// a cache that cannot be used (a line on standard error says why when the
// directory was named explicitly; the run is then analysed, as without it).
func openCache(flagValue string) *cache.DiskCache {
	dir, explicit, err := cacheDir(flagValue)
	if err == nil && dir == "" {
		return nil
	}
	var c *cache.DiskCache
	if err == nil {
		err = os.MkdirAll(dir, 0o777)
	}
	if err == nil {
		if _, statErr := os.Stat(filepath.Join(dir, "README")); statErr != nil {
			_ = os.WriteFile(filepath.Join(dir, "README"), []byte(cacheREADME), 0o666) // best effort, as the go command
		}
		c, err = cache.Open(dir)
	}
	if err == nil {
		var exe string
		if exe, err = os.Executable(); err == nil {
			var sum [cache.HashSize]byte
			if sum, err = cache.FileHash(exe); err == nil {
				cache.SetSalt(sum[:])
			}
		}
	}
	if err != nil {
		if explicit {
			fmt.Fprintf(os.Stderr, "kafkalint: the result cache is off for this run: %v\n", err)
		}
		return nil
	}
	return c
}

// buildCacheFile matches the name of a file of the go command's build cache,
// which is the hash of its content (a test's generated main package).
var buildCacheFile = regexp.MustCompile(`^[0-9a-f]{64}-d$`)

// within reports whether the directory dir is root or inside it.
func within(dir, root string) bool {
	if dir == "" || root == "" {
		return false
	}
	rel, err := filepath.Rel(root, dir)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// runKey returns the key of a run (see the top of the file) on the listing l,
// without export data; ok is false when a file cannot be read (the run is then
// not cached).
func runKey(cl *commandLine, env *goEnv, l *listing, cover bool) (key cache.ActionID, ok bool) {
	h := cache.NewHash("kafkalint run")
	_, _ = fmt.Fprintf(h, "%s\n", cacheFormat)
	_, _ = fmt.Fprintf(h, "args %q\ncover %t\n", withoutCacheFlag(cl.args), cover)
	cwd, _ := os.Getwd()
	_, _ = fmt.Fprintf(h, "cwd %q\ngo %s %s/%s\n", cwd, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	_, _ = fmt.Fprintf(h, "env %q %q %q %q %q %q %q\n", env.GOARCH, env.CGO_ENABLED, env.GOMOD, env.GOWORK, env.GOFLAGS, env.GOVERSION, env.flags)
	_, _ = fmt.Fprintf(h, "env %q %q %q %q %q %q\n", env.GOOS, env.GOROOT, env.GOMODCACHE, env.GOEXPERIMENT, env.CC, env.CXX)
	var vars []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if name != cacheEnv && name != cacheLogEnv && (strings.HasPrefix(name, "GO") || strings.HasPrefix(name, "CGO_") || strings.HasPrefix(name, "KAFKALINT_")) {
			vars = append(vars, kv)
		}
	}
	sort.Strings(vars)
	_, _ = fmt.Fprintf(h, "vars %q\n", vars)
	hashFile := func(what, name string) bool {
		if name == "" || name == os.DevNull {
			_, _ = fmt.Fprintf(h, "%s -\n", what)
			return true
		}
		sum, err := cache.FileHash(name)
		if err != nil {
			return errors.Is(err, os.ErrNotExist) && what != "file"
		}
		_, _ = fmt.Fprintf(h, "%s %q %x\n", what, name, sum)
		return true
	}
	// go.mod and go.work (their effects are in the listing: this is for
	// certainty), the go env file (go env -w: GOFLAGS, GOOS, GOEXPERIMENT, ...).
	if !hashFile("go.mod", env.GOMOD) || !hashFile("go.work", env.GOWORK) || !hashFile("go.env", env.GOENV) {
		return key, false
	}
	if env.CGO_ENABLED == "1" && env.CC != "" {
		// The C compiler makes the cgo packages' Go files (which a miss's
		// listing compiles): its executable's size and time stand for it.
		if path, err := exec.LookPath(strings.Fields(env.CC)[0]); err == nil {
			if fi, err := os.Stat(path); err == nil {
				_, _ = fmt.Fprintf(h, "cc %q %d %d\n", path, fi.Size(), fi.ModTime().UnixNano())
			}
		}
	}
	for _, f := range strings.Fields(env.goFlags()) {
		name, value, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
		switch name {
		case "overlay":
			// An overlay replaces files by others the listing does not
			// name: no key covers them.
			return key, false
		case "modfile":
			if !hashFile("file", value) {
				return key, false
			}
		}
	}
	for _, r := range l.roots {
		_, _ = fmt.Fprintf(h, "root %q %t\n", r.ID, l.reaching[r.ID])
	}
	// The packages whose contents the results depend on: the reaching
	// requested packages and their dependencies.
	closure := make(map[*packages.Package]bool)
	var reachRoots []*packages.Package
	for _, r := range l.roots {
		if l.reaching[r.ID] {
			reachRoots = append(reachRoots, r)
		}
	}
	packages.Visit(reachRoots, nil, func(p *packages.Package) { closure[p] = true })
	goroot := filepath.Join(env.GOROOT, "src")
	ok = true
	packages.Visit(l.roots, nil, func(p *packages.Package) {
		if !ok {
			return
		}
		_, _ = fmt.Fprintf(h, "package %q %q %q %q\n", p.ID, p.Name, p.PkgPath, p.Dir)
		for _, e := range p.Errors {
			_, _ = fmt.Fprintf(h, "error %q\n", e.Error())
		}
		paths := make([]string, 0, len(p.Imports))
		for path := range p.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths)
		for _, path := range paths {
			_, _ = fmt.Fprintf(h, "import %q %q\n", path, p.Imports[path].ID)
		}
		m := p.Module
		if m != nil {
			_, _ = fmt.Fprintf(h, "module %q %q %t %q %q\n", m.Path, m.Version, m.Main, m.GoVersion, m.Dir)
			if r := m.Replace; r != nil {
				_, _ = fmt.Fprintf(h, "replace %q %q %q\n", r.Path, r.Version, r.Dir)
			}
		}
		switch {
		case !closure[p]:
			// Not analysed and not imported by what is: its imports (above)
			// say whether it comes to reach a client.
			return
		case m == nil && within(p.Dir, goroot):
			// The standard library: the Go version and GOROOT name it.
			return
		case m != nil && !m.Main && m.Version != "" && (m.Replace == nil || m.Replace.Version != "") && within(p.Dir, env.GOMODCACHE):
			// A module in the module cache: its path and version (above)
			// name contents that never change (go.sum checks them when they
			// are downloaded; the go command keeps them read-only).
			return
		}
		// A local package: the main module's, a workspace module's, a
		// replacement directory's, vendored, or files named on the command
		// line. Its files are what it is.
		for _, files := range [][]string{p.GoFiles, p.OtherFiles, p.IgnoredFiles, p.EmbedFiles} {
			_, _ = fmt.Fprintf(h, "files %d\n", len(files))
			for _, name := range files {
				if buildCacheFile.MatchString(filepath.Base(name)) {
					_, _ = fmt.Fprintf(h, "file %s\n", filepath.Base(name))
					continue
				}
				ok = ok && hashFile("file", name)
			}
		}
	})
	return h.Sum(), ok
}

// withoutCacheFlag returns args without -cache, which moves the results, not
// changes them.
func withoutCacheFlag(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			return append(out, args[i:]...)
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "cache" {
			if !hasValue {
				i++
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// A cachedRun is a cache entry: what analyse returns after the listing.
type cachedRun struct {
	Format   string
	Files    []cachedFile
	Packages []cachedPackage
	Actions  []cachedAction // in graph.All's order: dependencies first
	Roots    []int
	Broken   []string
	Causes   []string
}

type cachedFile struct {
	Name  string
	Size  int
	Lines []int
	Infos []cachedLineInfo // the //line adjustments at the offsets the entry names
}

type cachedLineInfo struct {
	Offset       int
	Filename     string
	Line, Column int
}

type cachedPackage struct{ ID, Name, PkgPath string }

type cachedAction struct {
	Analyzer    string
	Package     int
	IsRoot      bool
	Deps        []int
	Err         *string
	Diagnostics []cachedDiagnostic
}

// A cachedPos is a position as a file (an index in Files, -1 for none) and an offset.
type cachedPos struct{ File, Offset int }

type cachedDiagnostic struct {
	Pos, End               cachedPos
	Category, Message, URL string
	SuggestedFixes         []cachedFix
	Related                []cachedRelated
}

type cachedFix struct {
	Message   string
	TextEdits []cachedEdit
}

type cachedEdit struct {
	Pos, End cachedPos
	NewText  []byte
}

type cachedRelated struct {
	Pos, End cachedPos
	Message  string
}

// encodeRun returns the entry of an outcome; ok is false if a position lies
// in no file of its package's file set (the run is then not cached).
func encodeRun(graph *checker.Graph, broken, causes []string) (data []byte, ok bool) {
	run := &cachedRun{Format: cacheFormat, Broken: broken, Causes: causes}
	type fileKey struct {
		fset *token.FileSet
		file *token.File
	}
	fileIndex := make(map[fileKey]int)
	offsets := make(map[int]map[int]token.Pos) // file -> offsets named -> a position
	sets := make([]*token.FileSet, 0)
	ok = true
	pos := func(fset *token.FileSet, p token.Pos) cachedPos {
		if !p.IsValid() {
			return cachedPos{File: -1}
		}
		tf := fset.File(p)
		if tf == nil {
			ok = false
			return cachedPos{File: -1}
		}
		k := fileKey{fset, tf}
		i, seen := fileIndex[k]
		if !seen {
			i = len(run.Files)
			fileIndex[k] = i
			run.Files = append(run.Files, cachedFile{Name: tf.Name(), Size: tf.Size(), Lines: tf.Lines()})
			sets = append(sets, fset)
			offsets[i] = make(map[int]token.Pos)
		}
		off := int(p) - tf.Base()
		offsets[i][off] = p
		return cachedPos{File: i, Offset: off}
	}
	pkgIndex := make(map[*packages.Package]int)
	actIndex := make(map[*checker.Action]int)
	for act := range graph.All() {
		pi, seen := pkgIndex[act.Package]
		if !seen {
			pi = len(run.Packages)
			pkgIndex[act.Package] = pi
			run.Packages = append(run.Packages, cachedPackage{act.Package.ID, act.Package.Name, act.Package.PkgPath})
		}
		ca := cachedAction{Analyzer: act.Analyzer.Name, Package: pi, IsRoot: act.IsRoot}
		for _, dep := range act.Deps {
			di, seen := actIndex[dep]
			if !seen {
				return nil, false // not postorder: never, but then no entry
			}
			ca.Deps = append(ca.Deps, di)
		}
		if act.Err != nil {
			msg := act.Err.Error()
			ca.Err = &msg
		}
		fset := act.Package.Fset
		if fset == nil && len(act.Diagnostics) > 0 {
			return nil, false
		}
		for _, d := range act.Diagnostics {
			cd := cachedDiagnostic{Pos: pos(fset, d.Pos), End: pos(fset, d.End), Category: d.Category, Message: d.Message, URL: d.URL}
			for _, sf := range d.SuggestedFixes {
				cf := cachedFix{Message: sf.Message}
				for _, e := range sf.TextEdits {
					cf.TextEdits = append(cf.TextEdits, cachedEdit{Pos: pos(fset, e.Pos), End: pos(fset, e.End), NewText: e.NewText})
				}
				cd.SuggestedFixes = append(cd.SuggestedFixes, cf)
			}
			for _, rel := range d.Related {
				cd.Related = append(cd.Related, cachedRelated{Pos: pos(fset, rel.Pos), End: pos(fset, rel.End), Message: rel.Message})
			}
			ca.Diagnostics = append(ca.Diagnostics, cd)
		}
		actIndex[act] = len(run.Actions)
		run.Actions = append(run.Actions, ca)
	}
	if !ok {
		return nil, false
	}
	for _, act := range graph.Roots {
		run.Roots = append(run.Roots, actIndex[act])
	}
	// //line directives: where a named position's adjusted place differs from
	// its place in the file, every named offset of the file gets its adjusted
	// place (an adjustment holds until the next one).
	for i := range run.Files {
		fset := sets[i]
		offs := make([]int, 0, len(offsets[i]))
		adjusted := false
		for off, p := range offsets[i] {
			offs = append(offs, off)
			if fset.PositionFor(p, true) != fset.PositionFor(p, false) {
				adjusted = true
			}
		}
		if !adjusted {
			continue
		}
		sort.Ints(offs)
		for _, off := range offs {
			posn := fset.PositionFor(offsets[i][off], true)
			run.Files[i].Infos = append(run.Files[i].Infos, cachedLineInfo{off, posn.Filename, posn.Line, posn.Column})
		}
	}
	data, err := json.Marshal(run)
	return data, err == nil
}

// decodeRun rebuilds an outcome from an entry; err says why it cannot.
func decodeRun(data []byte, analyzers []*analysis.Analyzer) (graph *checker.Graph, broken, causes []string, err error) {
	var run cachedRun
	if err := json.Unmarshal(data, &run); err != nil {
		return nil, nil, nil, err
	}
	if run.Format != cacheFormat {
		return nil, nil, nil, fmt.Errorf("format %q", run.Format)
	}
	byName := make(map[string]*analysis.Analyzer)
	var add func([]*analysis.Analyzer)
	add = func(as []*analysis.Analyzer) {
		for _, a := range as {
			if byName[a.Name] == nil {
				byName[a.Name] = a
				add(a.Requires)
			}
		}
	}
	add(analyzers)
	fset := token.NewFileSet()
	files := make([]*token.File, len(run.Files))
	for i, f := range run.Files {
		if f.Size < 0 {
			return nil, nil, nil, errors.New("bad file size")
		}
		tf := fset.AddFile(f.Name, -1, f.Size)
		if len(f.Lines) > 0 && !tf.SetLines(f.Lines) {
			return nil, nil, nil, errors.New("bad line table")
		}
		for _, info := range f.Infos {
			if info.Offset < 0 || info.Offset > f.Size {
				return nil, nil, nil, errors.New("bad line information")
			}
			tf.AddLineColumnInfo(info.Offset, info.Filename, info.Line, info.Column)
		}
		files[i] = tf
	}
	var bad error
	pos := func(p cachedPos) token.Pos {
		switch {
		case p.File == -1:
			return token.NoPos
		case p.File < 0 || p.File >= len(files) || p.Offset < 0 || p.Offset > files[p.File].Size():
			bad = errors.New("bad position")
			return token.NoPos
		}
		return token.Pos(files[p.File].Base() + p.Offset)
	}
	pkgs := make([]*packages.Package, len(run.Packages))
	for i, p := range run.Packages {
		pkgs[i] = &packages.Package{ID: p.ID, Name: p.Name, PkgPath: p.PkgPath, Fset: fset}
	}
	acts := make([]*checker.Action, len(run.Actions))
	for i, ca := range run.Actions {
		a := byName[ca.Analyzer]
		if a == nil || ca.Package < 0 || ca.Package >= len(pkgs) {
			return nil, nil, nil, errors.New("bad action")
		}
		act := &checker.Action{Analyzer: a, Package: pkgs[ca.Package], IsRoot: ca.IsRoot}
		for _, d := range ca.Deps {
			if d < 0 || d >= i {
				return nil, nil, nil, errors.New("bad dependency")
			}
			act.Deps = append(act.Deps, acts[d])
		}
		if ca.Err != nil {
			act.Err = errors.New(*ca.Err)
		}
		for _, cd := range ca.Diagnostics {
			d := analysis.Diagnostic{Pos: pos(cd.Pos), End: pos(cd.End), Category: cd.Category, Message: cd.Message, URL: cd.URL}
			for _, cf := range cd.SuggestedFixes {
				sf := analysis.SuggestedFix{Message: cf.Message}
				for _, e := range cf.TextEdits {
					sf.TextEdits = append(sf.TextEdits, analysis.TextEdit{Pos: pos(e.Pos), End: pos(e.End), NewText: e.NewText})
				}
				d.SuggestedFixes = append(d.SuggestedFixes, sf)
			}
			for _, rel := range cd.Related {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos(rel.Pos), End: pos(rel.End), Message: rel.Message})
			}
			act.Diagnostics = append(act.Diagnostics, d)
		}
		acts[i] = act
	}
	if bad != nil {
		return nil, nil, nil, bad
	}
	graph = new(checker.Graph)
	for _, r := range run.Roots {
		if r < 0 || r >= len(acts) {
			return nil, nil, nil, errors.New("bad root")
		}
		graph.Roots = append(graph.Roots, acts[r])
	}
	return graph, slices.Clip(run.Broken), slices.Clip(run.Causes), nil
}
