// Package recursive holds exported helpers that call each other: the facts
// exported for them must not depend on which is summarised first (Go map order).
package recursive

import "github.com/confluentinc/confluent-kafka-go/kafka"

// Retry commits, then tries again through Again while n > 0: it commits on
// every path.
func Retry(c *kafka.Consumer, n int) { // want Retry:"does=commit"
	c.Commit()
	if n > 0 {
		Again(c, n-1)
	}
}

// Again is Retry by another name: it commits on every path too. Summarised
// inside Retry's recursion (Retry taken to do nothing there), it would seem to
// commit nothing.
func Again(c *kafka.Consumer, n int) { // want Again:"does=commit"
	Retry(c, n)
}

// Give unassigns before it commits, on one path through Take.
func Give(c *kafka.Consumer, n int) { // want Give:"does=nothing unassigns\\(param 0, missing commit\\+invalidate\\+wait\\)"
	if n > 0 {
		Take(c, n-1)
		return
	}
	c.Unassign()
}

// Take hands back to Give. (Its fact would name Give's consumer, not a
// parameter of Take: callers in other packages see Give's through Give's fact.)
func Take(c *kafka.Consumer, n int) {
	Give(c, n)
}
