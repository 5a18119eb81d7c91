// Package kgo is a look-alike of franz-go's kgo: same names, another path.
package kgo

import "context"

type Opt interface{}

type Client struct{}

func NewClient(opts ...Opt) (*Client, error) { return &Client{}, nil }

func ConsumerGroup(string) Opt { return nil }

func DisableAutoCommit() Opt { return nil }

func OnPartitionsRevoked(func(context.Context, *Client, map[string][]int32)) Opt { return nil }

func (*Client) Close() {}
