// Package configkey defines an Analyzer that checks the ConfigMap keys and values
// given to confluent-kafka-go clients against what librdkafka and the Go client
// accept.
//
// # Analyzer configkey
//
// configkey: check ConfigMap keys and values against librdkafka's table
//
// Reports ConfigMap keys and values that NewConsumer, NewProducer or NewAdminClient
// reject at run time, or that librdkafka ignores: unknown keys, values of a Go type
// the client cannot convert, invalid values, properties of the other client role,
// and deprecated properties.
//
//	c, err := kafka.NewConsumer(&kafka.ConfigMap{
//		"bootstrap.servers":               "localhost:9092",
//		"group.id":                        "orders",
//		"enable.auto.comit":               false,        // want: unknown configuration property "enable.auto.comit" (did you mean "enable.auto.commit"?)
//		"session.timeout.ms":              int64(30000), // want: value of type int64 ... (NewConsumer fails: Invalid value type int64)
//		"go.application.rebalance.enable": "true",       // want: ... expects a bool (NewConsumer fails: expects type bool, not string)
//		"auto.offset.reset":               "first",      // want: invalid value "first" for "auto.offset.reset"
//		"acks":                            "all",        // want: producer property "acks" set on a consumer
//	})
//
// The fixed configuration:
//
//	c, err := kafka.NewConsumer(&kafka.ConfigMap{
//		"bootstrap.servers":               "localhost:9092",
//		"group.id":                        "orders",
//		"enable.auto.commit":              false,
//		"session.timeout.ms":              30000,
//		"go.application.rebalance.enable": true,
//		"auto.offset.reset":               "earliest",
//	})
//
// Why it matters: the client hands every key that is not one of its own go.*
// properties to librdkafka, which fails the constructor for an unknown property
// ("No such configuration property"), an invalid boolean, a number out of range or
// a value outside an enum. The Go client converts only string, bool, int,
// fmt.Stringer and (for default.topic.config) ConfigMap values; int64, uint,
// float64 and slices fail with "Invalid value type", and a time.Duration becomes
// its String form, "30s", not milliseconds. The go.* properties are extracted with
// a typed default and must have exactly that Go type: "true" fails with "expects
// type bool, not string", also when set through ConfigMap.Set("go...=true"), which
// stores strings. NewAdminClient extracts no go.* property, and a go.* property of
// the other kind of client reaches librdkafka as an unknown one. Producer
// properties on a consumer, and consumer properties on a producer or admin client,
// are ignored with a warning; deprecated properties log a warning.
//
// Strings for integer properties are read as librdkafka reads them (measured
// with the real library, v1.9.2 and v2.11.1 alike): it parses the leading integer
// with C's strtol(value, &end, 0), ignores the rest, stores the result in a C int
// and only then checks the range. So "session.timeout.ms": "30s" is silently 30
// milliseconds, "10MB" is 10, "3e4" is 3, "30000.9" is 30000, "030000" (octal)
// is 12288 and "4294997296" wraps to 30000; "0s" fails with "value 0 is outside
// allowed range". Such a misread is reported with the number librdkafka takes,
// and, when that number then fails one of rd_kafka_new's checks between
// properties (fetch.max.bytes >= message.max.bytes, max.poll.interval.ms >=
// session.timeout.ms, with the other value from the map or its lowest default),
// with that error. The names of partition.assignment.strategy are matched
// exactly: "Range" fails with "Unsupported partition.assignment.strategy: Range",
// and eager and cooperative assignors cannot be mixed. Not reported, because
// librdkafka takes them as meant: enum values in another case ("Earliest" is
// earliest), booleans in any case ("TRUE", "F"; but "yes", "on", "enabled" and
// blanks are invalid), a suffix that is the property's own unit ("5000ms" on a
// .ms property, "B" on .bytes, "KB" on .kbytes), a suffix that leaves the number
// unchanged ("30000.0"), hexadecimal ("0x7530"), blanks around a number. The probe
// program and its recorded output are in testdata/probe-values of the
// repository (RESULTS.md); rerun it with "go run ./v2" and "go run ./v1" in that
// directory (cgo, a C compiler and the module proxy needed).
//
// What is recognised: ConfigMap literals (also the nested default.topic.config,
// which takes topic properties only), SetKey, Set and index assignments on a local
// map, and maps returned by functions of the same package, as far as they reach a
// NewConsumer, NewProducer or NewAdminClient call of the package, for v1
// (github.com/confluentinc/confluent-kafka-go/kafka and the gopkg.in path) and v2.
// Keys are matched against librdkafka v2.11.1's CONFIGURATION.md (global table,
// then the topic table librdkafka falls back to), compiled into the analyzer by go
// generate; the go.* properties are those of the NewConsumer and NewProducer docs.
// A suggestion is offered when a known key is within a small edit distance or
// differs only in case or separators.
//
// Not reported:
//   - keys and values that are not constants, values of interface type, and maps
//     that come from parameters, fields, exported package variables or other
//     packages (a map built by another package's function is resolved, but its
//     entries have no syntax in this package to report at); unexported package variables are
//     checked, with every change the package makes to them;
//   - unknown keys without a near suggestion on v1 libraries, whose librdkafka may
//     know properties v2.11.1 removed; properties only newer librdkafka versions
//     know are accepted on every version;
//   - on v1 libraries, properties deprecated only in librdkafka 2.x
//     (api.version.request, api.version.fallback.ms, broker.version.fallback,
//     ssl.engine.location): the librdkafka 1.x that v1 bundles takes them silently;
//   - producer/consumer mismatches when the map reaches clients of both kinds;
//   - strings for integer properties that do not start with a number (librdkafka
//     maps some names to numbers, like "all" for acks), floats with a suffix,
//     properties set through a dedicated librdkafka function, and the type of
//     go.logs.channel;
//   - assignor names followed by blanks (the probe saw " cooperative-sticky "
//     fail but cannot tell whether the blank is why), and the assignors of a
//     map that reaches a producer.
//
// Fixes: a misspelled or deprecated key is renamed to the suggestion (keeping its
// quoting; not when the map already holds that key or the key is a named
// constant); int64(30000) becomes 30000 and other integers are converted with
// int(...); constant floats become the number librdkafka reads; constant string
// slices become a comma-separated string; whole-millisecond time.Duration
// constants on *.ms properties become the number of milliseconds; "true" for a
// go.* property becomes true, and Set("go.x=true") becomes SetKey("go.x", true);
// a misread string literal becomes the number its writer meant where that is
// plain: "30s" (any duration Go's time.ParseDuration reads) on a .ms property
// becomes "30000", "3e4" becomes "30000", "030000" becomes "30000", and an
// assignor name in the wrong case is lower-cased. Fractions ("30000.9") and size
// units ("64MB": 1000 or 1024?) get no fix.
// Suppress a report with //kafkalint:ignore configkey reason, //nolint:kafkalint
// (golangci-lint) or -configkey=false.
//
// # Category unknown
//
// An unknown property, a go.* property the client does not extract, or a global
// property inside default.topic.config.
//
// # Category gotype
//
// A go.* property whose value is not of the exact Go type the client extracts.
//
// # Category valuetype
//
// A value of a Go type the client cannot convert.
//
// # Category duration
//
// A time.Duration value, converted to a string like "30s".
//
// # Category value
//
// An invalid boolean, a number outside the property's range (also once read as
// librdkafka reads it), an empty integer, a value outside its enum, or an
// assignor name librdkafka does not know.
//
// # Category misread
//
// A string for an integer property that librdkafka reads as another number: a
// unit or other suffix, an exponent or fraction, a leading 0, a number too big
// for a C int.
//
// # Category role
//
// A producer property on a consumer, or a consumer property on a producer or
// admin client.
//
// # Category deprecated
//
// A deprecated property, with its replacement when librdkafka names one.
package configkey
