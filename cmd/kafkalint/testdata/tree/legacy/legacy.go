// Package legacy does not use the library and does not type-check; nothing that
// uses the library imports it.
package legacy

// Version is the legacy version string.
const Version string = 2
