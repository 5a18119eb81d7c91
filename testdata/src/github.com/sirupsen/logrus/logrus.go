// Package logrus is a stub of github.com/sirupsen/logrus for analysistest: the
// functions and methods kafkalint's noreturn list names, and look-alikes.
package logrus

type Logger struct{}

type Entry struct{}

func New() *Logger { return &Logger{} }

func Fatal(args ...any)                 {}
func Fatalf(format string, args ...any) {}
func Panic(args ...any)                 {}
func Info(args ...any)                  {}
func Exit(code int)                     {}

func (*Logger) Fatalf(format string, args ...any) {}
func (*Logger) Errorf(format string, args ...any) {}
func (*Logger) WithField(k string, v any) *Entry  { return &Entry{} }

func (*Entry) Fatal(args ...any) {}
func (*Entry) Info(args ...any)  {}
