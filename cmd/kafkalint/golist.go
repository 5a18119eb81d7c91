package main

// The go command, asked as little as possible. A run of the standalone command
// starts two processes of the go command: go env (a few milliseconds: it reads
// no module graph) and at most one go list on a module whose go.mod settles what
// can reach a client. Every go list rebuilds the module graph, which on a real
// module costs more than parsing and type-checking its packages, so the command
// does not use packages.Load, which adds a go version and a go list for the
// types' sizes to its listing: go env answers both, with the cgo setting and the
// go.mod the command needs anyway.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/packages"

	"github.com/kafkalint/kafkalint/internal/clients"
)

// goEnv is what the command needs of go env.
type goEnv struct {
	GOARCH, CGO_ENABLED, GOMOD, GOWORK, GOFLAGS, GOVERSION string

	// For the result cache's key (cache.go): where the standard library and
	// the module cache are, the go env file (go env -w's settings) and what
	// else selects the build.
	GOOS, GOROOT, GOMODCACHE, GOENV, GOEXPERIMENT, CC, CXX string

	mod    *modfile.File // the main module's go.mod, parsed; nil if there is none or it does not parse
	modDir string        // its directory

	// flags are the build flags of the command line (-tags, -mod, -modfile,
	// ...), given to every go list; GOFLAGS reaches go list by itself.
	flags []string
}

// goFlags returns GOFLAGS and the command line's build flags, as one string, for
// the plan's look at which build flags are set.
func (env *goEnv) goFlags() string {
	return strings.Join(append([]string{env.GOFLAGS}, env.flags...), " ")
}

// readGoEnv runs go env once.
func readGoEnv() (*goEnv, error) {
	cmd := exec.Command("go", "env", "-json", "GOARCH", "CGO_ENABLED", "GOMOD", "GOWORK", "GOFLAGS", "GOVERSION",
		"GOOS", "GOROOT", "GOMODCACHE", "GOENV", "GOEXPERIMENT", "CC", "CXX")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %w: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	env := new(goEnv)
	if err := json.Unmarshal(out, env); err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	if env.GOMOD != "" && env.GOMOD != os.DevNull {
		if data, err := os.ReadFile(env.GOMOD); err == nil {
			env.mod, _ = modfile.ParseLax(env.GOMOD, data, nil) // a broken go.mod: the listing reports it
			env.modDir = filepath.Dir(env.GOMOD)
		}
	}
	return env, nil
}

// requires reports whether the main module's go.mod requires a module of client c
// (clients.None: of any client).
func (env *goEnv) requires(c clients.Client) bool {
	for _, r := range env.mod.Require {
		if got := clients.Module(r.Mod.Path); got != clients.None && (c == clients.None || got == c) {
			return true
		}
	}
	return false
}

// sizes returns the types' sizes of the target, as packages.Load's query of
// go list returns them: the compiler is gc unless GOFLAGS says otherwise.
func (env *goEnv) sizes() types.Sizes {
	compiler := "gc"
	if strings.Contains(env.goFlags(), "-compiler=gccgo") {
		compiler = "gccgo"
	}
	return types.SizesFor(compiler, env.GOARCH)
}

// A plan says how to find the requested packages that reach a client.
type plan int

const (
	planNothing plan = iota // go.mod says that no package can reach a client: list nothing
	planOnce                // one listing, with export data, tells what reaches a client
	planTwice               // list the import graph first, then what reaches with export data
)

