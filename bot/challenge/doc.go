// Package challenge is how games start: /challenge (against a person, open
// to anyone, or against the computer), the Accept, Decline and Cancel
// buttons, rematches, and the DM that tells a challenged player.
//
// The way in is Challenges: Challenge answers the command, Click a
// challenge's buttons, Rematch a finished game's button, FirstGame the
// button that ends a lesson with a game against the computer, and DeliverDM
// sends the DM an announcement asks for. From the store it takes challenges
// and the games they become (CreateChallenge, AcceptChallenge and the
// like); of Discord it answers interactions, edits the challenge message
// and sends DMs. A new game's thread and first board are announcements,
// delivered elsewhere. What a server's moderators forbid (a member kept
// from games, new challenges outside the allowed channels) it asks of
// kit's Core.MayPlay before a challenge, an accept or a rematch; a
// moderator's Cancel (kit's Core.Moderator) is logged by the store.
package challenge
