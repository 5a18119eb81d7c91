package analyzer_test

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// awaitingMerge are pages that other branches add and that the pages checked
// here already link to. A link to one of them is accepted while it is absent;
// when its branch is merged the page exists, and this test asks for its entry
// to be removed, so that its links and anchors are checked from then on.
var awaitingMerge = []string{}

// TestDocLinks: every relative link and #anchor in README.md, CONTRIBUTING.md
// and docs/*.md resolves: the file or directory exists, and an anchor names a
// heading of the target page as GitHub forms its id (or an explicit <a id>).
// External links (with a scheme) are not followed.
func TestDocLinks(t *testing.T) {
	root := ".."
	pages := []string{"README.md", "CONTRIBUTING.md"}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		pages = append(pages, "docs/"+filepath.Base(d))
	}
	for _, p := range awaitingMerge {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err == nil {
			t.Errorf("%s exists now: remove it from awaitingMerge in analyzer/links_test.go", p)
		}
	}
	anchors := map[string]map[string]bool{} // page -> anchors
	anchorsOf := func(page string) (map[string]bool, error) {
		if a, ok := anchors[page]; ok {
			return a, nil
		}
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
		if err != nil {
			return nil, err
		}
		a := headingAnchors(string(b))
		anchors[page] = a
		return a, nil
	}
	checked := 0
	for _, page := range pages {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range links(string(b)) {
			if regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`).MatchString(l.target) {
				continue // external
			}
			checked++
			file, anchor, _ := strings.Cut(l.target, "#")
			target := page
			if file != "" {
				target = path.Clean(path.Join(path.Dir(page), file))
			}
			if slices.Contains(awaitingMerge, target) {
				continue
			}
			fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(target)))
			if err != nil {
				t.Errorf("%s:%d: link %q: %s does not exist", page, l.line, l.target, target)
				continue
			}
			if anchor == "" {
				continue
			}
			if fi.IsDir() || !strings.HasSuffix(target, ".md") {
				t.Errorf("%s:%d: link %q: an anchor into %s, which is not a Markdown page", page, l.line, l.target, target)
				continue
			}
			a, err := anchorsOf(target)
			if err != nil {
				t.Fatal(err)
			}
			if !a[anchor] {
				t.Errorf("%s:%d: link %q: %s has no heading with the anchor #%s", page, l.line, l.target, target, anchor)
			}
		}
	}
	if checked == 0 {
		t.Error("no relative link found: the test checks nothing")
	}
}

type link struct {
	target string
	line   int
}

var (
	mdLink    = regexp.MustCompile(`\]\(([^()\s]+)(?:\s+"[^"]*")?\)`)
	htmlLink  = regexp.MustCompile(`\b(?:href|src)="([^"]+)"`)
	codeSpan  = regexp.MustCompile("`[^`\n]*`")
	heading   = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	htmlID    = regexp.MustCompile(`<a\s+(?:id|name)="([^"]+)"`)
	inlineURL = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
)

// links returns the targets of the page's Markdown links and HTML href and src
// attributes, outside fenced code blocks and code spans.
func links(page string) []link {
	var out []link
	for i, line := range proseLines(page) {
		if line == "" {
			continue
		}
		line = codeSpan.ReplaceAllString(line, "")
		for _, re := range []*regexp.Regexp{mdLink, htmlLink} {
			for _, m := range re.FindAllStringSubmatch(line, -1) {
				out = append(out, link{m[1], i + 1})
			}
		}
	}
	return out
}

// proseLines returns the page's lines with those of fenced code blocks and
// indented code blocks emptied, so that indices stay line numbers.
func proseLines(page string) []string {
	lines := strings.Split(page, "\n")
	fenced := false
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			lines[i] = ""
			continue
		}
		if fenced || strings.HasPrefix(l, "    ") && (i == 0 || strings.TrimSpace(lines[i-1]) == "" || strings.HasPrefix(lines[i-1], "    ")) {
			lines[i] = ""
		}
	}
	return lines
}

// headingAnchors returns the anchors GitHub gives the page's headings (the
// text lowercased, punctuation dropped, spaces as hyphens, "-N" for the Nth
// repetition) and the ids of its <a id> and <a name> elements.
func headingAnchors(page string) map[string]bool {
	ids := map[string]bool{}
	seen := map[string]int{}
	for _, line := range proseLines(page) {
		for _, m := range htmlID.FindAllStringSubmatch(line, -1) {
			ids[m[1]] = true
		}
		m := heading.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		id := slug(m[1])
		if n := seen[id]; n > 0 {
			ids[id+"-"+strconv.Itoa(n)] = true
		} else {
			ids[id] = true
		}
		seen[id]++
	}
	return ids
}

// slug is GitHub's anchor for a heading's text.
func slug(text string) string {
	text = inlineURL.ReplaceAllString(text, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case unicode.IsLetter(r) || unicode.IsNumber(r) || r == '_' || r == '-':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// readmeMaxLines bounds README.md: it is the newcomer's page (what kafkalint
// finds, install, the demo and tests, where to run it, the analyzers,
// suppression, exit status, links), and what a section needs beyond a few lines
// goes to a docs/ page it links (issue 32).
const readmeMaxLines = 300

// TestReadmeShort: README.md stays a page a newcomer reads to the end.
func TestReadmeShort(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, more than %d: move the detail to a docs/ page and link it", n, readmeMaxLines)
	}
}
