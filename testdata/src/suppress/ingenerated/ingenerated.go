package ingenerated

func dropped() {}

func kept() {}

func edited() {
	kept() //kafkalint:ignore kept reason: outside generated files a directive still covers it
}
