// Package log is a stub of github.com/rs/zerolog/log for analysistest.
package log

import "github.com/rs/zerolog"

func Fatal() *zerolog.Event { return &zerolog.Event{} }
func Panic() *zerolog.Event { return &zerolog.Event{} }
func Info() *zerolog.Event  { return &zerolog.Event{} }
