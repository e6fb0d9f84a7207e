package asebai

import (
	"syscall"
	"unsafe"
)

// newValues returns n values for a solve, in memory of their own, which the
// kernel is asked to back with huge pages (2 MiB, not 4 KiB). A sweep reads
// the values at random, ten times a position: with small pages nearly every
// read also misses the TLB and walks the page tables, and the hundreds of
// megabytes of values need tens of thousands of pages, but only a few
// hundred huge ones, which the TLB holds. Where the memory cannot be had
// this way, the ordinary heap does. free gives the memory back.
func newValues(n int64) (v []uint64, free func()) {
	if n == 0 {
		return nil, func() {}
	}
	mem, err := syscall.Mmap(-1, 0, int(n*8), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]uint64, n), func() {}
	}
	_ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE) // advice only: without it, small pages
	v = unsafe.Slice((*uint64)(unsafe.Pointer(&mem[0])), n)
	return v, func() { _ = syscall.Munmap(mem) }
}
