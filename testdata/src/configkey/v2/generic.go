package v2

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Generic consumers (issue 16, shape 5): a generic factory holds the
// configuration, and a generic method that nothing in the package calls
// (its users do) creates the consumer from it.
type typedFactory[M any] struct {
	cm     kafka.ConfigMap
	decode func([]byte) (M, error)
}

func newTypedFactory[M any](decode func([]byte) (M, error)) *typedFactory[M] {
	return &typedFactory[M]{
		cm: kafka.ConfigMap{
			"group.id":           "g",
			"enable.auto.comit":  false, // want `unknown configuration property "enable.auto.comit" \(did you mean "enable.auto.commit"\?\)`
			"session.timeout.ms": 30000, // fine
		},
		decode: decode,
	}
}

func (f *typedFactory[M]) Open() (*kafka.Consumer, error) {
	return kafka.NewConsumer(&f.cm)
}

// typedChecked is its twin with the property spelt right: silent.
type typedChecked[M any] struct {
	cm     kafka.ConfigMap
	decode func([]byte) (M, error)
}

func newTypedChecked[M any](decode func([]byte) (M, error)) *typedChecked[M] {
	return &typedChecked[M]{
		cm: kafka.ConfigMap{
			"group.id":           "g",
			"enable.auto.commit": false, // fine
		},
		decode: decode,
	}
}

func (f *typedChecked[M]) Open() (*kafka.Consumer, error) {
	return kafka.NewConsumer(&f.cm)
}
