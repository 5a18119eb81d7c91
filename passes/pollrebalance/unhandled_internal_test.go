package pollrebalance

import (
	"go/ast"
	"go/parser"
	"strings"
	"testing"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
)

func consumer(t *testing.T, version string, entries ...kafkaconfig.Setting) *kafkaconfig.Consumer {
	t.Helper()
	call, err := parser.ParseExpr("kafka.NewConsumer(cm)")
	if err != nil {
		t.Fatal(err)
	}
	return &kafkaconfig.Consumer{
		Call:    call.(*ast.CallExpr),
		Version: kafkaapi.Version{Exact: version},
		Config:  &kafkaconfig.Config{Known: true, Complete: true, Entries: entries},
	}
}

func flag(key string, on bool) kafkaconfig.Setting {
	v := "false"
	if on {
		v = "true"
	}
	return kafkaconfig.Setting{Key: key, Known: true, Value: v, GoType: "bool"}
}

// TestPathOf: the Poll path counts only on a version known to be before
// v1.6.1; the Events() path on every version (docs/library-facts.md, F15).
func TestPathOf(t *testing.T) {
	rebalanceOn := flag("go.application.rebalance.enable", true)
	for _, tc := range []struct {
		name    string
		version string
		entries []kafkaconfig.Setting
		want    int
	}{
		{"poll v1.4.0", "v1.4.0", []kafkaconfig.Setting{rebalanceOn}, pathPoll},
		{"poll v1.5.2", "v1.5.2", []kafkaconfig.Setting{rebalanceOn}, pathPoll},
		{"poll v1.6.1", "v1.6.1", []kafkaconfig.Setting{rebalanceOn}, 0},
		{"poll v2.11.1", "v2.11.1", []kafkaconfig.Setting{rebalanceOn}, 0},
		{"poll unknown version", "", []kafkaconfig.Setting{rebalanceOn}, 0},
		{"events v2.11.1", "v2.11.1", []kafkaconfig.Setting{rebalanceOn, flag("go.events.channel.enable", true)}, pathEvents},
		{"events unknown version", "", []kafkaconfig.Setting{rebalanceOn, flag("go.events.channel.enable", true)}, pathEvents},
		{"rebalance off", "v1.4.0", []kafkaconfig.Setting{flag("go.application.rebalance.enable", false)}, 0},
		{"rebalance absent", "v1.4.0", nil, 0},
	} {
		k := consumer(t, tc.version, tc.entries...)
		if got, _ := pathOf(k); got != tc.want {
			t.Errorf("%s: path %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestUnhandledMessage: the consequence depends on the version as the proof
// shows: Close hangs only before v1.6.1.
func TestUnhandledMessage(t *testing.T) {
	call := func(src string) *ast.CallExpr {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		return e.(*ast.CallExpr)
	}
	for _, tc := range []struct {
		name    string
		c       candidate
		version string
		want    string
	}{
		{"poll v1.4.0", candidate{path: pathPoll, polls: []*ast.CallExpr{call("c.Poll(100)")}}, "v1.4.0",
			"nothing handles AssignedPartitions from c.Poll (go.application.rebalance.enable is true: the client leaves the assignment to the application and the consumer reads nothing; on v1.4.0 Close also hangs)"},
		{"events v1.4.2", candidate{path: pathEvents, events: []*ast.CallExpr{call("c.Events()")}}, "v1.4.2",
			"nothing handles AssignedPartitions from c.Events() (go.application.rebalance.enable is true: the client leaves the assignment to the application and the consumer reads nothing; on v1.4.2 Close also hangs)"},
		{"events v1.9.2", candidate{path: pathEvents}, "v1.9.2",
			"nothing handles AssignedPartitions from c.Events() (go.application.rebalance.enable is true: the client leaves the assignment to the application and the consumer reads nothing)"},
	} {
		tc.c.k = consumer(t, tc.version)
		tc.c.subs = []*ast.CallExpr{call("c.SubscribeTopics(topics, nil)")}
		got := unhandledMessage(&tc.c)
		if !strings.HasPrefix(got, "consumer c never assigns the partitions it is given: SubscribeTopics passes no rebalance callback and ") || !strings.HasSuffix(got, tc.want) {
			t.Errorf("%s: %q, want it to end in %q", tc.name, got, tc.want)
		}
	}
}
