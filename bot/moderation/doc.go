// Package moderation is /mod: a server's moderators (members with Manage
// Server or Administrator, or with the role the server names) abort any
// game of the server, keep a member from starting or accepting games there
// and let them back, limit new challenges to chosen channels, name the
// moderator role, choose what the web pages show and the channel of the
// daily puzzle (/mod daily, daily.go; bot/puzzle plans, posts and answers
// it), and read what the server's moderators did.
//
// The way in is Moderation: Mod answers the command. Who moderates is
// kit's Core.Moderator, which reads the member's permissions Discord sent
// with the interaction, not the command's default permissions alone (an
// administrator may give the command to anyone). What moderators forbid is
// enforced elsewhere, through kit's Core.MayPlay, which challenges,
// rematches and tournament entries ask; and moderators cancel challenges
// and tournaments with their own buttons and commands, which ask
// Core.Moderator. From the store it takes the moderation settings, bans,
// log and daily puzzle channel, and AbortByModerator, which writes the
// game's end announcements with it: the players are told, and the boards
// retired, by the delivery as for any other end. Of Discord it answers the
// interaction only.
package moderation
