package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// shardPlan is which gateway shards this process runs: ids of count. A zero
// count is today's one unsharded session.
type shardPlan struct {
	count int
	ids   []int
}

// parseShards reads SHARD_COUNT and SHARD_IDS (a comma-separated list; unset:
// every shard). Discord routes a guild's events to shard (guild_id >> 22) %
// count and DMs to shard 0, so each id must be below count, and every
// process of one bot must be given the same count.
func parseShards(countText, idsText string) (shardPlan, error) {
	countText, idsText = strings.TrimSpace(countText), strings.TrimSpace(idsText)
	if countText == "" {
		if idsText != "" {
			return shardPlan{}, fmt.Errorf("SHARD_IDS %q needs SHARD_COUNT, the total number of shards across every process", idsText)
		}
		return shardPlan{}, nil
	}
	count, err := strconv.Atoi(countText)
	if err != nil || count < 1 {
		return shardPlan{}, fmt.Errorf("SHARD_COUNT %q: want a whole number of shards, 1 or more", countText)
	}
	if idsText == "" {
		p := shardPlan{count: count}
		for id := range count {
			p.ids = append(p.ids, id)
		}
		return p, nil
	}
	ids, err := parseShardIDs(idsText, count)
	return shardPlan{count: count, ids: ids}, err
}

// parseShardIDs reads SHARD_IDS, each id once and below count, in order.
func parseShardIDs(text string, count int) ([]int, error) {
	var ids []int
	for _, field := range strings.Split(text, ",") {
		field = strings.TrimSpace(field)
		id, err := strconv.Atoi(field)
		switch {
		case err != nil:
			return nil, fmt.Errorf("SHARD_IDS %q: %q is not a shard id (give numbers separated by commas, e.g. 0,2)", text, field)
		case id < 0 || id >= count:
			return nil, fmt.Errorf("SHARD_IDS %q: shard %d is out of range: with SHARD_COUNT %d, ids run from 0 to %d", text, id, count, count-1)
		case slices.Contains(ids, id):
			return nil, fmt.Errorf("SHARD_IDS %q: shard %d is given twice", text, id)
		}
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids, nil
}
