// Package kittest holds the test doubles the features' unit tests share: a
// Discord that records what a handler sends, and recorded interactions.
package kittest
