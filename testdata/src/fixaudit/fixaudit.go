// Package fixaudit is the input of testutil's own test of AuditFixes: an if
// whose fix drops its body, one whose fix inserts a check before it, and
// one whose fix swaps two statements.
package fixaudit

import "sync"

var mu sync.Mutex

func consume(ch chan *int, batch []*int) []*int {
	for {
		msg := <-ch
		mu.Lock()
		if msg != nil {
			batch = append(batch, msg)
		}
		mu.Unlock()
	}
}

func swapped(a, b int) int {
	a++
	b++
	return a + b
}
