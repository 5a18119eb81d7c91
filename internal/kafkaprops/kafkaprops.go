// Package kafkaprops is librdkafka's configuration property table, generated
// from its CONFIGURATION.md at v2.11.1 (the librdkafka of confluent-kafka-go
// v2.11.1): every property's role, type, range or values, default, deprecation,
// replacement and alias. configkey checks ConfigMaps against it, and kafkaconfig
// takes librdkafka's defaults from it. The Go client's own go.* properties are
// not librdkafka's and are not in it.
package kafkaprops

//go:generate go run gen.go

// Type is the type column of the table.
type Type uint8

// The types of the table's "*Type: ...*" column.
const (
	String  Type = iota // string, pattern list: anything goes
	Integer             // decimal, checked against the range
	Boolean             // true/false, t/f, 1/0, any case
	Enum                // one of Enum, any case
	Flags               // comma-separated subset of Enum
	Float               // decimal, checked against the range
	API                 // set through a dedicated C function, not a ConfigMap
)

// A Property is one row of the table.
type Property struct {
	Role         byte // 'C' consumer, 'P' producer, '*' both
	Type         Type
	HasRange     bool
	Min, Max     float64 // the range, when HasRange
	Enum         []string
	Default      string // "" when the table gives none
	Deprecated   bool
	NoLongerUsed bool   // "**DEPRECATED** No longer used."
	Replacement  string // the property to use instead, from the description
	Alias        string // the property this one is an alias for
}
