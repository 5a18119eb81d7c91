// Package sarif holds the part of SARIF 2.1.0 (the Static Analysis Results
// Interchange Format, https://docs.oasis-open.org/sarif/sarif/v2.1.0/) that
// kafkalint writes: one run of one tool, its rules, results with locations,
// related locations and fixes, and notifications about the run. The command's
// tests validate what it writes against the published schema.
//
// The types are plain data for encoding/json; cmd/kafkalint converts analysis
// results to them. They are kept here, apart from the conversion, rather than
// taken from a SARIF library, because the one Go linters share lacks fields
// kafkalint writes: staticcheck's honnef.co/go/tools/sarif has no run
// originalUriBaseIds or columnKind, no rule fullDescription, no result
// ruleIndex, partialFingerprints or properties, and no invocation
// toolExecutionNotifications (it also sits in a large module without an API
// promise). The general-purpose SARIF modules bring a builder API and
// dependencies for the twenty types a linter writes, and every dependency of
// kafkalint's module lands in the go.mod of each project that builds kafkalint
// as a golangci-lint plugin.
package sarif

// The objects of a SARIF log, named as in the specification (§3), with the
// properties kafkalint writes.
type (
	Log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []Run  `json:"runs"`
	}
	Run struct {
		Tool               Tool                        `json:"tool"`
		Invocations        []Invocation                `json:"invocations"`
		OriginalURIBaseIDs map[string]ArtifactLocation `json:"originalUriBaseIds,omitempty"`
		ColumnKind         string                      `json:"columnKind"`
		Results            []Result                    `json:"results"`
	}
	Tool struct {
		Driver Driver `json:"driver"`
	}
	Driver struct {
		Name            string `json:"name"`
		Version         string `json:"version,omitempty"`
		SemanticVersion string `json:"semanticVersion,omitempty"`
		InformationURI  string `json:"informationUri"`
		Rules           []Rule `json:"rules"`
	}
	Rule struct {
		ID                   string        `json:"id"`
		ShortDescription     Message       `json:"shortDescription"`
		FullDescription      Message       `json:"fullDescription"`
		Help                 Message       `json:"help"`
		HelpURI              string        `json:"helpUri,omitempty"`
		DefaultConfiguration Configuration `json:"defaultConfiguration"`
	}
	Configuration struct {
		Level string `json:"level"`
	}
	Invocation struct {
		ExecutionSuccessful        bool           `json:"executionSuccessful"`
		ToolExecutionNotifications []Notification `json:"toolExecutionNotifications,omitempty"`
	}
	Notification struct {
		Level   string  `json:"level"`
		Message Message `json:"message"`
	}
	Message struct {
		Text string `json:"text"`
	}
	Result struct {
		RuleID           string     `json:"ruleId"`
		RuleIndex        int        `json:"ruleIndex"`
		Level            string     `json:"level"`
		Message          Message    `json:"message"`
		Locations        []Location `json:"locations"`
		RelatedLocations []Location `json:"relatedLocations,omitempty"`
		Fixes            []Fix      `json:"fixes,omitempty"`
		// PartialFingerprints identify the result across runs (§3.27.17):
		// GitHub code scanning matches alerts by them.
		PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
		Properties          *ResultProperties `json:"properties,omitempty"`
	}
	ResultProperties struct {
		Category string `json:"category"`
	}
	Location struct {
		ID               *int             `json:"id,omitempty"`
		PhysicalLocation PhysicalLocation `json:"physicalLocation"`
		Message          *Message         `json:"message,omitempty"`
	}
	PhysicalLocation struct {
		ArtifactLocation ArtifactLocation `json:"artifactLocation"`
		Region           Region           `json:"region"`
	}
	ArtifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	Region struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
	Fix struct {
		Description     Message          `json:"description"`
		ArtifactChanges []ArtifactChange `json:"artifactChanges"`
	}
	ArtifactChange struct {
		ArtifactLocation ArtifactLocation `json:"artifactLocation"`
		Replacements     []Replacement    `json:"replacements"`
	}
	Replacement struct {
		DeletedRegion   Region   `json:"deletedRegion"`
		InsertedContent *Message `json:"insertedContent,omitempty"`
	}
)

// Schema and Version identify the format of a Log.
const (
	Schema  = "https://json.schemastore.org/sarif-2.1.0.json"
	Version = "2.1.0"
)
