package main

// The command line: one flag set for every mode of the command (text, -json,
// -sarif, -fix and -diff), and the usage text kafkalint -h prints.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"strings"
	"text/tabwriter"

	"golang.org/x/tools/go/analysis"
)

// commandLine is the parsed command line.
type commandLine struct {
	all       []*analysis.Analyzer // the suite
	analyzers []*analysis.Analyzer // the selected ones (-NAME flags)
	patterns  []string             // the packages, as go list patterns
	flagArgs  []string             // the arguments before the patterns
	args      []string             // the whole command line, for the result cache's key
	cache     string               // -cache: the result cache's directory, or off (cache.go)

	json      bool
	sarif     string // -sarif=FILE; "" for standard output
	sarifSet  bool
	context   int
	tests     bool
	fix, diff bool
	debug     string
	version   bool

	// build holds the build flags (-tags, -mod, ...) as -name=value, for go
	// list; chdir is -C's directory.
	build []string
	chdir string

	cpuProfile, memProfile, traceFile string
}

// sarifFlag is -sarif (standard output) or -sarif=FILE: a boolean flag, for the
// flag package, that also takes a value.
type sarifFlag struct{ cl *commandLine }

func (f sarifFlag) String() string   { return "" }
func (f sarifFlag) IsBoolFlag() bool { return true }
func (f sarifFlag) Set(v string) error {
	f.cl.sarifSet = true
	f.cl.sarif = v
	if v == "true" { // -sarif alone
		f.cl.sarif = ""
	}
	return nil
}

// The build flags of go vet (and go build) that change what go list lists, and
// so what is analysed: the command passes them to go list. The others (-a, -n,
// -x, -gcflags, ...) concern compiling and running, which the command does not do.
var (
	buildStringFlags = []struct{ name, usage string }{
		{"tags", "build tags, comma-separated, as for go build (`list`)"},
		{"mod", "module download mode, as for go build: readonly, vendor or mod (`mode`)"},
		{"modfile", "use `FILE` instead of go.mod, as go build -modfile"},
		{"overlay", "a JSON `FILE` of file replacements, as go build -overlay"},
	}
	buildBoolFlags = []struct{ name, usage string }{
		{"race", "analyse the build with the race detector enabled (its build tag), as go build -race"},
		{"msan", "the same for -msan"},
		{"asan", "the same for -asan"},
		{"modcacherw", "leave new module cache directories writable, as go build -modcacherw"},
	}
)

// buildFlag is one build flag: Set records it as -name=value for go list.
type buildFlag struct {
	cl    *commandLine
	name  string
	bool  bool
	value string
}

func (f *buildFlag) String() string   { return f.value }
func (f *buildFlag) IsBoolFlag() bool { return f.bool }
func (f *buildFlag) Set(v string) error {
	f.value = v
	f.cl.build = append(f.cl.build, "-"+f.name+"="+v)
	return nil
}

