// Package metrics does not use the library and does not type-check: Count
// survives, total does not.
package metrics

// Count counts an event.
func Count(name string) { total += undefinedWeight(name) }

var total int
