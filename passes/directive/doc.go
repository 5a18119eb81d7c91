// Package directive defines an Analyzer that reports the //kafkalint:ignore
// directives that cannot work or suppress nothing, in every package.
//
// # Analyzer directive
//
// directive: report kafkalint directives that suppress nothing
//
// Reports //kafkalint:ignore and //kafkalint:file-ignore directives that
// cannot work (no analyzer name, no reason, a misspelt verb such as
// //kafkalint:ignroe), names in them that are no analyzer of kafkalint, and,
// with -directive.unusedignores, directives that suppress no report of an
// analyzer they name.
//
// The passes honour the directives (each drops the reports a directive for it
// covers) and say, as their result, which directives did; this analyzer
// requires every pass of the suite and judges the directives from those
// results, once per package, whatever client the package uses. A package that
// uses no supported client is checked too: its malformed directives and
// unknown names are reported, and with -directive.unusedignores every
// directive in it is unused, since no pass looks at such a package (the
// report says the analyzer "checks no code of this package"). go vet,
// golangci-lint, gopls and nogo analyse every package; the kafkalint command
// loads only the packages whose imports reach a client library, so there the
// directives of the others are not checked.
//
// # Category directive
//
// A directive that suppresses nothing. As staticcheck does with //lint:ignore,
// a malformed directive is reported, since it looks like a suppression and is
// none:
//
//	//kafkalint:ignore revokecommit
//	return c.Unassign() // still reported: the directive has no reason
//
// and so is a name that is no analyzer (revokecomit). The reports link
// README's section on suppression.
//
// # Unused directives
//
// With -directive.unusedignores, a directive that suppresses no report of an
// analyzer it names is reported: the code it was written for has changed, and
// the stale directive would hide the next report on its line. The flag is off
// by default because drivers analyse a package more than once (with and
// without its tests, for each build configuration): a report that depends on
// the other files can be absent from one of those runs, where its directive
// would be called unused although the other run needs it. The analyzers'
// -NAME.unusedignores flags are deprecated aliases that check NAME's
// directives only. gopls cannot set analyzer flags, so it reports malformed
// directives and unknown names only.
package directive
