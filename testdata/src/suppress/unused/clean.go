package unused

// clean calls nothing bad reports: a file-ignore for bad here is stale.
func clean() {
	_ = 0
}

/* want `^//kafkalint:file-ignore directive for bad suppresses no report of bad, remove bad from it \(a stale directive hides the next report in its file\)$` */ //kafkalint:file-ignore bad,good nothing of bad's in this file
