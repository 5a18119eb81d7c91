// Package gen is the wiring of package app as wire generates it
// (wire_gen.go, marked generated; wire.go, the injectors wire reads, has the
// wireinject build tag and is not compiled): the report stays in the
// generated file, where the provider's consumer meets the handler, with
// Related positions at the provider's setting and the handler's Unassign.
package gen

var topics = []string{"orders"}
