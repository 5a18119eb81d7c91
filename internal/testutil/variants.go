package testutil

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// A Variant is a fixture tree that the tests also run on another import path
// of its library, generated from the committed tree rather than committed
// twice, so that a case added to the source is never forgotten in its copy.
//
// Generation copies every file under From (testdata/src/From, subdirectories
// included, except those that are the To of a variant) to the same place
// under To, with three rewrites: the library's import path Old becomes New
// wherever it occurs (imports, comments, expected messages); the tree's own
// packages move with it ("From/p" becomes "To/p"); and a package clause that
// names From's last element (package v1, package v1_test) names To's
// instead. A file committed under To wins over the generated one: it is a
// case that really differs on the other path (TestVariantsNotCopies fails
// when a committed file is only what generation would write).
type Variant struct {
	From, To string   // trees under testdata/src, slash-separated
	Old, New string   // the library's import path in From and in To
	Skip     []string // files of From (slash-separated, relative to From) with no copy in To
}

// Import paths of the libraries with variants (those of kafkaapi and
// saramaapi, which this package must not import: it names no client's API).
const (
	confluentV1    = "github.com/confluentinc/confluent-kafka-go/kafka"
	confluentV2    = "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	confluentGopkg = "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
	saramaIBM      = "github.com/IBM/sarama"
	saramaShopify  = "github.com/Shopify/sarama"
)

// Variants lists every generated tree. A new fixture tree of confluent-kafka-go
// is written under v1/ (or as a tree of packages) and gets a gopkg.in line, and
// a v2 line where v2 behaves the same; a new sarama tree is written under ibm/
// and gets a Shopify line.
var Variants = []Variant{
	// The library stub itself: gopkg.in serves the v1 module unchanged.
	{From: confluentV1, To: confluentGopkg, Old: confluentV1, New: confluentGopkg},

	// confluent-kafka-go v1 on gopkg.in (v1.9.2 there too: same cases, same reports).
	gopkg("configkey/v1", "configkey/gopkgin", "v1.go"), // gopkgin.go: the v1 module's properties, written for its own path
	gopkg("incrementalassign/v1", "incrementalassign/gopkgin"),
	gopkg("neverstored/v1", "neverstored/gopkgin"),
	gopkg("pollrebalance/v1", "pollrebalance/gopkgin"),
	gopkg("readtimeout/v1", "readtimeout/gopkgin"),
	gopkg("readtimeout/errs", "readtimeout/errsgopkgin"),
	gopkg("rebalancehandlers/v1", "rebalancehandlers/gopkgin"),
	gopkg("revokecommit/v1", "revokecommit/gopkgin"),
	gopkg("revokecommit/combined", "revokecommit/combined/gopkgin"),
	gopkg("revokecommit/crosspkg", "revokecommit/crosspkg/gopkgin"),
	gopkg("revokecommit/defaults", "revokecommit/defaults/gopkgin"),
	gopkg("revokecommit/generic", "revokecommit/generic/gopkgin"),
	gopkg("revokecommit/indirect", "revokecommit/indirect/gopkgin"),
	gopkg("revokecommit/provider", "revokecommit/provider/gopkgin"),
	gopkg("revokecommit/teams", "revokecommit/teams/gopkgin"),
	gopkg("revokecommit/tracer", "revokecommit/tracer/gopkgin"),
	gopkg("revokecommit/wiring", "revokecommit/wiring/gopkgin"),
	gopkg("revokecommit/periodic", "revokecommit/periodic/gopkgin"),
	gopkg("storeoffset/v1", "storeoffset/gopkgin"),
	gopkg("storeoffset/xpkg/v1", "storeoffset/xpkg/gopkgin"),

	// confluent-kafka-go v2: only the trees whose cases behave the same on v2;
	// the files whose cases or reports differ there are committed under v2/.
	v2("configkey/v1", "configkey/v2", "v1.go"), // v2.go: v2's own properties; values.go: v2.11.1's librdkafka reads more values
	v2("incrementalassign/v1", "incrementalassign/v2"),
	v2("neverstored/v1", "neverstored/v2", "consumers.go"), // service.go: its v2 counterpart
	v2("pollrebalance/v1", "pollrebalance/v2"),             // poll.go, unhandled.go: the reports name v2.0.2, not v1.8.2
	v2("readtimeout/v1", "readtimeout/v2", "readloops.go"), // bad.go, good.go: its v2 counterpart, with Error.IsTimeout
	v2("storeoffset/v1", "storeoffset/v2"),                 // retry.go: a case of v2's SeekPartitions more
	v2("storeoffset/xpkg/v1", "storeoffset/xpkg/v2"),
	v2("revokecommit/periodic", "revokecommit/periodic/v2"), // revokenocommit: the same on every version

	// The cross-package revokecommit trees on v2, reported only under
	// -revokecommit.allversions: the app files whose expected messages differ
	// on v2 are committed under allversions/; the rest is generated.
	v2("revokecommit/combined", "revokecommit/allversions/combined"),
	v2("revokecommit/crosspkg", "revokecommit/allversions/crosspkg"),
	v2("revokecommit/defaults", "revokecommit/allversions/defaults"),
	v2("revokecommit/generic", "revokecommit/allversions/generic"),
	v2("revokecommit/indirect", "revokecommit/allversions/indirect"),
	v2("revokecommit/library", "revokecommit/allversions/library"),
	v2("revokecommit/provider", "revokecommit/allversions/provider"),
	v2("revokecommit/settings", "revokecommit/allversions/settings"),
	v2("revokecommit/teams", "revokecommit/allversions/teams", "group/group.go"), // group names no client: the v2 app imports the v1 tree's
	v2("revokecommit/tracer", "revokecommit/allversions/tracer"),
	v2("revokecommit/wiring", "revokecommit/allversions/wiring", "gen/gen.go", "gen/wire_gen.go"), // gen: the wire-generated case is run on v1 only

	// sarama before its move to IBM (v1.38.1): the same cases on the old path.
	shopify("asyncmark/ibm", "asyncmark/shopify"),
	shopify("asyncmark/xpkg/ibm", "asyncmark/xpkg/shopify"),
	shopify("claimloop/ibm", "claimloop/shopify"),
	shopify("claimloop/xpkg/ibm", "claimloop/xpkg/shopify"),
	shopify("consumeloop/ibm", "consumeloop/shopify"),
	shopify("consumeloop/cli/ibm", "consumeloop/cli/shopify"),
	shopify("consumeloop/errgroup/ibm", "consumeloop/errgroup/shopify"),
	shopify("consumeloop/xpkg/ibm", "consumeloop/xpkg/shopify"),
	shopify("markoffset/ibm", "markoffset/shopify"),
	shopify("markoffset/xpkg/ibm", "markoffset/xpkg/shopify"),
	shopify("nocommit/ibm", "nocommit/shopify"),
	shopify("nocommit/xpkg/ibm", "nocommit/xpkg/shopify"),
}

