// Package klog is a stub of k8s.io/klog/v2 for analysistest.
package klog

func Exitf(format string, args ...any)  {}
func Fatalf(format string, args ...any) {}
func Infof(format string, args ...any)  {}
