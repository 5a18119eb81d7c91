// Command tool does not use the library.
package main

import (
	"fmt"

	"example.com/tree/legacy"
)

func main() { fmt.Println(legacy.Version) }
