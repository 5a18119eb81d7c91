package analyzer_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// illTypedReports are the reports each analyzer makes on the first of
// testutil.IllTypedSources ("line: message prefix"); none makes any on the
// second, which does not parse. Analyzers that read the syntax still report
// the mistakes of its well-typed function; the others follow values on the
// SSA form, which a package with type errors does not have
// (internal/valueflow), and stay silent: an untraced value makes no report.
var illTypedReports = map[string][]string{
	"configkey":   {`10: unknown configuration property "enable.auto.comit" (did you mean "enable.auto.commit"?)`},
	"readtimeout": {`22: return on any error of c.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 1s`},
}

// TestIllTyped runs every analyzer of the suite, as drivers do, on code being
// written: none may fail or panic, and each must make exactly the reports
// illTypedReports lists.
func TestIllTyped(t *testing.T) {
	for _, a := range analyzer.Analyzers() {
		for i, src := range testutil.IllTypedSources {
			var got []string
			for _, d := range testutil.RunIllTyped(t, a, src) {
				// The source is the only file of its FileSet: a Pos is its
				// offset plus 1.
				line := strings.Count(src[:int(d.Pos)-1], "\n") + 1
				got = append(got, fmt.Sprintf("%d: %s", line, d.Message))
			}
			var want []string
			if i == 0 {
				want = illTypedReports[a.Name]
			}
			ok := len(got) == len(want)
			for j := range min(len(got), len(want)) {
				ok = ok && strings.HasPrefix(got[j], want[j])
			}
			if !ok {
				t.Errorf("%s on ill-typed source %d reports\n%s\nwant\n%s", a.Name, i, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		}
	}
	for name := range illTypedReports {
		if !slices.ContainsFunc(analyzer.Analyzers(), func(a *analysis.Analyzer) bool { return a.Name == name }) {
			t.Errorf("illTypedReports names %s, which is not in the suite", name)
		}
	}
}