func gopkg(from, to string, skip ...string) Variant {
	return Variant{From: from, To: to, Old: confluentV1, New: confluentGopkg, Skip: skip}
}

func v2(from, to string, skip ...string) Variant {
	return Variant{From: from, To: to, Old: confluentV1, New: confluentV2, Skip: skip}
}

func shopify(from, to string) Variant {
	return Variant{From: from, To: to, Old: saramaIBM, New: saramaShopify}
}

// Rewrite returns the text of From's file as its copy under To.
func (v Variant) Rewrite(content []byte) []byte {
	s := strings.ReplaceAll(string(content), v.Old, v.New)
	if v.From != v.Old {
		s = strings.ReplaceAll(s, `"`+v.From+`/`, `"`+v.To+`/`)
		s = strings.ReplaceAll(s, `"`+v.From+`"`, `"`+v.To+`"`)
	}
	from, to := path.Base(v.From), path.Base(v.To)
	if from != to && isIdent(from) && isIdent(to) {
		clause := regexp.MustCompile(`(?m)^package ` + regexp.QuoteMeta(from) + `(_test)?\b`)
		s = clause.ReplaceAllString(s, "package "+to+"$1")
	}
	return []byte(s)
}

var ident = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func isIdent(s string) bool { return ident.MatchString(s) }