// choosePlan decides from go.mod, before any listing, how much to list.
//
// When the main module's go.mod requires a client's module, the packages that
// reach it are likely to be most of those asked for, so one listing with export
// data (for which a package that does not reach a client costs the go command a
// look in the build cache, or a compilation) beats two. This is a matter of cost,
// not of correctness: the one listing tells what reaches a client whatever the
// patterns.
//
// Since go 1.17 (module graph pruning), the go.mod of a module lists every module
// that provides a package the module's packages and tests import, directly or not;
// go refuses to build when it does not (and checks vendor/modules.txt against it).
// So when the patterns denote packages of the main module only and its go.mod says
// go 1.17 or later, a go.mod that requires no client's module means that no
// requested package can reach a client: there is nothing to analyse and nothing
// to list.
//
// go.mod cannot tell, and the command lists the import graph first (no export
// data, nothing built), then the packages that reach a client with export data:
// in a workspace (go.work: other modules' requirements count), with -modfile
// (another file is the go.mod), outside a module, and, when go.mod requires no
// client, with -mod=mod (go list adds the requirements that are missing, a
// client's among them), on an older go directive (the indirect requirements may
// be missing), for file or meta patterns (x.go, all, std), and for packages of
// other modules (their imports are not the main module's requirements: a
// dependency's package that the main module does not import may use a client its
// go.mod does not list).
func choosePlan(env *goEnv, patterns []string) plan {
	if env.mod == nil || env.mod.Module == nil || env.GOWORK != "" && env.GOWORK != "off" ||
		strings.Contains(env.goFlags(), "-modfile") ||
		semver.Compare("v"+strings.TrimPrefix(env.GOVERSION, "go"), "v1.21") < 0 {
		return planTwice
	}
	if env.requires(clients.None) {
		return planOnce
	}
	if strings.Contains(env.goFlags(), "-mod=mod") || env.mod.Go == nil || semver.Compare("v"+env.mod.Go.Version, "v1.17") < 0 {
		return planTwice
	}
	for _, pat := range patterns {
		if !env.inMainModule(pat) {
			return planTwice
		}
	}
	return planNothing
}

