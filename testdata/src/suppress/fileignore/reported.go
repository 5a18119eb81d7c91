package fileignore

func g() {
	bad() // want "call of bad"
}

/* want `^//kafkalint:file-ignore directive for bad has no reason, want //kafkalint:file-ignore bad reason \(a directive without a reason suppresses nothing\)$` */ //kafkalint:file-ignore bad

/* want `^//kafkalint:file-ignore directive names no analyzer` */ //kafkalint:file-ignore

//kafkalint:file-ignore good another analyzer's
