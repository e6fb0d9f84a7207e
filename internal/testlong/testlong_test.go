package testlong

import "testing"

func TestPick(t *testing.T) {
	t.Setenv(Var, "")
	if Pick(1, 2) != 1 || On() {
		t.Fatal("long without the variable")
	}
	t.Setenv(Var, "0")
	if On() {
		t.Fatal("KILAB_LONG=0 turned the long runs on")
	}
	t.Setenv(Var, "1")
	if Pick(1, 2) != 2 || !On() {
		t.Fatal("not long with the variable set")
	}
}