// inMainModule reports whether the package pattern denotes packages of the main
// module only, in a directory that exists (so that a mistyped pattern still gets
// the go command's error).
func (env *goEnv) inMainModule(pattern string) bool {
	if strings.HasSuffix(pattern, ".go") {
		return false // command-line-arguments
	}
	var dir string
	modPath := env.mod.Module.Mod.Path
	switch {
	case filepath.IsAbs(pattern) || pattern == "." || pattern == ".." ||
		strings.HasPrefix(pattern, "./") || strings.HasPrefix(pattern, "../"):
		dir = pattern
	case pattern == modPath || strings.HasPrefix(pattern, modPath+"/"):
		dir = filepath.Join(env.modDir, filepath.FromSlash(strings.TrimPrefix(pattern, modPath)))
	default:
		return false // another module's packages, or all, std, cmd
	}
	if i := strings.Index(dir, "..."); i >= 0 {
		dir = filepath.Dir(dir[:i] + "x") // the directory the wildcard starts in
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	if rel, err := filepath.Rel(env.modDir, abs); err != nil || !filepath.IsLocal(rel) && rel != "." {
		return false
	}
	fi, err := os.Stat(abs)
	return err == nil && fi.IsDir()
}

// goList runs go list -deps on patterns, as packages.Load does for the mode
// NeedName|NeedImports|NeedDeps|NeedFiles|NeedEmbedFiles|NeedModule (export
// false: nothing is built, and the result cache's key needs no more) or, with
// export, also NeedCompiledGoFiles|NeedExportFile|NeedTypesSizes, and returns the
// requested packages, in go list order, with their imports resolved. Without
// export, CompiledGoFiles are the GoFiles (cgo is not run).
func goList(env *goEnv, patterns []string, tests, export bool) ([]*packages.Package, error) {
	// The files cost go list nothing more: it reads the directories to find
	// the packages' imports anyway.
	fields := "Name,ImportPath,Error,DepOnly,Imports,ImportMap,Dir,GoFiles,CgoFiles,IgnoredGoFiles,IgnoredOtherFiles,CFiles,CXXFiles,MFiles,HFiles,FFiles,SFiles,SwigFiles,SwigCXXFiles,SysoFiles,EmbedFiles,Module"
	if export {
		fields += ",CompiledGoFiles,Export"
	}
	args := []string{"list", "-e", "-json=" + fields, fmt.Sprintf("-compiled=%t", export),
		fmt.Sprintf("-test=%t", tests), fmt.Sprintf("-export=%t", export), "-deps=true", "-find=false",
		"-buildvcs=false", "-pgo=off"}
	args = append(append(args, env.flags...), "--")
	cmd := exec.Command("go", append(args, patterns...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w: %s", err, stderr.Bytes())
	}
	var sizes types.Sizes
	if export {
		sizes = env.sizes()
	}
	byID := make(map[string]*packages.Package)
	hadError := make(map[string]bool)
	var roots []*packages.Package
	for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
		var lp listedPackage
		if err := dec.Decode(&lp); err != nil {
			return nil, fmt.Errorf("go list: %w", err)
		}
		if lp.ImportPath == "" {
			return nil, fmt.Errorf("go list: package without import path: %+v", lp.Error)
		}
		if old := byID[lp.ImportPath]; old != nil {
			// go list reports an invalid import of a package (of a main package,
			// say) as a second, erroneous copy of it: keep the valid one.
			if !hadError[lp.ImportPath] || lp.Error != nil {
				continue
			}
		}
		hadError[lp.ImportPath] = lp.Error != nil
		p := lp.convert(sizes)
		if !lp.DepOnly {
			roots = append(roots, p)
		}
		byID[p.ID] = p
	}
	for _, p := range byID {
		for path, stub := range p.Imports {
			if imp := byID[stub.ID]; imp != nil {
				p.Imports[path] = imp
			} else {
				delete(p.Imports, path) // as packages.Load does (a cgo "C", or not listed)
			}
		}
	}
	breakCycles(byID)
	return roots, nil
}

// breakCycles drops the import that closes each import cycle, as packages.Load
// does: go list reports the cycle as an error of a package in it, and the
// type-checker then reports the dropped import as one it could not import. A
// cycle left in the graph would make the loader wait on a package for itself.
// The packages and their imports are visited in sorted order, so the same edge is
// dropped on every run.
func breakCycles(byID map[string]*packages.Package) {
	const (
		unvisited = iota
		visiting
		visited
	)
	state := make(map[*packages.Package]int)
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		state[p] = visiting
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			switch imp := p.Imports[path]; state[imp] {
			case visiting:
				delete(p.Imports, path)
			case unvisited:
				visit(imp)
			}
		}
		state[p] = visited
	}
	for _, id := range slices.Sorted(maps.Keys(byID)) {
		if p := byID[id]; state[p] == unvisited {
			visit(p)
		}
	}
}

// listedPackage is the JSON of a package in go list's output.
type listedPackage struct {
	Name, ImportPath, Dir, Export string
	DepOnly                       bool
	Error                         *struct {
		ImportStack []string
		Pos, Err    string
	}
	Imports                            []string
	ImportMap                          map[string]string
	GoFiles, CgoFiles, CompiledGoFiles []string
	IgnoredGoFiles, IgnoredOtherFiles  []string
	CFiles, CXXFiles, MFiles, HFiles   []string
	FFiles, SFiles, SwigFiles          []string
	SwigCXXFiles, SysoFiles            []string
	EmbedFiles                         []string
	Module                             *packages.Module
}

