// Package plugin registers the kafkalint suite as a golangci-lint v2 module
// plugin named kafkalint: importing it (golangci-lint's cmd/golangci-lint/plugins.go
// does, in a build made by `golangci-lint custom` or scripts/build-golangci.sh)
// is what registers the plugin. Other drivers import the analyzer package, which
// registers nothing.
package plugin

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/analyzer"
)

// Name is the golangci-lint linter name of the suite: the key under
// linters.settings.custom, the name in linters.enable and in //nolint:kafkalint.
const Name = "kafkalint"

func init() { register.Plugin(Name, New) }

// Settings are the plugin's settings, the "settings" map of
// linters.settings.custom.kafkalint in .golangci.yml:
//
//	settings:
//	  disable: [revokecommit]      # or enable: [...] to run only those
//	  revokecommit:                # options of one analyzer: its flags,
//	    allversions: true          # as -revokecommit.allversions on the CLI
//
// Every other key must name an analyzer of the suite, and its keys must name
// that analyzer's flags: unknown keys are errors, so that a typo fails the run
// instead of silently changing nothing.
type Settings struct {
	// Enable, when not empty, lists the only analyzers to run.
	Enable []string `json:"enable"`
	// Disable lists analyzers not to run.
	Disable []string `json:"disable"`
	// Options maps an analyzer name to its flag values.
	Options map[string]map[string]any `json:"-"`
}

// UnmarshalJSON decodes enable and disable by their json tags and keeps every
// other key as analyzer options, checked against the suite by New.
func (s *Settings) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	for key, val := range raw {
		var err error
		switch key {
		case "enable":
			err = strictUnmarshal(val, &s.Enable)
		case "disable":
			err = strictUnmarshal(val, &s.Disable)
		default:
			var opts map[string]any
			if err = strictUnmarshal(val, &opts); err != nil {
				err = fmt.Errorf("options of %q must be a map of flag names to values: %w", key, err)
				break
			}
			if s.Options == nil {
				s.Options = make(map[string]map[string]any)
			}
			s.Options[key] = opts
		}
		if err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
	}
	return nil
}

func strictUnmarshal(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	return d.Decode(v)
}

type plugin struct {
	analyzers []*analysis.Analyzer
}

// New is the golangci-lint plugin constructor: it decodes the settings, checks
// every analyzer and flag name in them, sets the flags and selects the analyzers.
//
// Options are applied through the Analyzer.Flags of new instances of the
// suite's analyzers, as the kafkalint command line does on the shared ones, so
// the outcome depends only on these settings.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, err
	}
	all := analyzer.NewAnalyzers() // fresh analyzers: the options set below are this plugin's alone
	byName := make(map[string]*analysis.Analyzer, len(all))
	var names []string
	for _, a := range all {
		byName[a.Name] = a
		names = append(names, a.Name)
	}
	known := func(list []string, key string) error {
		for _, n := range list {
			if byName[n] == nil {
				return fmt.Errorf("kafkalint settings: unknown analyzer %q in %s (known: %s)", n, key, strings.Join(names, ", "))
			}
		}
		return nil
	}
	if err := known(s.Enable, "enable"); err != nil {
		return nil, err
	}
	if err := known(s.Disable, "disable"); err != nil {
		return nil, err
	}
	for _, n := range s.Enable {
		if slices.Contains(s.Disable, n) {
			return nil, fmt.Errorf("kafkalint settings: analyzer %q is in both enable and disable; keep one", n)
		}
	}
	optNames := make([]string, 0, len(s.Options))
	for n := range s.Options {
		optNames = append(optNames, n)
	}
	sort.Strings(optNames)
	for _, n := range optNames {
		a := byName[n]
		if a == nil {
			return nil, fmt.Errorf("kafkalint settings: unknown key %q (want enable, disable or an analyzer name: %s)", n, strings.Join(names, ", "))
		}
		if err := setFlags(a, s.Options[n]); err != nil {
			return nil, err
		}
	}
	p := new(plugin)
	for _, a := range all {
		if (len(s.Enable) == 0 || slices.Contains(s.Enable, a.Name)) && !slices.Contains(s.Disable, a.Name) {
			p.analyzers = append(p.analyzers, a)
		}
	}
	return p, nil
}

// setFlags sets the analyzer's flags from option values: lists are joined
// with commas, other values are formatted as on the command line.
func setFlags(a *analysis.Analyzer, opts map[string]any) error {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f := a.Flags.Lookup(k)
		if f == nil {
			var flags []string
			a.Flags.VisitAll(func(f *flag.Flag) { flags = append(flags, f.Name) })
			return fmt.Errorf("kafkalint settings: %s has no option %q (options: %s)", a.Name, k, strings.Join(flags, ", "))
		}
		v := opts[k]
		var text string
		switch v := v.(type) {
		case []any:
			parts := make([]string, len(v))
			for i, e := range v {
				parts[i] = fmt.Sprint(e)
			}
			text = strings.Join(parts, ",")
		case map[string]any, nil:
			return fmt.Errorf("kafkalint settings: %s.%s needs a value like on the command line (-%s.%s=...)", a.Name, k, a.Name, k)
		default:
			text = fmt.Sprint(v)
		}
		if err := f.Value.Set(text); err != nil {
			return fmt.Errorf("kafkalint settings: %s.%s: invalid value %q: %w", a.Name, k, text, err)
		}
	}
	return nil
}

// BuildAnalyzers returns the analyzers selected by the settings.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode asks for type information, which every analyzer needs.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
