package main

// The mock cluster is reached through librdkafka's C API, declared here by hand
// (rdkafka_mock.h is not shipped before v1.6.1); the symbols resolve from the
// static librdkafka that confluent-kafka-go links. The mock C API is the same
// from librdkafka 1.4.0 on, so one program drives every version. The RTT setter
// exists from librdkafka 1.5 and is declared weak: it is NULL on 1.4.x.

/*
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>

typedef struct rd_kafka_s rd_kafka_t;
typedef struct rd_kafka_conf_s rd_kafka_conf_t;
typedef struct rd_kafka_mock_cluster_s rd_kafka_mock_cluster_t;

extern rd_kafka_conf_t *rd_kafka_conf_new(void);
extern int rd_kafka_conf_set(rd_kafka_conf_t *conf, const char *name, const char *value, char *errstr, size_t errstr_size);
extern rd_kafka_t *rd_kafka_new(int type, rd_kafka_conf_t *conf, char *errstr, size_t errstr_size);
extern rd_kafka_mock_cluster_t *rd_kafka_handle_mock_cluster(const rd_kafka_t *rk);
extern const char *rd_kafka_mock_cluster_bootstraps(const rd_kafka_mock_cluster_t *mcluster);
extern int rd_kafka_mock_topic_create(rd_kafka_mock_cluster_t *mcluster, const char *topic, int partition_cnt, int replication_factor);
extern int rd_kafka_mock_coordinator_set(rd_kafka_mock_cluster_t *mcluster, const char *key_type, const char *key, int32_t broker_id);
extern int rd_kafka_mock_broker_set_rtt(rd_kafka_mock_cluster_t *mcluster, int32_t broker_id, int rtt_ms) __attribute__((weak));

static int proof_has_rtt(void) { return rd_kafka_mock_broker_set_rtt != NULL; }
static int proof_set_rtt(rd_kafka_mock_cluster_t *mc, int32_t b, int ms) {
	if (rd_kafka_mock_broker_set_rtt == NULL) return -1;
	return rd_kafka_mock_broker_set_rtt(mc, b, ms);
}

static rd_kafka_t *proof_mock_holder(int brokers, const char *debug, char *errstr, size_t n) {
	char num[16];
	rd_kafka_conf_t *conf = rd_kafka_conf_new();
	snprintf(num, sizeof num, "%d", brokers);
	if (rd_kafka_conf_set(conf, "test.mock.num.brokers", num, errstr, n) != 0) return NULL;
	if (debug && *debug && rd_kafka_conf_set(conf, "debug", debug, errstr, n) != 0) return NULL;
	return rd_kafka_new(0, conf, errstr, n); // RD_KAFKA_PRODUCER
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// mock is an in-process librdkafka mock cluster on 127.0.0.1.
type mock struct {
	rk        *C.rd_kafka_t
	mc        *C.rd_kafka_mock_cluster_t
	bootstrap string
}

// newMock starts a mock cluster of brokers brokers, creates topic with the given
// partitions (replication 1) and puts the coordinator of group on the last broker.
func newMock(brokers int, topic string, partitions int, group, debug string) (*mock, error) {
	errstr := (*C.char)(C.malloc(512))
	defer C.free(unsafe.Pointer(errstr))
	cdebug := C.CString(debug)
	defer C.free(unsafe.Pointer(cdebug))
	rk := C.proof_mock_holder(C.int(brokers), cdebug, errstr, 512)
	if rk == nil {
		return nil, fmt.Errorf("mock: %s", C.GoString(errstr))
	}
	mc := C.rd_kafka_handle_mock_cluster(rk)
	if mc == nil {
		return nil, fmt.Errorf("mock: no mock cluster on handle")
	}
	m := &mock{rk: rk, mc: mc, bootstrap: C.GoString(C.rd_kafka_mock_cluster_bootstraps(mc))}
	ct := C.CString(topic)
	defer C.free(unsafe.Pointer(ct))
	if rc := C.rd_kafka_mock_topic_create(mc, ct, C.int(partitions), 1); rc != 0 {
		return nil, fmt.Errorf("mock: topic_create: %d", rc)
	}
	if group != "" {
		kt, kg := C.CString("group"), C.CString(group)
		defer C.free(unsafe.Pointer(kt))
		defer C.free(unsafe.Pointer(kg))
		if rc := C.rd_kafka_mock_coordinator_set(mc, kt, kg, C.int32_t(brokers)); rc != 0 {
			return nil, fmt.Errorf("mock: coordinator_set: %d", rc)
		}
	}
	return m, nil
}

// hasRTT reports whether the linked librdkafka can delay a mock broker (>= 1.5).
func hasRTT() bool { return C.proof_has_rtt() != 0 }

// setRTT delays every response of broker by ms milliseconds.
func (m *mock) setRTT(broker, ms int) error {
	if m.mc == nil {
		return fmt.Errorf("mock: no mock cluster (-bootstrap)")
	}
	if rc := C.proof_set_rtt(m.mc, C.int32_t(broker), C.int(ms)); rc != 0 {
		return fmt.Errorf("mock: set_rtt: %d", rc)
	}
	return nil
}

// createTopic creates another topic of the mock cluster (replication 1).
func (m *mock) createTopic(name string, partitions int) error {
	if m.mc == nil {
		return fmt.Errorf("mock: no mock cluster (-bootstrap)")
	}
	ct := C.CString(name)
	defer C.free(unsafe.Pointer(ct))
	if rc := C.rd_kafka_mock_topic_create(m.mc, ct, C.int(partitions), 1); rc != 0 {
		return fmt.Errorf("mock: topic_create %s: %d", name, rc)
	}
	return nil
}
