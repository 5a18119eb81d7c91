package app

import (
	"errors"
	"runtime"
	"testing"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/rs/zerolog"
	zlog "github.com/rs/zerolog/log"
	"github.com/sirupsen/logrus"
	"k8s.io/klog/v2"

	"noreturn/lib"
	"noreturn/plain"
)

// logger is the program's own logger interface.
type logger interface {
	Fatalf(format string, args ...any)
	Infof(format string, args ...any)
}

func wrappers(c *kafka.Consumer, l lib.Logger) {
	lib.Die(errors.New("x")) // want `does not return`
	lib.Check(nil)
	l.Fatalf("x") // want `does not return`
	l.Printf("x")
	lib.Serve(c) // want `does not return`
	lib.Drain(c, nil)
	lib.Stop(1) // want `does not return`
	lib.Spin()
	lib.Must(nil) // want `does not return`
	lib.Exit()    // want `does not return`
	lib.Later()
	plain.Die(nil) // reaches no client: not analysed
	plain.Log{}.Fatal("x")
	die()   // want `does not return`
	local() // want `does not return`
}

// die is a wrapper of a wrapper in another package.
func die() {
	lib.Die(nil) // want `does not return`
}

func local() {
	if true {
		panic("x") // want `does not return`
	}
	runtime.Goexit() // want `does not return`
}

func listed(lg logger, t *testing.T, tb testing.TB, e *logrus.Entry, zl *zerolog.Logger) {
	runtime.Goexit() // want `does not return`
	klog.Exitf("x")  // want `does not return`
	klog.Fatalf("x") // want `does not return`
	klog.Infof("x")
	logrus.Fatal("x") // want `does not return`
	logrus.Exit(1)    // want `does not return`
	logrus.Info("x")
	logrus.New().Fatalf("x") // want `does not return`
	logrus.New().Errorf("x")
	logrus.New().WithField("k", 1).Fatal("x") // want `does not return`
	e.Fatal("x")                              // want `does not return`
	e.Info("x")
	zlog.Fatal().Err(nil).Msg("x") // want `does not return`
	zlog.Info().Msg("x")
	zl.Fatal().Msg("x") // want `does not return`
	zl.Info().Msg("x")
	lg.Fatalf("x") // want `does not return`
	lg.Infof("x")
	t.Fatal("x") // want `does not return`
	tb.Skip()    // want `does not return`
	t.Log("x")
	panic("x") // want `does not return`
}
