package kafkaapi

import (
	"fmt"
	"go/types"

	"golang.org/x/mod/semver"
)

// Library versions at which consumer behaviour that the rules depend on changed
// (docs/library-facts.md, F1 to F3; the module version of confluent-kafka-go,
// which from v1.4.0 on bundles the librdkafka of the same version).
const (
	// V1_4_2: Unassign resets the stored offsets (librdkafka #2782).
	V1_4_2 = "v1.4.2"
	// V1_6_1: rebalance events are no longer returned from Poll; IncrementalAssign exists.
	V1_6_1 = "v1.6.1"
	// V1_8_2: StoreMessage exists.
	V1_8_2 = "v1.8.2"
	// V1_9_0: stores for unassigned partitions fail with ErrState and Assign resets
	// stored offsets (librdkafka #2948, PR #3774).
	V1_9_0 = "v1.9.0"
)

// Version is what is known of the library version a package links: an exact module
// version, or only a lower bound (from the v2 import path or the API's shape), or
// nothing.
type Version struct {
	Exact   string // semver of the linked module, "" when unknown
	AtLeast string // lower bound when Exact is unknown, "" when none
}

// Known reports whether the exact version is known.
func (v Version) Known() bool { return v.Exact != "" }

// Before reports whether the version is certainly before bound.
func (v Version) Before(bound string) bool {
	return v.Exact != "" && semver.Compare(v.Exact, bound) < 0
}

// AtLeastV reports whether the version is certainly bound or later.
func (v Version) AtLeastV(bound string) bool {
	if v.Exact != "" {
		return semver.Compare(v.Exact, bound) >= 0
	}
	return v.AtLeast != "" && semver.Compare(v.AtLeast, bound) >= 0
}

// String describes the version for messages: "v1.4.0", "version unknown, v1.8.2 or
// later", "version unknown".
func (v Version) String() string {
	switch {
	case v.Exact != "":
		return v.Exact
	case v.AtLeast != "":
		return fmt.Sprintf("version unknown, %s or later", v.AtLeast)
	}
	return "version unknown"
}

// ModuleVersion returns the canonical semver of a module version string, or "" if
// it is not one ("(devel)", empty, garbage).
func ModuleVersion(v string) string {
	if !semver.IsValid(v) {
		return ""
	}
	return v
}

// ShapeVersion returns the lower bound that the library package's API shows when
// no module version is known: the v2 path proves v2.0.2 (there were no v2.0.0 and
// v2.0.1 releases), StoreMessage proves v1.8.2, IncrementalAssign v1.6.1.
func ShapeVersion(pkg *types.Package) Version {
	switch {
	case IsV2(pkg):
		return Version{AtLeast: "v2.0.2"}
	case HasMethod(pkg, "Consumer", "StoreMessage"):
		return Version{AtLeast: V1_8_2}
	case HasMethod(pkg, "Consumer", "IncrementalAssign"):
		return Version{AtLeast: V1_6_1}
	}
	return Version{}
}
