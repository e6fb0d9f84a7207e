// Package follow is following what one does not play: /follow game (a
// game's end by DM, or every move with moves:true), /follow tournament (its
// rounds and its end), /unfollow, and the DMs that tell followers.
//
// The way in is Follows, on the bot's shared Core: its commands are
// entries of the bot's route table, and its DMs are kinds the delivery
// hands it (Deliver). The store writes a follower's announcements with the
// change they tell of (a move's commit, a round's pairing), so nothing is
// lost across a crash. Each DM follows its reader's choices: their
// language, their quiet hours (held until they end), and the daily digest
// (which leaves out a followed game's moves, not its end).
package follow
