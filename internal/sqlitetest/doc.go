// Package sqlitetest gives each test a SQLite database of its own that
// already holds the schema: a copy of one file made once for the process.
// Applying every migration to each test's database would be most of what
// many tests cost (SQLite parses the whole schema again after each step);
// a copy is one file write. Tests of the migrations themselves start from
// an empty file instead.
//
// On Linux the copy goes to a folder in memory (/dev/shm) where there is a
// gigabyte free: a commit there does not wait for the disk.
package sqlitetest
