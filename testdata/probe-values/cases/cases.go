// Package cases lists the configuration values the probe hands to NewConsumer,
// and prints what librdkafka did with each.
package cases

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// Case is one property set to one string value.
type Case struct{ Key, Value string }

// Cases are the values of issue 10: unit suffixes on numbers, boolean words,
// numbers out of range once parsed, enum values in another case; and controls.
var Cases = []Case{
	// integers with a unit or another suffix
	{"session.timeout.ms", "30000"},
	{"session.timeout.ms", "30s"},
	{"session.timeout.ms", "30000ms"},
	{"session.timeout.ms", "45 s"},
	{"session.timeout.ms", "1m"},
	{"session.timeout.ms", "30000.9"},
	{"session.timeout.ms", "3e4"},
	{"session.timeout.ms", " 30000"},
	{"session.timeout.ms", "30000 "},
	{"session.timeout.ms", "0x7530"},
	{"session.timeout.ms", "030000"},
	{"session.timeout.ms", "s30"},
	{"session.timeout.ms", ""},
	{"fetch.max.bytes", "10MB"},
	{"fetch.max.bytes", "10485760"},
	{"max.poll.interval.ms", "5m"},
	{"heartbeat.interval.ms", "3s"},
	{"auto.commit.interval.ms", "5s"},
	{"queued.max.messages.kbytes", "64MB"},
	// out of range once parsed
	{"session.timeout.ms", "0s"},
	{"session.timeout.ms", "0"},
	{"session.timeout.ms", "3600001"},
	{"session.timeout.ms", "99999999999"},
	{"session.timeout.ms", "4294997296"},
	{"max.poll.interval.ms", "1s"},
	{"fetch.max.bytes", "1KB"},
	// booleans
	{"enable.auto.commit", "yes"},
	{"enable.auto.commit", "no"},
	{"enable.auto.commit", "on"},
	{"enable.auto.commit", "off"},
	{"enable.auto.commit", "enabled"},
	{"enable.auto.commit", "y"},
	{"enable.auto.commit", "True"},
	{"enable.auto.commit", "FALSE"},
	{"enable.auto.commit", "t"},
	{"enable.auto.commit", "F"},
	{"enable.auto.commit", "0"},
	{"enable.auto.commit", "2"},
	{"enable.auto.commit", " true"},
	{"enable.auto.commit", "true "},
	{"enable.auto.offset.store", "false "},
	// enums
	{"auto.offset.reset", "Earliest"},
	{"auto.offset.reset", "EARLIEST"},
	{"auto.offset.reset", "earliest "},
	{"auto.offset.reset", "Smallest"},
	{"auto.offset.reset", "first"},
	{"isolation.level", "READ_COMMITTED"},
	{"isolation.level", "Read_Uncommitted"},
	{"security.protocol", "SASL_SSL"},
	{"security.protocol", "PLAINTEXT"},
	{"partition.assignment.strategy", "Range"},
	{"partition.assignment.strategy", "Cooperative-Sticky"},
	{"partition.assignment.strategy", "range, roundrobin"},
	{"partition.assignment.strategy", "sticky"},
	{"partition.assignment.strategy", "range,cooperative-sticky"},
	{"partition.assignment.strategy", " cooperative-sticky "},
	{"group.protocol", "Consumer"},
	{"debug", "CONF"},
	{"compression.codec", "GZIP"},
}

// Main runs the probe: without arguments, it runs itself once per case (librdkafka
// writes its "debug": "conf" dump to standard error) and prints one line per case;
// with a case number, it calls newConsumer for that case and prints its error.
func Main(version string, newConsumer func(conf map[string]string) error) {
	if len(os.Args) == 2 {
		n, _ := strconv.Atoi(os.Args[1])
		c := Cases[n]
		conf := map[string]string{"bootstrap.servers": "127.0.0.1:1", "group.id": "probe", "debug": "conf"}
		conf[c.Key] = c.Value
		if err := newConsumer(conf); err != nil {
			fmt.Printf("ERROR %s", strings.TrimSpace(err.Error()))
		}
		return
	}
	for i, c := range Cases {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(os.Args[0], strconv.Itoa(i))
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			fmt.Printf("%s\t%s=%q\tprobe failed: %v\n", version, c.Key, c.Value, err)
			continue
		}
		if out := stdout.String(); out != "" {
			fmt.Printf("%s\t%s=%q\t%s\n", version, c.Key, c.Value, out)
			continue
		}
		// "%7|...|CONF|rdkafka#consumer-1| [thrd:app]:   session.timeout.ms = 30"
		taken := "OK, not in the dump (the default)"
		for _, line := range strings.Split(stderr.String(), "\n") {
			_, kv, ok := strings.Cut(line, "]:   ")
			if k, v, ok2 := strings.Cut(kv, " = "); ok && ok2 && k == c.Key {
				taken = fmt.Sprintf("OK, librdkafka takes %q", v)
			}
		}
		fmt.Printf("%s\t%s=%q\t%s\n", version, c.Key, c.Value, taken)
	}
}
