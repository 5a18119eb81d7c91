package main

import (
	"fmt"
	"path/filepath"
	"strings"
)

// readmeRows are the cells docs/runtime-proof.md shows, in its words.
var readmeRows = []struct{ label, key string }{
	{"a worker stores after the revoke; the handler only unassigns", "revokecommit/late/unassign"},
	{"a worker stores after the revoke; commit + invalidate, then unassign (the suggested fix)", "revokecommit/late/fix"},
	{"a worker stores after the revoke; wait for in-flight work, then the fix", "revokecommit/late/drain"},
	{"stores inline; the handler only unassigns", "revokecommit/classic/unassign"},
	{"stores inline; commit + invalidate, then unassign", "revokecommit/classic/fix"},
	{"Poll, go.application.rebalance.enable=true, no callback", "pollrebalance/poll/flag=true,cb=no"},
	{"Poll, with a rebalance callback", "pollrebalance/poll/flag=false,cb=yes"},
	{"Events(), go.application.rebalance.enable=true, no callback, rebalance events ignored", "unhandledrebalance/events/messages-only"},
	{"Assign in the callback under cooperative-sticky", "incrementalassign/cooperative/eager-assign"},
	{"StoreOffsets of a message's own offset, then restart", "storeoffset/restart/storeoffsets-own"},
	{"SendOffsetsToTransaction of a message's own offset, then restart (the mock commits no transactional offsets)", "txnoffset/restart/own"},
	{"StoreOffsets with enable.auto.offset.store=true", "storeautoarg/auto.offset.store=true/storeoffsets"},
	{"auto commit off, offsets stored, then Commit() with no offsets", "commitstored/auto.commit=false/commit"},
	{"auto commit off, Commit() every 4th message, the revoke only unassigns (on kfake)", "revokenocommit/every-4@kfake/unassign"},
	{"the same, with Commit() in the revoke handler before Unassign (on kfake)", "revokenocommit/every-4@kfake/commit"},
	{"Assign at offset 6, then SubscribeTopics (messages from 6 arrive after the group's first assignment)", "assignsubscribe/quiet/assign-subscribe,cb=none"},
	{"two goroutines on one consumer, each Assign of its own partition", "assignshared/2-partitions/assign-each"},
}

// readmeBlock is the generated table of docs/runtime-proof.md.
func readmeBlock(exp *expected) string {
	var b strings.Builder
	b.WriteString("| scenario |")
	for _, v := range allVersions {
		b.WriteString(" " + v + " |")
	}
	b.WriteString("\n| --- |" + strings.Repeat(" --- |", len(allVersions)) + "\n")
	byKey := map[string]config{}
	for _, c := range configs {
		byKey[c.key()] = c
	}
	for _, r := range readmeRows {
		c, ok := byKey[r.key]
		if !ok {
			panic("readmeRows: unknown config " + r.key)
		}
		fmt.Fprintf(&b, "| %s |", r.label)
		for _, v := range allVersions {
			b.WriteString(" " + cellText(c, v, exp.Cells[r.key][v]) + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

func writeReadme(here string, exp *expected) error {
	return regenerate(filepath.Join(here, "..", "docs", "runtime-proof.md"), "proof", readmeBlock(exp))
}