// convert returns the package as packages.Load does (go/packages' golist.go,
// createDriverResponse), with stub imports that hold only an ID.
func (lp *listedPackage) convert(sizes types.Sizes) *packages.Package {
	p := &packages.Package{
		ID:              lp.ImportPath,
		Name:            lp.Name,
		Dir:             lp.Dir,
		GoFiles:         absJoin(lp.Dir, lp.GoFiles, lp.CgoFiles),
		CompiledGoFiles: absJoin(lp.Dir, lp.CompiledGoFiles),
		OtherFiles:      absJoin(lp.Dir, lp.CFiles, lp.CXXFiles, lp.MFiles, lp.HFiles, lp.FFiles, lp.SFiles, lp.SwigFiles, lp.SwigCXXFiles, lp.SysoFiles),
		IgnoredFiles:    absJoin(lp.Dir, lp.IgnoredGoFiles, lp.IgnoredOtherFiles),
		EmbedFiles:      absJoin(lp.Dir, lp.EmbedFiles),
		Module:          lp.Module,
		TypesSizes:      sizes,
		Imports:         make(map[string]*packages.Package),
	}
	p.PkgPath, _, _ = strings.Cut(p.ID, " ")
	// cmd/go lists assembly, C and C++ files among the compiled files; keep Go
	// files and the cgo-processed ones from the build cache (no extension).
	compiled := p.CompiledGoFiles[:0]
	for _, f := range p.CompiledGoFiles {
		if ext := filepath.Ext(f); ext == ".go" || ext == "" {
			compiled = append(compiled, f)
		}
	}
	p.CompiledGoFiles = compiled
	if p.PkgPath == "unsafe" {
		p.CompiledGoFiles = nil
	} else if len(p.CompiledGoFiles) == 0 {
		p.CompiledGoFiles = p.GoFiles
	}
	p.ExportFile = lp.Export
	if lp.Export != "" && !filepath.IsAbs(lp.Export) {
		p.ExportFile = filepath.Join(lp.Dir, lp.Export)
	}
	ids := make(map[string]bool)
	for _, id := range lp.Imports {
		ids[id] = true
	}
	for path, id := range lp.ImportMap {
		p.Imports[path] = &packages.Package{ID: id}
		delete(ids, id)
	}
	for id := range ids {
		if id != "C" {
			p.Imports[id] = &packages.Package{ID: id}
		}
	}
	if e := lp.Error; e != nil {
		if len(lp.GoFiles) == 0 && len(lp.CompiledGoFiles) == 0 && (len(e.ImportStack) == 0 || e.ImportStack[len(e.ImportStack)-1] == lp.ImportPath) {
			// A file that does not parse far enough for go list to place it: name
			// it, so that the type-checker reports why (go/packages does the same).
			if !addFileFromPos(p, e.Pos) {
				addFileFromPos(p, e.Err)
			}
		}
		msg := strings.TrimSpace(e.Err)
		if (msg == "import cycle not allowed" || msg == "import cycle not allowed in test") && len(e.ImportStack) != 0 {
			stack := make([]string, len(e.ImportStack))
			for i, s := range e.ImportStack {
				stack[i] = strings.TrimSuffix(s, " (test)")
			}
			msg += fmt.Sprintf(": import stack: %v", stack)
		}
		p.Errors = append(p.Errors, packages.Error{Pos: e.Pos, Msg: msg, Kind: packages.ListError})
	}
	return p
}

// addFileFromPos adds the file of an error position ("file:line:col: ...",
// relative to the working directory) to p's files, if it exists.
func addFileFromPos(p *packages.Package, pos string) bool {
	name, _, _ := strings.Cut(pos, ":")
	if name = strings.TrimSpace(name); name == "" {
		return false
	}
	name, err := filepath.Abs(name)
	if err != nil {
		return false
	}
	if fi, err := os.Stat(name); err != nil || fi.IsDir() {
		return false
	}
	p.CompiledGoFiles = append(p.CompiledGoFiles, name)
	p.GoFiles = append(p.GoFiles, name)
	return true
}

// absJoin returns the files, relative to dir, as absolute paths.
func absJoin(dir string, lists ...[]string) []string {
	var res []string
	for _, files := range lists {
		for _, f := range files {
			if !filepath.IsAbs(f) {
				f = filepath.Join(dir, f)
			}
			res = append(res, f)
		}
	}
	return res
}
