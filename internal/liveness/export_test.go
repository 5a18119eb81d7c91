package liveness

// Checker and NewChecker give the tests a checker of their own, as the Analyzer builds.
type Checker = checker

var NewChecker = newChecker
