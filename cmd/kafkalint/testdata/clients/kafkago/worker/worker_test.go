package main

import "testing"

func TestOrderID(t *testing.T) {
	if id, ok := orderID("order/7"); !ok || id != "7" {
		t.Errorf("orderID = %q, %v", id, ok)
	}
}
