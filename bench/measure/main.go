// Command measure runs a command and prints, on one line of its own standard
// error, the command's wall time, CPU time (user+system, its descendants included)
// and peak resident set size, as the kernel reports them for the waited-for child.
// It is how the benchmark and the sweep measure without /usr/bin/time.
//
//	measure [-o FILE] [-label L] -- command args...
//
// The line is "measure: label=L exit=N wall=1.234s cpu=2.345s maxrss=123456KiB";
// with -o it is appended to FILE instead. The exit status is the command's.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	out := flag.String("o", "", "append the measurement line to `file` instead of standard error")
	label := flag.String("label", "", "label printed with the measurement")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: measure [-o file] [-label l] -- command args...")
		os.Exit(2)
	}
	cmd := exec.Command(flag.Arg(0), flag.Args()[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	code := 0
	if err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			fmt.Fprintf(os.Stderr, "measure: %v\n", err)
			os.Exit(2)
		}
		code = exit.ExitCode()
	}
	// wait4's rusage covers the child and the descendants it waited for (go vet's
	// tool processes, go list): CPU is their sum, maxrss the largest of them.
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	var cpu time.Duration
	var rss int64
	if ru != nil {
		cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		rss = int64(ru.Maxrss) // KiB on Linux
	}
	line := fmt.Sprintf("measure: label=%s exit=%d wall=%.3fs cpu=%.3fs maxrss=%dKiB\n",
		*label, code, wall.Seconds(), cpu.Seconds(), rss)
	if *out == "" {
		fmt.Fprint(os.Stderr, line)
	} else if f, err := os.OpenFile(*out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err != nil {
		fmt.Fprintf(os.Stderr, "measure: %v\n", err)
		os.Exit(2)
	} else {
		_, werr := f.WriteString(line)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			fmt.Fprintf(os.Stderr, "measure: %v\n", werr)
			os.Exit(2)
		}
	}
	os.Exit(code)
}
