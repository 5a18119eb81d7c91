// Package noclient uses no supported client, so no pass looks at it: its
// malformed directives and unknown names are reported all the same, and with
// -directive.unusedignores every directive in it is unused.
package noclient

func f() {
	/* want `^//kafkalint:ignore directive for revokecommit has no reason` */ //kafkalint:ignore revokecommit
	_ = 0

	/* want `^//kafkalint:ignore directive names revokecomit, which is no analyzer of kafkalint` */ //kafkalint:ignore revokecomit a misspelt name
	_ = 1

	/* want `^//kafkalint:ignore directive for revokecommit suppresses no report of revokecommit, which checks no code of this package, remove revokecommit from it` */ //kafkalint:ignore revokecommit the consumer moved to another package
	_ = 2
}
