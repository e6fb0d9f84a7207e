// Package storetest gives tests outside package store a fresh SQLite
// database with the schema in place, copied from one the store made once
// for the process (see sqlitetest). Package store's own tests use
// sqlitetest directly, as they cannot import this package.
package storetest
