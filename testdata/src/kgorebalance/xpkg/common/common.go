// Package common is a connector's shared configuration, in the shape of
// conduit-connector-kafka's common package: the client options derived from
// the configuration, plus those kept in an unexported field that only a
// setter fills.
package common

import (
	"github.com/twmb/franz-go/pkg/kgo"
)

type Config struct {
	Servers  []string
	ClientID string
	TLS      bool

	franzClientOpts []kgo.Opt
}

// WithFranzClientOpts lets you specify custom kafka client options (meant for
// test purposes).
func (c Config) WithFranzClientOpts(opts ...kgo.Opt) Config {
	c.franzClientOpts = append(c.franzClientOpts, opts...)
	return c
}

// FranzClientOpts returns the kafka client options derived from the common config.
func (c Config) FranzClientOpts() []kgo.Opt { // want FranzClientOpts:`options {SeedBrokers ClientID ClientID\?} \+ set by \(kgorebalance/xpkg/common.Config\).WithFranzClientOpts`
	opts := []kgo.Opt{
		kgo.SeedBrokers(c.Servers...),
		kgo.ClientID(c.ClientID),
	}
	opts = append(opts, c.franzClientOpts...)
	if c.TLS {
		opts = append(opts, kgo.ClientID("tls"))
	}
	return opts
}

// Open is a configuration whose options anyone may set: an exported field.
type Open struct {
	Servers []string
	Opts    []kgo.Opt
}

// ClientOpts returns the options of the field, which callers fill.
func (o Open) ClientOpts() []kgo.Opt { // want ClientOpts:`options {SeedBrokers} incomplete`
	return append([]kgo.Opt{kgo.SeedBrokers(o.Servers...)}, o.Opts...)
}

// Defaults fills the field itself: the options of FranzClientOpts are not
// only its callers' then.
type Defaults struct {
	Servers []string

	extra []kgo.Opt
}

// WithExtra adds options.
func (d Defaults) WithExtra(opts ...kgo.Opt) Defaults {
	d.extra = append(d.extra, opts...)
	return d
}

// Blocking is the package's own preset.
func Blocking(servers []string) Defaults {
	return Defaults{Servers: servers}.WithExtra(kgo.BlockRebalanceOnPoll())
}

// ClientOpts returns the preset's options.
func (d Defaults) ClientOpts() []kgo.Opt { // want ClientOpts:`options {SeedBrokers} incomplete`
	return append([]kgo.Opt{kgo.SeedBrokers(d.Servers...)}, d.extra...)
}
