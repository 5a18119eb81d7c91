package handler // want package:"commits}" package:"marks}"

// The program's handler, which commits.
import "github.com/Shopify/sarama"

type Handler struct{}

func (Handler) Setup(sarama.ConsumerGroupSession) error { return nil }
func (Handler) Cleanup(sess sarama.ConsumerGroupSession) error {
	sess.Commit()
	return nil
}
func (Handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
	}
	return nil
}