// withoutBuildFlags returns the flag arguments without the build flags and -C,
// for multichecker, which does not accept them (handOver passes the build flags
// in GOFLAGS, and the command has changed directory already).
func withoutBuildFlags(flagArgs []string) []string {
	isBuild := map[string]bool{"C": true} // -> takes a separate value
	for _, f := range buildStringFlags {
		isBuild[f.name] = true
	}
	isBool := make(map[string]bool)
	for _, f := range buildBoolFlags {
		isBool[f.name] = true
	}
	var out []string
	for i := 0; i < len(flagArgs); i++ {
		a := flagArgs[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case !strings.HasPrefix(a, "-"):
		case isBool[name]:
			continue
		case isBuild[name]:
			if !hasValue {
				i++ // the value
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// newFlagSet returns the command's flag set writing into cl, with one -NAME flag
// per analyzer and the analyzers' own flags as -NAME.flag.
func newFlagSet(cl *commandLine, enable map[*analysis.Analyzer]*bool) *flag.FlagSet {
	fs := flag.NewFlagSet("kafkalint", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are printed once, by run
	for _, a := range cl.all {
		enable[a] = fs.Bool(a.Name, false, "enable only the "+a.Name+" analyzer (-"+a.Name+"=false: all but it)")
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	fs.BoolVar(&cl.json, "json", false, "print the reports as go/analysis JSON on standard output (exit code 0, or 1 for an incomplete run)")
	fs.Var(sarifFlag{cl}, "sarif", "write a SARIF 2.1.0 log to standard output, or with -sarif=FILE to FILE")
	fs.IntVar(&cl.context, "c", -1, "print `N` lines of source around each report")
	fs.BoolVar(&cl.tests, "test", true, "analyse test files too (-test=false leaves them out)")
	fs.BoolVar(&cl.fix, "fix", false, "apply the suggested fixes (exit code 0)")
	fs.BoolVar(&cl.diff, "diff", false, "with -fix, print the fixes as a unified diff instead of applying them")
	fs.StringVar(&cl.cpuProfile, "cpuprofile", "", "write a CPU profile to `FILE`")
	fs.StringVar(&cl.memProfile, "memprofile", "", "write a memory profile to `FILE`")
	fs.StringVar(&cl.traceFile, "trace", "", "write an execution trace to `FILE`")
	fs.StringVar(&cl.debug, "debug", "", "the general go/analysis driver's debug `flags` (fpstv); it then loads every package from source")
	fs.BoolVar(&cl.version, "version", false, "print the version of kafkalint and exit")
	fs.StringVar(&cl.cache, "cache", "", "keep the results in `DIR` (default: $KAFKALINT_CACHE, else the user cache directory's kafkalint), or off: an unchanged rerun prints them without analysing")
	for _, f := range buildStringFlags {
		fs.Var(&buildFlag{cl: cl, name: f.name}, f.name, f.usage)
	}
	for _, f := range buildBoolFlags {
		fs.Var(&buildFlag{cl: cl, name: f.name, bool: true}, f.name, f.usage)
	}
	fs.StringVar(&cl.chdir, "C", "", "change to `dir` before doing anything else, as go vet -C")
	return fs
}

// parseCommandLine parses args (os.Args[1:]). It returns flag.ErrHelp for -h and
// -help, and an error for a bad command line.
func parseCommandLine(args []string, analyzers []*analysis.Analyzer) (*commandLine, error) {
	cl := &commandLine{all: analyzers}
	enable := make(map[*analysis.Analyzer]*bool)
	fs := newFlagSet(cl, enable)
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	cl.patterns = fs.Args()
	cl.flagArgs = args[:len(args)-len(cl.patterns)]
	cl.args = args
	cl.analyzers = selected(analyzers, fs, enable)
	switch {
	case cl.version:
		return cl, nil
	case cl.diff && !cl.fix:
		return nil, errors.New("-diff shows the fixes -fix would apply: use -fix -diff")
	case len(cl.patterns) == 0:
		return nil, errors.New("no packages to analyse: name them as go list patterns (kafkalint ./... for the whole module)")
	case cl.sarifSet && (cl.json || cl.fix || cl.diff):
		return nil, fmt.Errorf("-sarif cannot be combined with -json, -fix or -diff; run them separately")
	}
	return cl, nil
}

// selected applies the -NAME flags as multichecker does: if any is true, only
// those analyzers run; otherwise those set to false are left out.
func selected(analyzers []*analysis.Analyzer, fs *flag.FlagSet, enable map[*analysis.Analyzer]*bool) []*analysis.Analyzer {
	set := make(map[string]bool)
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var anyTrue bool
	for _, a := range analyzers {
		anyTrue = anyTrue || set[a.Name] && *enable[a]
	}
	var keep []*analysis.Analyzer
	for _, a := range analyzers {
		if anyTrue && *enable[a] || !anyTrue && (!set[a.Name] || *enable[a]) {
			keep = append(keep, a)
		}
	}
	return keep
}

// startProfiling starts the profiles the command line asks for and returns the
// function that writes them.
func (cl *commandLine) startProfiling() (stop func(), err error) {
	var stops []func()
	stop = func() {
		for i := len(stops) - 1; i >= 0; i-- {
			stops[i]()
		}
	}
	create := func(name string) (*os.File, error) {
		f, err := os.Create(name)
		if err != nil {
			stop()
		}
		return f, err
	}
	if cl.cpuProfile != "" {
		f, err := create(cl.cpuProfile)
		if err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			stop()
			return nil, err
		}
		stops = append(stops, func() { pprof.StopCPUProfile(); closeOrWarn(f) })
	}
	if cl.traceFile != "" {
		f, err := create(cl.traceFile)
		if err != nil {
			return nil, err
		}
		if err := trace.Start(f); err != nil {
			stop()
			return nil, err
		}
		stops = append(stops, func() { trace.Stop(); closeOrWarn(f) })
	}
	if cl.memProfile != "" {
		f, err := create(cl.memProfile)
		if err != nil {
			return nil, err
		}
		stops = append(stops, func() {
			runtime.GC() // up-to-date statistics
			if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
				fmt.Fprintf(os.Stderr, "kafkalint: writing memory profile: %v\n", err)
			}
			closeOrWarn(f)
		})
	}
	return stop, nil
}

func closeOrWarn(f *os.File) {
	if err := f.Close(); err != nil {
		fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
	}
}

// printUsage writes the usage text: what kafkalint checks, the analyzers (the
// first line of each one's Doc, so that a new analyzer appears by itself), the
// command's flags, the exit codes and examples.
func printUsage(w io.Writer, analyzers []*analysis.Analyzer) {
	var b bytes.Buffer
	b.WriteString(`kafkalint checks Go programs that consume from Kafka for the mistakes that silently
lose, repeat or stall consumption: offsets committed, stored or rewound at the wrong
time, rebalance handlers, consumer configuration, read loops. It analyses only the
packages that import a supported client, directly or not.

Usage:
  kafkalint [flags] packages...       analyse the packages (go list patterns)
  kafkalint help                      print this text
  kafkalint help ANALYZER             print an analyzer's whole documentation
  go vet -vettool=$(which kafkalint) [-NAME.flag...] packages...
  go fix -fixtool=$(which kafkalint) [-diff] packages...

Analyzers (all run; -NAME runs only the named ones, -NAME=false all but NAME):
`)
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	for _, a := range analyzers {
		title, _, _ := strings.Cut(a.Doc, "\n")
		_, _ = fmt.Fprintf(tw, "  %s\t%s\n", a.Name, title) // to a bytes.Buffer
	}
	_ = tw.Flush() // writes to a bytes.Buffer

	b.WriteString("\nFlags:\n")
	cl := &commandLine{all: analyzers}
	fs := newFlagSet(cl, make(map[*analysis.Analyzer]*bool))
	isAnalyzer := make(map[string]bool)
	for _, a := range analyzers {
		isAnalyzer[a.Name] = true
	}
	var options []string                // analyzer options, without the analyzer's name
	owners := make(map[string][]string) // option -> analyzers that have it
	fs.VisitAll(func(f *flag.Flag) {
		if isAnalyzer[f.Name] {
			return
		}
		if name, option, ok := strings.Cut(f.Name, "."); ok && isAnalyzer[name] {
			if owners[option] == nil {
				options = append(options, option)
			}
			owners[option] = append(owners[option], name)
			return
		}
		arg, usage := flag.UnquoteUsage(f)
		name := "-" + f.Name
		if f.Name == "sarif" {
			name, arg = "-sarif[=FILE]", ""
		}
		_, _ = fmt.Fprintf(tw, "  %s\t%s\n", strings.TrimSpace(name+" "+arg), usage)
	})
	_, _ = fmt.Fprintf(tw, "  -NAME, -NAME=false\trun only the analyzer NAME, or all but NAME\n")
	var analyzerFlags []string
	for _, option := range options {
		if len(owners[option]) == len(analyzers) {
			analyzerFlags = append(analyzerFlags, "-NAME."+option+" (every analyzer)")
			continue
		}
		for _, name := range owners[option] {
			analyzerFlags = append(analyzerFlags, "-"+name+"."+option)
		}
	}
	_, _ = fmt.Fprintf(tw, "  -NAME.flag\tan analyzer's option (see kafkalint help NAME): %s\n", strings.Join(analyzerFlags, ", "))
	_ = tw.Flush()

	b.WriteString(`
Reports go to standard error, as "file:line:col: message (analyzer)".

Exit codes:
  0  nothing reported (-json and -fix: whatever they found)
  1  the run is incomplete: a pattern matched no package, the packages could not
     be listed, a package using a client did not type-check in full (its reports
     are printed, the last line names what was missed), or an analyzer failed
  2  bad command line
  3  reports printed (text and -sarif)

Examples:
  kafkalint ./...                                  report on every package of the module
  kafkalint -revokecommit.allversions ./...        also report what the linked version fixes
  kafkalint -sarif=kafkalint.sarif ./...           write SARIF for code scanning
  kafkalint -fix -diff ./...                       show the suggested fixes as a diff

Build flags (-tags, -mod, -modfile, -overlay, -race, -C) are go vet's and reach go
list. KAFKALINT_LOAD=full loads every package from source, as a general go/analysis
driver does; KAFKALINT_PROGRESS=off silences the progress line of a long load.
A rerun on unchanged code prints the results of the run before from the result
cache (the user cache directory's kafkalint; KAFKALINT_CACHE=DIR or -cache=DIR
moves it, off disables it; -fix always analyses).
Documentation: https://pkg.go.dev/github.com/kafkalint/kafkalint (docs/cli.md)
`)
	_, _ = w.Write(b.Bytes()) // usage on a closed pipe: nothing to do
}
