// Package basic holds the calls internal/pkgindex's test asks about: each
// function of the form want<...> makes one call whose callees the test checks.
package basic

type committer interface{ Commit() error }

type store struct{}

func (store) Commit() error { return nil }

type fake struct{}

func (fake) Commit() error { return nil }

func helper() {}

func other() {}

// A static call: its callee, complete.
func direct() { helper() }

// An interface call on a value the package makes: the concrete method.
func viaInterface() {
	var c committer = store{}
	c.Commit()
}

// Either of two concrete values: both methods.
func viaEither(test bool) {
	var c committer = store{}
	if test {
		c = fake{}
	}
	c.Commit()
}

// An interface value from the caller: nothing known, incomplete.
func viaParam(c committer) { c.Commit() }

// A function value: the declared functions it may be.
func viaValue(test bool) {
	f := helper
	if test {
		f = other
	}
	f()
}

// A function literal has no declaration to summarise: incomplete.
func viaLiteral() {
	f := func() {}
	f()
}

// A conversion calls nothing.
func conversion() { _ = int64(3) }
