// Package uuid is a stub of github.com/google/uuid: the functions that make a
// random identifier.
package uuid

type UUID [16]byte

func New() UUID                { return UUID{} }
func NewRandom() (UUID, error) { return UUID{}, nil }
func NewString() string        { return "" }
func (u UUID) String() string  { return "" }
