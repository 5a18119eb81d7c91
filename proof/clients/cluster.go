package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// topic is the one topic of every scenario (scenario/kit.Topic).
const topic = "t"

// A fakeCluster is one run's kfake cluster (one broker on 127.0.0.1) and the
// control endpoint the scenario program uses to see groups and committed
// offsets and to produce records, so that what a scenario records does not
// depend on the client under test.
type fakeCluster struct {
	c   *kfake.Cluster
	cl  *kgo.Client // the producer
	ln  net.Listener
	srv *http.Server
}

// startCluster starts a cluster whose topic has the given partitions, each
// seeded with records records.
func startCluster(partitions int32, records int) (*fakeCluster, error) {
	c, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.SeedTopics(partitions, topic))
	if err != nil {
		return nil, err
	}
	fc := &fakeCluster{c: c}
	fc.cl, err = kgo.NewClient(kgo.SeedBrokers(c.ListenAddrs()...), kgo.RecordPartitioner(kgo.ManualPartitioner()))
	if err == nil {
		for p := int32(0); p < partitions && err == nil; p++ {
			err = fc.produce(p, records)
		}
	}
	if err == nil {
		fc.ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		fc.close()
		return nil, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/group", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(c.GroupInfo(r.URL.Query().Get("name")))
	})
	mux.HandleFunc("/produce", func(w http.ResponseWriter, r *http.Request) {
		p, _ := strconv.Atoi(r.URL.Query().Get("partition"))
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		if err := fc.produce(int32(p), n); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
	mux.HandleFunc("/deleterecords", func(w http.ResponseWriter, r *http.Request) {
		p, _ := strconv.Atoi(r.URL.Query().Get("partition"))
		off, _ := strconv.ParseInt(r.URL.Query().Get("offset"), 10, 64)
		if err := c.DeleteRecords(topic, int32(p), off); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
	mux.HandleFunc("/fenceheartbeat", func(w http.ResponseWriter, r *http.Request) {
		// The next Heartbeat is answered UNKNOWN_MEMBER_ID, as when the
		// broker has dropped the member: its session is lost.
		c.ControlKey(int16(kmsg.Heartbeat), func(req kmsg.Request) (kmsg.Response, error, bool) {
			resp := req.ResponseKind().(*kmsg.HeartbeatResponse)
			resp.ErrorCode = kerr.UnknownMemberID.Code
			return resp, nil, true
		})
	})
	fc.srv = &http.Server{Handler: mux}
	go fc.srv.Serve(fc.ln)
	return fc, nil
}

func (fc *fakeCluster) broker() string  { return fc.c.ListenAddrs()[0] }
func (fc *fakeCluster) control() string { return fc.ln.Addr().String() }

func (fc *fakeCluster) produce(p int32, n int) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for i := 0; i < n; i++ {
		r := &kgo.Record{Topic: topic, Partition: p, Value: []byte(fmt.Sprintf("p%d-%d", p, i))}
		if err := fc.cl.ProduceSync(ctx, r).FirstErr(); err != nil {
			return err
		}
	}
	return nil
}

func (fc *fakeCluster) close() {
	if fc.srv != nil {
		fc.srv.Close()
	}
	if fc.cl != nil {
		fc.cl.Close()
	}
	fc.c.Close()
}
