package plugin_test

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/passes/revokecommit"
	"github.com/kafkalint/kafkalint/plugin"
)

// build runs the registered plugin constructor as golangci-lint does, with
// settings as golangci-lint decodes them from YAML. Each build has analyzers of
// its own (analyzer.NewAnalyzers), so nothing is left to reset after it.
func build(t *testing.T, settings any) ([]*analysis.Analyzer, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin(plugin.Name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		return nil, err
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", got, register.LoadModeTypesInfo)
	}
	return p.BuildAnalyzers()
}

func names(as []*analysis.Analyzer) string {
	var s []string
	for _, a := range as {
		s = append(s, a.Name)
	}
	return strings.Join(s, ",")
}

func allNames() string { return names(analyzer.Analyzers()) }

func TestPluginDefaults(t *testing.T) {
	for _, settings := range []any{nil, map[string]any{}} {
		as, err := build(t, settings)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := names(as), allNames(); got != want {
			t.Errorf("settings %v: analyzers %s, want %s", settings, got, want)
		}
		if err := analysis.Validate(as); err != nil {
			t.Error(err)
		}
	}
}

func TestPluginEnableDisable(t *testing.T) {
	as, err := build(t, map[string]any{"disable": []any{"revokecommit"}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(","+names(as)+",", ",revokecommit,") {
		t.Errorf("disable: revokecommit still built: %s", names(as))
	}
	as, err = build(t, map[string]any{"enable": []any{"revokecommit"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(as); got != "revokecommit" {
		t.Errorf("enable: [revokecommit] built %s", got)
	}
}

func TestPluginOptions(t *testing.T) {
	allVersions := func(as []*analysis.Analyzer) string {
		for _, a := range as {
			if a.Name == "revokecommit" {
				return a.Flags.Lookup("allversions").Value.String()
			}
		}
		t.Fatal("revokecommit not built")
		return ""
	}
	as, err := build(t, map[string]any{"revokecommit": map[string]any{"allversions": true}})
	if err != nil {
		t.Fatal(err)
	}
	if got := allVersions(as); got != "true" {
		t.Errorf("revokecommit.allversions = %s after allversions: true", got)
	}
	// The plugin's analyzers are its own: the shared ones keep their defaults,
	// and a later build without the option has the default.
	if got := revokecommit.Analyzer.Flags.Lookup("allversions").Value.String(); got != "false" {
		t.Errorf("the plugin changed the shared revokecommit.allversions to %s", got)
	}
	if as, err = build(t, map[string]any{}); err != nil {
		t.Fatal(err)
	}
	if got := allVersions(as); got != "false" {
		t.Errorf("revokecommit.allversions = %s after settings without it, want false", got)
	}
}

func TestPluginSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		settings map[string]any
		want     string
	}{
		{map[string]any{"bogus": map[string]any{}}, `unknown key "bogus"`},
		{map[string]any{"enable": []any{"nosuch"}}, `unknown analyzer "nosuch" in enable`},
		{map[string]any{"disable": []any{"nosuch"}}, `unknown analyzer "nosuch" in disable`},
		{map[string]any{"enable": "revokecommit"}, `enable: json: cannot unmarshal string`},
		{map[string]any{"enable": []any{"revokecommit"}, "disable": []any{"revokecommit"}}, `in both enable and disable`},
		{map[string]any{"revokecommit": map[string]any{"allversion": true}}, `revokecommit has no option "allversion" (options: allversions, unusedignores)`},
		{map[string]any{"revokecommit": map[string]any{"allversions": "maybe"}}, `revokecommit.allversions: invalid value "maybe"`},
		{map[string]any{"revokecommit": true}, `options of "revokecommit" must be a map`},
	} {
		_, err := build(t, tc.settings)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("settings %v: error %v, want one containing %q", tc.settings, err, tc.want)
		}
	}
}
