package main

func pollRebalance(o *Outcome) string     { return "todo" }
func incrementalAssign(o *Outcome) string { return "todo" }
func storeOffset(o *Outcome) string       { return "todo" }
func storeAutoArg(o *Outcome) string      { return "todo" }
func configKey(o *Outcome) string         { return "todo" }