// Generated returns the files Variants generate, as slash-separated paths
// relative to src (a testdata/src directory) mapped to their content. It does
// not look at what is committed under the To trees.
func Generated(src string) (map[string][]byte, error) {
	targets := make(map[string]bool)
	for _, v := range Variants {
		targets[v.To] = true
	}
	out := make(map[string][]byte)
	for _, v := range Variants {
		from := filepath.Join(src, filepath.FromSlash(v.From))
		skip := make(map[string]bool)
		for _, s := range v.Skip {
			skip[s] = true
		}
		n := 0
		err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(from, p)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				if rel != "." && targets[path.Join(v.From, rel)] {
					return filepath.SkipDir
				}
				return nil
			}
			if skip[rel] {
				delete(skip, rel)
				return nil
			}
			content, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			dst := path.Join(v.To, rel)
			if _, dup := out[dst]; dup {
				return fmt.Errorf("%s: generated by two variants", dst)
			}
			out[dst] = v.Rewrite(content)
			n++
			return nil
		})
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, fmt.Errorf("variant %s -> %s: no file to generate", v.From, v.To)
		}
		for s := range skip {
			return nil, fmt.Errorf("variant %s -> %s: skipped file %s does not exist", v.From, v.To, s)
		}
	}
	return out, nil
}

var fixtures struct {
	once sync.Once
	dir  string
	err  error
}

// Fixtures returns the GOPATH of every analysistest run: a directory whose src
// is testdata/src as committed plus the trees Variants generate (a committed
// file wins over a generated one). It is built once per content of that
// tree (a hash of its files names the directory), under the system's
// temporary directory, and shared by the test processes of every package;
// tests must not write into it.
func Fixtures(t testing.TB) string {
	t.Helper()
	fixtures.once.Do(func() { fixtures.dir, fixtures.err = buildFixtures(TestData(t)) })
	if fixtures.err != nil {
		t.Fatalf("generating the fixture variants: %v", fixtures.err)
	}
	return fixtures.dir
}

func buildFixtures(testdata string) (string, error) {
	src := filepath.Join(testdata, "src")
	committed := make(map[string][]byte)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		content, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		committed[filepath.ToSlash(rel)] = content
		return nil
	})
	if err != nil {
		return "", err
	}
	generated, err := Generated(src)
	if err != nil {
		return "", err
	}
	for rel, content := range generated {
		if _, ok := committed[rel]; !ok {
			committed[rel] = content
		}
	}
	names := make([]string, 0, len(committed))
	for rel := range committed {
		names = append(names, rel)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, rel := range names {
		_, _ = fmt.Fprintf(h, "%s %d\n", rel, len(committed[rel])) // a hash.Hash never fails a write
		h.Write(committed[rel])
	}
	dir := filepath.Join(os.TempDir(), "kafkalint-fixtures-"+hex.EncodeToString(h.Sum(nil))[:16])
	if _, err := os.Stat(filepath.Join(dir, "src")); err == nil {
		return dir, nil // built by an earlier test process
	}
	// Built aside and renamed into place, so that test processes running at
	// the same time never see a half-written tree.
	tmp, err := os.MkdirTemp(os.TempDir(), "kafkalint-fixtures-tmp-")
	if err != nil {
		return "", err
	}
	defer func() { _ = os.RemoveAll(tmp) }() // nothing left after the rename; a failure's leftovers are pruned later
	for _, rel := range names {
		p := filepath.Join(tmp, "src", filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, committed[rel], 0o644); err != nil {
			return "", err
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, "src")); statErr == nil {
			return dir, nil // another process renamed its own first
		}
		return "", errors.Join(err, fmt.Errorf("cannot place the fixtures at %s", dir))
	}
	pruneFixtures(dir)
	return dir, nil
}

// pruneFixtures removes the trees built for other contents of testdata more
// than a day ago, so that editing fixtures does not fill the temporary
// directory; a test process still using one is not that old.
func pruneFixtures(keep string) {
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(keep), "kafkalint-fixtures-*"))
	for _, d := range old {
		if fi, err := os.Stat(d); err == nil && d != keep && time.Since(fi.ModTime()) > 24*time.Hour {
			_ = os.RemoveAll(d) // pruning is best effort: the next run tries again
		}
	}
}
