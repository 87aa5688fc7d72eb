# chessbot: English messages (the reference catalog and the fallback of
# every other locale). One message per function of src/service/messages.rs.
# Arguments are named; selector keys: colours `white`/`black`/`random`,
# rules `fide`/`house`, flags `yes`/`no`, terminations as in the console
# contract (`checkmate`, `stalemate`, ...).

## Words used inside other messages

# A colour as a word in a sentence.
color = { $color ->
    [white] white
   *[black] black
}

# The player to move, when the loser of a game is not known by name.
player-to-move = the player to move

# A termination in a listing (`history`).
termination = { $termination ->
    [checkmate] checkmate
    [stalemate] stalemate
    [dead_position] dead position
    [threefold_repetition] threefold repetition
    [fifty_moves] 50-move rule
    [fivefold_repetition] fivefold repetition
    [seventyfive_moves] 75-move rule
    [agreement] agreement
    [resignation] resignation
    [timeout] timeout
    [aborted] aborted
    [tablebase] endgame tables
   *[other] { $termination }
}

# A move of the bot shown in local notation, with standard SAN beside it
# when they differ.
san-local = { $local } ({ $san })

## Challenges

challenge-posted = { $open ->
        [yes] { $challenger } opens a challenge: anyone here may accept
       *[no] { $challenger } challenges { $opponent }
    } ({ $color ->
        [white] { $challenger } plays white
        [black] { $challenger } plays black
       *[random] colours drawn at random
    }, { $banked ->
       *[no] { $days ->
            [one] { $days } day
           *[other] { $days } days
        } per move
        [yes] a bank of { $bank } days each, plus { $increment } per move
    }, { $rules ->
        [fide] strict FIDE rules
       *[house] house rules
    }{ $custom ->
        [yes] , from a set-up position
       *[no] {""}
    }{ $casual ->
        [yes] , casual
       *[no] {""}
    }). { $open ->
        [yes] Answer with `/chess accept`.
       *[no] { $opponent }: `/chess accept` or `/chess decline`.
    }

challenge-declined = { $by } declined the challenge of { $challenger }.

challenge-cancelled = { $challenger } withdrew the challenge.

game-started = Game #{ $id } starts: { $white } (white) against { $black } (black). { $to_move } to move, deadline { $until }.

## Moves and board

moved = { $by } played { $number }{ $san }. { $next } to move, deadline { $until }.

moved-final = { $by } played { $number }{ $san }.

game-title = { $kind ->
    [league] { $name }, game { $number }
    [swiss] { $name }, round { $round }, board { $board }
    [match] Match { $number }, board { $board }, game { $round }
   *[game] Game #{ $id }
}
game-ref = { $kind ->
    [league] { $name }, game { $number }
    [swiss] { $name }, round { $round }, board { $board }
    [match] match { $number }, board { $board }, game { $round }
   *[game] game #{ $id }
}
board-caption = { $title }: { $white } (white) against { $black } (black). { $to_move } to move, deadline { $until }.

final-board-caption = { $title }: { $white } (white) against { $black } (black), finished { $result }.

## Draws, takebacks

draw-offered = { $by } offers a draw. { $to }: `/chess draw` to accept, `/chess decline` or a move to decline.

draw-declined = { $by } declined the draw offer.

draw-offer-lapsed = { $mover } moved instead: the draw offer of { $offerer } has lapsed.

takeback-requested = { $by } asks to take back their last move. { $to }: `/chess takeback` to agree, `/chess decline` to refuse.

takeback-declined = { $by } refused the takeback.

takeback-done = { $plies ->
        [one] The last move was taken back
       *[other] The last two moves were taken back
    } ({ $moves }). { $to_move } to move, deadline { $until }.

## Deadlines

reminder = { $player }, it is your move in { $game }: the deadline is { $until }.

## The end

# $case: checkmate, resignation, resignation-draw, timeout, timeout-draw,
# stalemate, dead_position, threefold_repetition, fifty_moves,
# fivefold_repetition, seventyfive_moves, agreement, aborted, other.
summary = { $case ->
        [checkmate] Checkmate: { $winner } wins.
        [resignation] { $loser } resigns: { $winner } wins.
        [resignation-draw] { $loser } resigns, but the opponent has only a king left: draw.
        [timeout] { $loser } ran out of time: { $winner } wins.
        [timeout-draw] { $loser } ran out of time, but the opponent has only a king left: draw.
        [stalemate] Draw by stalemate.
        [dead_position] Draw: dead position, neither side can checkmate.
        [threefold_repetition] Draw by threefold repetition.
        [fifty_moves] Draw by the 50-move rule.
        [fivefold_repetition] Draw by fivefold repetition.
        [seventyfive_moves] Draw by the 75-move rule.
        [agreement] Draw by agreement.
        [aborted] Game aborted: no result.
        [tablebase] The endgame tables decide: { $winner } wins.
        [tablebase-draw] The endgame tables decide: draw.
       *[other] Game over ({ $termination }).
    } Result: { $result }.

aborted-no-first-move = { $player } did not make a first move in time: game aborted, no result.

## Listings

games-line = { $title } { $white } - { $black } in { $where }: { $to_move } to move, deadline { $until }

games-your-move-heading = Your move in:

no-games = You have no running games.

games-waiting-heading = Waiting for your opponent:

history-line = #{ $id } { $white } - { $black } { $result } ({ $termination })

history-heading = Finished games of { $user }:

no-history = { $user } has no finished games yet.

## Help

help =
    Correspondence chess. Commands:
    { $commands }

# One line of `help`: a command's usage (after `/chess`) and what it does.
help-line = /chess { $usage } - { $what }

# What a command does, by the help table's key (src/service/help.rs).
help-command = { $command ->
    [challenge] challenge someone (or anyone) here
    [time-control] a time bank instead of days per move (in days; each move adds the increment), or a preset by name
    [pgn-continue] continue a game from its PGN (pasted, or a file on Discord; game:N picks one of several; \n inside quotes is a line break)
    [answer] answer or withdraw a challenge
    [computer] play the computer (Stockfish) here, at once; level 1 is the weakest, 8 full strength (default 3); never rated
    [move] play a move (Nf3, e4, exd5, O-O, e7e8q, ...)
    [board] show the board (private:true: only to you, with your note)
    [draw] offer a draw, or accept the opponent's offer (claim:true: claim one, as claim does)
    [resign] resign the game
    [abort] end the game without result before both sides have moved
    [takeback] ask to take back your last move (the opponent agrees with /chess takeback)
    [rematch] challenge your last opponent here again, colours swapped
    [claim] claim a threefold repetition or 50-move draw, optionally with the move that makes it (strict FIDE rules only)
    [pgn] the PGN of a game
    [summary] the summary of a finished game (default: the last one here)
    [games] your running games
    [history] finished games
    [stats] a player's rating and record (default: yours); with vs, their head-to-head score
    [leaderboard] the server's top rated players
    [settings] show or set the language of this channel (while a game runs here: its players and moderators only)
    [settings-board] boards: which side is at the bottom (in a channel for everyone there, auto: White; in a direct message for pictures sent to you, auto: your side) and their colours
    [moretime] give the opponent to move one more day (at most 7 times a game)
    [vacation-left] how many vacation days you have left
    [vacation] stop your clocks in all your games for N days (30 days a calendar year, 45 where the community allows; days:0 ends it early)
    [notify] where your "your move" notices and reminders go
    [digest] one private digest a day at that hour of your time zone (tz: your offset from UTC) listing the games waiting for you, instead of a notice per move; reminders still come
    [pagename] your name on the spectator pages of your games
    [pages] moderators: turn the community's spectator pages on or off
    [images] your private boards and notices as words instead of pictures (off) or pictures (on)
    [tablebase] moderators: endgame tables end games by claim or at once (off by default)
    [community-rules] moderators: this community's yearly vacation days, default time control, and the share of time-outs that bars rated challenges
    [league] round-robin leagues in this channel
    [swiss] Swiss tournaments paired by the FIDE Dutch system; tiebreaks: sets the tie-break order (default bh1,bh,sb,de,wins); export: the FIDE report file
    [thematic] every game of the league or Swiss starts after an opening line (ECO code or name) or from one position
    [premove] conditional moves, e.g. line:"e5 Nf3 Nc6 Bb5": if your opponent plays e5, Nf3 is played for you at once, and so on (only you see them); /chess premove alone lists them, /chess premove clear removes them
    [note] a private note on your game here, shown only to you (in /chess games and your copy of the PGN)
    [puzzle] a puzzle from your own games (private)
    [solve] answer your puzzle
    [puzzle-daily] a puzzle a day here (moderators)
    [chess960] Chess960 with its own ratings (random start position unless given); also computer variant:chess960, stats variant:chess960, leaderboard variant:chess960
    [team] a channel plays as a team: its members vote its moves with move (also /team ... and !team ...)
    [team-match] a match between two communities (or channels): each side's players sign up, each board is a game between two players, each in their own side's channel (moderators create, accept and start)
   *[help] this text
}

## Settings

language-set = This channel now speaks English. Moves use the international letters: K king, Q queen, R rook, B bishop, N knight.

language-current = { $set ->
        [yes] This channel speaks { $language ->
            [th] Thai (ไทย)
            [ru] Russian (русский)
            [ro] Romanian (română)
           *[en] English
        }.
       *[no] No language is set for this channel: I answer in English{ $platform ->
            [discord] , or in the language of your Discord app
           *[other] {""}
        }.
    } Anyone here may change it with `/chess settings language:en|th|ru|ro`.

time-left = { $unit ->
        [days] { $a }d { $b }h
        [hours] { $a }h { $b }m
       *[minutes] { $a }m
    }

unknown-language = I do not speak `{ $given }`. Choose one of: en (English), th (ไทย), ru (русский), ro (română).

## Errors

invalid-notation = I cannot read "{ $input }" as a move. Try SAN like Nf3, exd5, O-O, e8=Q or UCI like g1f3.

missing-move = Which move? For example `/chess move e4`.

move-too-long = That is far too long to be a move.

illegal-move = { $detail }.

ambiguous-move = { $detail }.

notation-did-you-mean = I cannot read "{ $input }" as a move. Did you mean { $suggestion }? Files are small letters (e4, Nf3); piece letters are capitals.

promotion-to-king = { $input }: a pawn cannot become a king. Choose a queen, rook, bishop or knight, for example e8=Q.

promotion-which-piece = Which piece should the pawn become? Write one of { $candidates }.

push-is-capture = { $input } is a pawn push, but no pawn of yours can advance there. Did you mean { $captures }?

language-locked = While { $white } and { $black } play here, only they (or a moderator) may change the language: it decides how their moves are read.

not-your-turn = It is not your turn: { $to_move } is to move.

not-a-player = Only the players of this game ({ $white } and { $black }) can do that.

no-game = No game is running in this channel. Start one with `/chess challenge`.

no-game-yours-elsewhere = No game is running in this channel. { $count ->
        [one] Your game runs in { $channels }: move there.
       *[other] Your games run in { $channels }: move there.
    }

no-game-here = No game has been played in this channel yet.

no-such-game = There is no game #{ $id }.

game-in-progress = Game #{ $id } ({ $white } against { $black }) is running in this channel: one game per channel. Finish it first or play in another channel.

challenge-pending = { $challenger } has a challenge open in this channel: accept or decline it first (or play in another channel).

no-challenge = There is no open challenge in this channel.

challenge-not-for-you = This challenge is for { $opponent }.

own-challenge = You cannot accept your own challenge; `/chess cancel` withdraws it.

not-your-challenge = Only { $challenger } can withdraw this challenge.

open-challenge-no-decline = This challenge is open to everyone: there is nothing to decline.

self-challenge = You cannot challenge yourself.

challenge-computer = The computer cannot be challenged: play it with `/chess computer` (level:1-8).

bad-vacation-days = Days of vacation must be a whole number from 0 to { $max } (0 ends a vacation early), not { $given }.

bad-days = Days per move must be a whole number from 1 to 14, not { $given }.

invalid-fen = Invalid FEN: { $detail }.

fen-game-over = Invalid FEN: the game is already over in that position.

draw-too-early = A draw can be offered only after both sides have made a move.

draw-already-offered = Your draw offer already stands.

abort-too-late = Too late to abort: both sides have moved. You can offer a draw or resign.

nothing-to-take-back = You have no move to take back.

takeback-already-requested = Your takeback request already stands.

nothing-to-decline = There is no challenge, draw offer or takeback request for you to decline here.

claim-refused = No draw to claim: { $reason ->
        [not_fide] draw claims exist only in strict FIDE mode; the house rules draw automatically
        [over] the game is over
       *[nothing] no threefold repetition and fewer than 50 moves without a capture or pawn move
    }.

claim-refused-move-stands = The claim is refused: that move makes no threefold repetition and does not complete 50 moves. The move stands and the game goes on.

no-rematch = No finished game in this channel to rematch.

rematch-not-player = Only { $white } and { $black } can ask for a rematch.

position-changed = The position changed before your command was applied (another move or a time-out came first). Look at the board and try again.

# Clicks on buttons of something already settled (nothing is changed).
button-challenge-gone = This challenge is no longer open (it was accepted, declined or withdrawn), so this button does nothing.
button-game-gone = Game #{ $id } is no longer being played here, so this button does nothing.
button-draw-gone = That draw offer no longer stands (it was declined, or a move was made since), so this button does nothing.
button-stale = This button is out of date, so it does nothing.

internal = Sorry, something went wrong on my side. Please try again.

unavailable = I cannot reach my database just now, so nothing was done. Please try again in a minute.

unknown-command = Unknown command `{ $name }`. `/chess help` lists the commands.

missing-command = Which command? `/chess help` lists them.

invalid-option = { $detail }. `/chess help` shows the options.

unknown-option = `{ $command }` has no option `{ $name }`. `/chess help` shows the options.

bad-option-value = `{ $value }` is not a valid value for `{ $name }`. `/chess help` shows the options.

unexpected-argument-mention = `{ $command }` does not take `{ $arg }`: did you mean `@{ $arg }` (a player is named with @)?

unexpected-argument = `{ $command }` does not take `{ $arg }`. `/chess help` shows the options.

unterminated-quote = A quoted value is missing its closing `"`. `/chess help` shows the options.

input-too-long = That message is too long for a chess command.

## Adapters

console-bad-line = Write `NAME: TEXT` or `NAME@CHANNEL: TEXT`, e.g. `alice: /chess help`.

console-greeting-images = chessbot console: type `NAME: COMMAND` or `NAME@CHANNEL: COMMAND`, e.g. `alice: /chess challenge @bob`; board pictures go to { $dir }. `alice: /chess help` lists the commands; Ctrl-D quits.

console-greeting-text = chessbot console: type `NAME: COMMAND` or `NAME@CHANNEL: COMMAND`, e.g. `alice: /chess challenge @bob`; boards are drawn as text (`--images DIR` writes pictures). `alice: /chess help` lists the commands; Ctrl-D quits.

console-unknown-directive = Unknown console directive `:{ $directive }`; `:advance 3d` (or h, m) moves the clock.

console-bad-span = Cannot read `{ $given }` as a time span: use e.g. `3d`, `5h`, `30m`.

console-not-utf8 = That line is not valid UTF-8 text; it was skipped.

console-clock-limit = The clock cannot go that far: at most { $days ->
            [one] { $days } day
           *[other] { $days } days
        } ahead of the real time.

resign-question = Resign this game? This cannot be undone.

resign-dropped = You keep playing.

done = Done.

command-interrupted = I restarted while handling this command, so I cannot tell whether it took effect. Please check with `!chess board` and send it again if needed.
slow-down = Slow down, please: too many commands in a short time. I will not answer for a little while, then I will again.

# The name of a game's thread (Discord).
thread-name = { $white } vs { $black }
no-threads = I cannot open a thread for this game here (I need the Create Public Threads permission), so games stay in this channel.

button-label = { $button ->
    [promote-queen] Queen
    [promote-rook] Rook
    [promote-bishop] Bishop
    [promote-knight] Knight
    [accept-challenge] Accept
    [decline-challenge] Decline
    [accept-draw] Accept draw
    [decline-draw] Decline draw
    [resign-confirm] Yes, resign
    [resign-cancel] Keep playing
    [rematch] Rematch
   *[resign] Resign
}

## Ratings and records

rating-change = { $player }: { $before } → { $after } ({ $diff })

stats-rated = { $player }: rating { $rating }{ $provisional ->
        [yes] ? (provisional)
       *[no] {""}
    }, RD { $rd }. Games: { $games } (wins { $wins }, draws { $draws }, losses { $losses }).

stats-unrated = { $player } has no rated games yet (everyone starts at 1500).

stats-vs = Against { $opponent }: games { $games }, wins { $wins }, draws { $draws }, losses { $losses }.

leaderboard-heading = Leaderboard (provisional ratings, RD above 110, are listed after the others):

leaderboard-line = { $rank }. { $player } { $rating }{ $provisional ->
        [yes] ?
       *[no] {""}
    } (games: { $games })

leaderboard-empty = Nobody has played a rated game here yet.

stats-streak = Current streak: { $kind ->
        [win] { $count ->
            [one] { $count } win
           *[other] { $count } wins
        }
        [draw] { $count ->
            [one] { $count } draw
           *[other] { $count } draws
        }
       *[loss] { $count ->
            [one] { $count } loss
           *[other] { $count } losses
        }
    }.
stats-best-win = Best win: against { $opponent } ({ $rating }), game #{ $game }.

## Summaries

summary-heading = { $title }: { $white } - { $black } { $result } ({ $termination }), { $moves }, { $days }.
summary-moves = { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
summary-winner = { $winner } wins
summary-draw = Draw
summary-opening = Opening: { $opening }
summary-analysis-side = { $player }: { $inaccuracies ->
            [one] { $inaccuracies } inaccuracy
           *[other] { $inaccuracies } inaccuracies
        }, { $mistakes ->
            [one] { $mistakes } mistake
           *[other] { $mistakes } mistakes
        }, { $blunders ->
            [one] { $blunders } blunder
           *[other] { $blunders } blunders
        }; average loss { $acpl ->
            [one] { $acpl } centipawn
           *[other] { $acpl } centipawns
        }, accuracy { $accuracy }%
summary-worst = Worst move: { $number } { $san } by { $player }; { $best } was better.
summary-analysis-follows = Engine analysis: the engine is busy; its figures follow in a post of their own.
summary-analysis-after-round = Engine analysis: after the round (other games of this event still play from the same start).
summary-analysis-later = Engine analysis of game #{ $id }:
summary-analysis-cut = The engine ran out of time: its figures cover the moves up to move { $last } of { $total }.
summary-analysis-shallow = From move { $from } on the engine was busy and searched less deeply.
summary-lichess = Analyse on lichess
no-finished-game-here = No game has finished in this channel yet.
summary-game-running = Game #{ $id } is still being played: its summary comes when it ends.
summary-aborted = Game #{ $id } was aborted: aborted games have no summary.

## Playing the computer

computer-started = Game #{ $id } against the computer starts: { $white } (white) against { $black } (black), not rated. { $engine_first ->
        [yes] The computer moves first.
       *[no] { $to_move } to move, deadline { $until }.
    }

bad-level = The level must be a whole number from 1 (weakest) to 8 (full strength), not { $given }.

engine-unavailable = There is no computer to play here: the chess engine (Stockfish) is not installed. Whoever runs the bot can install it with `apt-get install stockfish` or point STOCKFISH_PATH at its binary.

engine-no-answer = The computer could not answer just now (its chess engine is unavailable). Nothing is lost: if it owes a move, the game waits for it, and it tries again with the next command here, such as `/chess board`.

computer-draw-declined = { $by } declines the draw: the computer agrees to one only after move 30, in a position it judges equal (within 0.3 pawns).
engine-oracle-refused = I will not play the engine from that position: it stands in one of your running games, and the engine's moves there would play that game for you. Try it once the game is over.

## Correspondence comforts

challenge-expired = The challenge of { $challenger } expired: nobody answered it within 7 days.

challenge-cancelled-by = { $by } withdrew the challenge of { $challenger }.

own-challenge-pending = You already have a challenge open here; `/chess cancel` withdraws it.

vacation-started = { $player } is on vacation until { $until }: their clock is stopped until then.

vacation-over = { $player } is back from vacation: their clock runs again.

vacation-summary = You are on vacation for { $days ->
        [one] { $days } day
       *[other] { $days } days
    }, until { $until }: your clocks are stopped in { $games ->
        [one] { $games } game
       *[other] { $games } games
    }. { $left ->
        [one] { $left } day
       *[other] { $left } days
    } of vacation left this calendar year; `/chess vacation days:0` ends it early.

vacation-ended-summary = Your vacation is over and your clocks run again. { $returned ->
        [one] { $returned } unused day
       *[other] { $returned } unused days
    } given back: { $left ->
        [one] { $left } day
       *[other] { $left } days
    } of vacation left.

vacation-running = You are already on vacation until { $until }; `/chess vacation days:0` ends it.

not-on-vacation = You are not on vacation.

vacation-limit = { $left ->
        [0] You have no vacation left this year: { $allowance } days a calendar year are allowed.
        [one] You have only { $left } day of vacation left ({ $allowance } days a calendar year).
       *[other] You have only { $left } days of vacation left ({ $allowance } days a calendar year).
    }

moretime-given = { $by } gives { $player } one more day: the deadline is now { $until }.

moretime-self = It is your move: only your opponent can give you more time.

moretime-limit = You have already given { $limit ->
            [one] { $limit } extra day
           *[other] { $limit } extra days
        } in this game, the most allowed.

notify-set = { $where ->
        [dm] Your move notices and reminders now come by direct message.
        [off] You will get no move notices or reminders (the games' channels still show every move).
       *[channel] Your move notices and reminders now come in the game's channel.
    }

your-move-dm = Your move in { $game } in { $where }: { $by } played { $number }{ $san }. Deadline { $until }.

reminder-dm = It is your move in { $game } in { $where }: the deadline is { $until }.

vacation-status = { $on ->
        [yes] You are on vacation until { $until }.
       *[no] You are not on vacation.
    } { $left ->
        [one] { $left } day
       *[other] { $left } days
    } of vacation left this calendar year ({ $allowance } a year; unused days do not carry over).

board-view-set = { $view ->
        [white] Your boards now show White at the bottom.
        [black] Your boards now show Black at the bottom.
       *[auto] Your boards now show your own side at the bottom.
    }

board-theme-set = Your boards now use the { $theme ->
        [blue] blue
        [green] green
        [high-contrast] high-contrast
       *[brown] brown
    } theme.

channel-theme-set = The boards of this channel's games are now drawn in the { $theme ->
        [blue] blue
        [green] green
        [high-contrast] high-contrast
       *[brown] brown
    } theme, for everyone. Your own theme (`settings theme:` in a direct message) is for the pictures sent to you alone.

board-settings-current = Your boards: { $view ->
        [white] White at the bottom
        [black] Black at the bottom
       *[auto] your own side at the bottom
    }, { $theme ->
        [blue] blue
        [green] green
        [high-contrast] high-contrast
       *[brown] brown
    } theme. Change them with `settings board:white|black|auto theme:brown|blue|green|high-contrast`.

## Relative times beside deadlines (console and Matrix; Discord shows its own)

time-now = now
time-in = in { $unit ->
        [minutes] { $n ->
            [one] { $n } minute
           *[other] { $n } minutes
        }
        [hours] { $n ->
            [one] { $n } hour
           *[other] { $n } hours
        }
       *[days] { $n ->
            [one] { $n } day
           *[other] { $n } days
        }
    }
time-ago = { $unit ->
        [minutes] { $n ->
            [one] { $n } minute
           *[other] { $n } minutes
        }
        [hours] { $n ->
            [one] { $n } hour
           *[other] { $n } hours
        }
       *[days] { $n ->
            [one] { $n } day
           *[other] { $n } days
        }
    } ago

## Matrix trust: a message the bot could not decrypt (told once).
cannot-decrypt = I could not read your last message: your client did not share its encryption keys with my session. Verify me (or allow sending to unverified sessions in your client's security settings), then send the command again.
answered-privately = I sent you my answer in a direct message (our direct room).
no-private-room = My answer is private and I could not open a direct room with you: start a direct chat with me, then ask again.

## Spectator pages

watch-link = Watch live: { $url }
watch-button = Watch
pages-on = Spectator pages of this community are on: new games and leagues get a watch link.
pages-off = Spectator pages of this community are off: no page is served and no watch link is posted.
pages-not-moderator = Only moderators can turn the spectator pages on or off.
page-renewed = The page of game { $id } has a new address: { $url } (the old address no longer opens).
page-renew-not-player = Only the game's players and moderators can give its page a new address.
page-renew-no-page = This game has no spectator page (pages are off here, or not served).
page-name-hidden = Your name is hidden on the spectator pages of your games: they say "White player" or "Black player" instead. The game's channel still shows it.
page-name-shown = Your name shows on the spectator pages of your games again.

## Chess960

chess960-start = Chess960, start position { $number }.
chess960-set-up = Chess960 from a set-up position.
unknown-variant = I do not play the variant `{ $given }`. Choose standard or chess960.
chess960-bad-position = There is no Chess960 start position `{ $given }`: the positions are numbered 0 to 959.
chess960-position-standard = A start position number is for Chess960: use variant:chess960, or leave the position out.
chess960-position-and-fen = Give either a Chess960 position number or a FEN, not both.
chess960-ratings = Chess960 ratings:

# Time banks, presets and games continued from a PGN

bad-bank = A time bank is a whole number of days from 1 to 60, not { $given }.
bad-increment = An increment is a whole number of days from 0 to 10, not { $given }.
increment-without-bank = An increment needs a bank: add bank:B (days), e.g. bank:10 increment:1.
control-and-bank = Give either a preset (control:) or your own bank and increment, not both.
unknown-control = I do not know the time control `{ $given }`: choose daily, iccf or blitz-days.
bank-control = Time bank: { $bank } days each, plus { $increment } per move.
no-vacation-control = A vacation does not stop the clocks of this game.
bank-left = { $days ->
        [0] { $hours } h { $minutes } min
       *[other] { $days } d { $hours } h
    } left
banks-left = Banks: { $white } { $white_left }, { $black } { $black_left }.
import-start = Continued from a PGN after { $moves } moves (originally { $white } against { $black }); unrated.
pgn-and-fen = Give either a PGN or a start position (fen:, position:), not both.
pgn-empty = The PGN holds no game.
pgn-bad-tag = PGN line { $line }: a tag pair is malformed ({ $detail }). Write it as [Name "value"].
pgn-bad-fen = PGN line { $line }: the FEN tag is not a legal position ({ $detail }).
pgn-bad-variant = PGN line { $line }: I do not play the variant `{ $given }`; standard chess and Chess960 can be continued.
pgn-bad-move = PGN line { $line }, move { $number }: { $reason }
pgn-unexpected = PGN line { $line }: unexpected `{ $token }` in the moves.
pgn-unclosed-comment = PGN line { $line }: a comment in curly braces is never closed.
pgn-unclosed-variation = PGN line { $line }: a variation opened with ( is never closed.
pgn-too-large = The PGN is too large: at most { $max } KB.
pgn-too-long = PGN line { $line }: the game is longer than { $max } half-moves.
pgn-several-games = The PGN holds { $count } games: choose one with game:1 to game:{ $count }.
pgn-no-such-game = There is no game { $chosen } in the PGN: it holds { $count }.
pgn-move-after-end = PGN line { $line }, move { $number }: the game was already over.
pgn-ended = PGN line { $line }: this game already ended ({ $result }); only an unfinished game can be continued.

community-not-moderator = Only the community's moderators can change its leave allowance, default time control and time-out rule.
bad-leave = The leave allowance is 30 or 45 days a calendar year, not { $given }.
bad-timeouts = The time-out rule is a percentage from 1 to 99, or off, not { $given }.
leave-set = Players here may now take { $days } days of vacation each calendar year (unused days do not carry over).
default-control-set = { $control ->
        [none] Challenges that name no time control now have days per move.
       *[other] Challenges that name no time control now use the { $control } preset.
    }
timeouts-set = { $percent ->
        [0] Rated challenges are no longer refused for time-outs.
       *[other] Rated challenges are now refused from a player who ran out of time in more than { $percent }% of their last { $games } finished games here (once they have { $min }).
    }
timeouts-refused = You ran out of time in { $timeouts } of your last { $games } finished games here, more than the { $percent }% this community allows for rated games: challenge with rated:false, or finish some games on time first.
community-settings-current = This community: { $leave } days of vacation a calendar year; default time control: { $control ->
        [none] days per move
       *[other] { $control }
    }; time-out rule: { $percent ->
        [0] off
       *[other] over { $percent }%
    }.

## Leagues

league-none = There is no league here for that. Create one with /chess league create name:"Winter Cup".
league-none-numbered = There is no league { $id } in this channel.
league-not-running = League { $id } ({ $name }) is not running.
league-bad-name = A league needs a name: /chess league create name:"Winter Cup".
league-created = { $by } created the league { $name } (league { $id }): { $rounds ->
        [2] double round robin
       *[other] round robin
    }, { $days ->
        [one] { $days } day
       *[other] { $days } days
    } per move, up to { $max } players. Join with /chess league join.
league-starts-at = It starts by itself at { $until } if at least 3 players have joined.
league-full = { $name } is full ({ $max ->
        [one] { $max } player
       *[other] { $max } players
    }).
league-already-joined = You are already in { $name }.
league-joined = { $player } joined { $name } ({ $count ->
        [one] { $count } player
       *[other] { $count } players
    }).
league-not-member = You do not play in { $name }.
league-left = { $player } left { $name }.
league-too-few = { $name } needs at least 3 players to start; it has { $count }.
league-start-postponed = { $name } did not start: it needs at least 3 players and has { $count }. It stays open; its creator or a moderator starts it with /chess league start.
league-place-busy = { $name } could not start: a game is in the way.
league-no-place = Game #{ $id } ({ $white } vs { $black }) has no place yet: I could not open its thread or room here (on Discord I need "Create Public Threads" and "Send Messages in Threads" in this channel). Its clock has not started; I keep trying every 20 minutes.
league-creator-cap = You already have { $max } leagues open or running here: finish or cancel one before you create another.
league-community-cap = This server already has { $max } leagues open or running: a new one can be created when one of them ends.
league-not-in-direct = Leagues and Swiss tournaments are played in a community's channel, not in a direct message: create it in a server channel or a room.
league-closed-unstarted = { $name } never started: leagues and Swiss tournaments that stay open for { $days } days close themselves. Create it again when enough players are ready.
league-needs-channel = Leagues run in a text or announcement channel: each game gets its own thread there. Create the league in such a channel.
league-needs-threads = I cannot open threads here: a league needs the "Create Public Threads" and "Send Messages in Threads" permissions for me in this channel. Ask a moderator to grant them, then try again.
league-started = { $name } (league { $id }) has started: { $n ->
        [one] { $n } player
       *[other] { $n } players
    }, { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, all at once. Pairings:
league-pairing = Game { $count }: { $white } (white) - { $black } (black)
league-game-started = { $title } has started (`game:{ $id }`): { $white } (white) - { $black } (black). { $mover } to move, by { $until }.
league-not-started = { $name } (league { $id }) has not started yet: no games, no table. { $count ->
        [one] { $count } player signed up
       *[other] { $count } players signed up
    }: { $players }.
league-standings-title = { $name } (league { $id }): { $count } of { $games ->
        [one] { $games } game
       *[other] { $games } games
    } finished.
league-standings-row = { $rank }. { $player }: { $points } { $one ->
        [yes] point
       *[no] points
    } ({ $played } played, { $left } left; tie-break { $tiebreak })
league-standings-picture-title = { $name }: standings
league-standings-header = # | Player | Points | Played | Left | SB
league-standings-picture-final = { $name }: final standings, won by { $winners }
league-standings-note = SB: Sonneborn-Berger, the first tie-break (the points of the players each one beat, and half of those drawn)
league-cancelled = { $by } cancelled the league { $name }. Its running games end without result.
league-withdrew-forfeit = { $player } withdrew from { $name }. Their games played stand; the others are lost by forfeit.
league-withdrew-annulled = { $player } withdrew from { $name } before playing half their games: all their games are struck from the table.
league-over = { $name } is over! Winner: { $winner }.
league-no-abort = A league game cannot be aborted; resign instead, or ask the league's creator to cancel the league.
league-not-manager = Only the league's creator ({ $creator }) or a moderator may do that.
league-already-started = { $name } has already started (or ended).
league-game-opening = Thematic start: every game of this league begins after { $opening }.
league-theme-opening = Every game starts after { $opening }: { $moves }.
league-theme-fen = Every game starts from this position{ $custom ->
    [1] {""} (a custom start: the games are not rated)
   *[other] {""}
}: { $fen }
league-opening-unknown = No opening line is called "{ $query }". Give an ECO code such as C60 or a name such as Ruy Lopez.
league-opening-ambiguous = "{ $query }" names several opening lines; say which one: { $candidates }.
league-opening-and-fen = Choose one start: opening: or fen:, not both.
league-opening-chess960 = A Chess960 event draws its own start positions: opening: is for standard chess (fen: fixes one position for every game).

## Summary limit, rating farming, engine deadline, long texts
summary-limit = You asked for { $limit ->
        [one] a summary
       *[other] { $limit } summaries
    } here a moment ago. Ask again in { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }.
rated-limit = Not rated: { $white } and { $black } have already played { $limit ->
        [one] { $limit } rated game
       *[other] { $limit } rated games
    } against each other today (at most { $limit } a day count).
engine-gave-up = Game #{ $id } adjourned: the computer could not make its move for { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } (its chess engine is unavailable). The game is aborted and not rated.
more-lines = …and { $n } more

## Premove: conditional moves and private notes

premove-added = Line queued in game #{ $id }. Your conditional moves ({ $count ->
        [one] 1 line
       *[other] { $count } lines
    }), which only you see:

premove-list = Your conditional moves in game #{ $id } ({ $count ->
        [one] 1 line
       *[other] { $count } lines
    }), which only you see:

premove-none = You have no conditional moves in game #{ $id }. Queue a line with `/chess premove line:"e5 Nf3"`: the move you expect from your opponent, then your reply, and so on.

premove-cleared = Your conditional moves in game #{ $id } are cleared.

premove-conflict = Refused: after { $path } a line you queued already answers { $old }, and this one answers { $new }. One reply per position: `/chess premove clear` to start over.

premove-own-turn = It is your move in game #{ $id }: play it with `/chess move`. Conditional moves are queued while your opponent is to move, starting with the move you expect from them.

premove-computer = The computer answers at once: conditional moves are for games between two players.

premove-bad-move = Move { $n } of the line: { $detail }

premove-after-end = Move { $n } of the line comes after the game would be over.

premove-odd-line = A line ends with your reply: add the move you would play after { $input }, or leave { $input } out.

premove-empty = Which line? The move you expect from your opponent, then your reply, and so on: `/chess premove line:"e5 Nf3 Nc6 Bb5"`.

premove-too-many = You can queue at most { $max ->
        [one] { $max } conditional line
       *[other] { $max } conditional lines
    } in a game. Nothing was added.

premove-too-long = A conditional line has at most { $max ->
        [one] { $max } move
       *[other] { $max } moves
    }. Nothing was added.

premove-game-over = Game #{ $id } is over.

premove-moved = { $by } played { $number }{ $san } (conditional move). { $next } to move, deadline { $until }.

premove-moved-final = { $by } played { $number }{ $san } (conditional move).

games-premove-lines = ({ $count ->
        [one] 1 conditional line
       *[other] { $count } conditional lines
    })

games-note = Your note: { $note }

note-saved = Your private note on game #{ $id } is saved. Only you see it: in `/chess games`, in `/chess board private:true` and in your copy of the PGN.

note-cleared = Your note on game #{ $id } is removed.

note-current = Your private note on game #{ $id }: { $note }

note-none = You have no note on game #{ $id }. Write one with `/chess note text:"..."`.

note-too-long = A note has at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }; this one has { $count }. Nothing was saved.

note-own-copy = Your copy of game #{ $id }, with your private note:

## Puzzles

puzzle-shown = Puzzle #{ $id } ({ $motif ->
        [mate] mate
        [material] win material
       *[advantage] a winning move
    }): { $own ->
        [yes] a chance you missed in game #{ $game }, { $white } vs { $black }.
       *[no] from game #{ $game }, { $white } vs { $black }.
    } { $color ->
        [black] Black
       *[white] White
    } to move: find the best move and answer with `/chess solve <move>`. Your streak: { $n }, solved: { $count }.
puzzle-analysis-pending = Game #{ $id } is still being analysed: its puzzles come when the analysis is done.
puzzle-none = No puzzle for you yet: puzzles come from the finished, analysed games of this community.
puzzle-right = Right: { $san }! The reply is { $reply }. Find the next move.
puzzle-solved = Solved puzzle #{ $id }: { $line }. Your streak: { $n }, solved: { $count }.
puzzle-wrong = { $san } is not it. One more try.
puzzle-failed = { $san } is not it either. The solution: { $line }. Your streak starts again.
puzzle-not-yours = Puzzle #{ $id } is not yours: ask for your own with `/chess puzzle`.
puzzle-finished = You already finished puzzle #{ $id }: ask for another with `/chess puzzle`.
puzzle-daily-on = A puzzle of the day will be posted here at { $time } UTC, the first on { $until }.
puzzle-daily-off = No more puzzles of the day here.
puzzle-daily-moderators = Only moderators can turn the puzzle of the day on or off.
puzzle-daily = Puzzle of the day #{ $id } ({ $motif ->
        [mate] mate
        [material] win material
       *[advantage] a winning move
    }): { $color ->
        [black] Black
       *[white] White
    } to move. Answer privately with `/chess solve <move>`.
puzzle-daily-first = The last puzzle was solved first by { $name }.
puzzle-daily-unsolved = Nobody solved the last puzzle.

## A channel's board orientation
channel-board-set = { $view ->
        [black] The boards of this channel's games now show Black at the bottom, for everyone.
       *[white] The boards of this channel's games now show White at the bottom, for everyone.
    }
channel-board-locked = While { $white } and { $black } play here, only they (or a moderator) may turn this channel's boards. Your own view of the boards sent to you alone: `settings board:` in a direct message.

## The summary card
card-how = { $termination ->
        [checkmate] by checkmate
        [stalemate] by stalemate
        [dead_position] by dead position
        [threefold_repetition] by threefold repetition
        [fifty_moves] by the 50-move rule
        [fivefold_repetition] by fivefold repetition
        [seventyfive_moves] by the 75-move rule
        [agreement] by agreement
        [resignation] by resignation
        [timeout] on time
       *[other] { "" }
    }
card-accuracy = Accuracy { $accuracy }%
card-duration = { $unit ->
        [minutes] in { $n ->
            [one] { $n } minute
           *[other] { $n } minutes
        }
        [hours] in { $n ->
            [one] { $n } hour
           *[other] { $n } hours
        }
       *[days] over { $n ->
            [one] { $n } day
           *[other] { $n } days
        }
    }

## "did you mean"
unknown-command-suggest = Unknown command `{ $name }`: did you mean `{ $suggestion }`? `/chess help` lists the commands.

## The themes listed
bad-theme = There is no theme `{ $value }`. The themes: { $themes }.

## Aborted games
game-aborted = Game #{ $id } aborted before both sides had moved: no result, not rated.

## Chess960 leagues
league-chess960 = Every game of this league is Chess960, rated in the Chess960 pool: each pairing plays its own start position, drawn at random{ $rounds ->
        [2] , the same in both games with colours swapped.
       *[other] .
    }

## A symbol per kind of announcement
announce-move = ♟
announce-win = ✅
announce-draw = ½
announce-reminder = ⏰

## The Discord commands
# The `/chess` tree as Discord shows it, one message per command: `cmd-`
# and its path (`cmd-chess-league-create`), its `.description` and, per
# option, `.option-NAME-description`; the choices of an option shown in
# this language as `cmd-choice-OPTION-CHOICE`; the user menu `cmd-stats-menu`
# by its name. Command and option names stay English in every language
# (they are what people type and what help cites); English is the default
# Discord shows. Discord limits: names 1-32 characters, descriptions 1-100.

cmd-chess =
    .description = Correspondence chess: challenge someone, then play one move at a time.

cmd-chess-challenge =
    .description = Challenge someone (or anyone, if nobody is named) to a game in this channel.
    .option-opponent-description = Who to play; leave empty for an open challenge
    .option-color-description = Your colour (default: random)
    .option-days-description = Days per move, 1 to 14 (default 3)
    .option-rules-description = house: repetition and 50 moves end the game; fide: they are claims
    .option-fen-description = Start from this position (FEN) instead of the usual one
    .option-rated-description = Counts for ratings (default: yes; never from a FEN)
    .option-variant-description = standard or chess960 (Fischer random); default standard
    .option-position-description = Chess960 start position, 0 to 959 (default: random)
    .option-bank-description = Time bank in days, 1 to 60, instead of days per move
    .option-increment-description = Days added to the bank by each move, 0 to 10 (with bank)
    .option-control-description = A preset: daily, iccf (50-day bank, 1 a move) or blitz-days
    .option-pgn-description = A PGN file: the game continues from its last position (unrated)
    .option-game-description = Which game of a PGN file that holds several

cmd-chess-computer =
    .description = Play the computer (Stockfish) here, starting at once; never rated.
    .option-level-description = Level: 1 is the weakest, 8 full strength (default 3)
    .option-color-description = Your colour (default: random)
    .option-days-description = Your days per move, 1 to 14 (default 3)
    .option-fen-description = Start from this position (FEN) instead of the usual one
    .option-variant-description = standard or chess960 (Fischer random); default standard
    .option-position-description = Chess960 start position, 0 to 959 (default: random)

cmd-chess-accept =
    .description = Accept the challenge in this channel.

cmd-chess-decline =
    .description = Decline the challenge in this channel.

cmd-chess-cancel =
    .description = Withdraw your challenge in this channel.

cmd-chess-move =
    .description = Make your move (SAN like Nf3, e4, O-O; or UCI like g1f3).
    .option-move-description = Your move, e.g. e4, Nf3, exd5, O-O, e8=Q or g1f3

cmd-chess-board =
    .description = Show the board of the game in this channel.
    .option-flip-description = Show the board the other way up (by default as the channel's setting: White)
    .option-private-description = For you alone, with your private note
    .option-text-description = The position in words: every piece, the last move, the clocks
    .option-square-description = A square such as e4: what stands there, which pieces attack it
    .option-piece-description = A kind of piece (N or knight): where those pieces stand

cmd-chess-draw =
    .description = Offer a draw, or accept your opponent's offer.
    .option-claim-description = Claim a draw by threefold repetition or the 50-move rule (FIDE rules)
    .option-move-description = With claim: the move that makes the repetition or the 50th move

cmd-chess-resign =
    .description = Resign the game in this channel.

cmd-chess-abort =
    .description = Abort the game (only before both players have moved; no result).

cmd-chess-takeback =
    .description = Ask to take back the last move (your opponent confirms).

cmd-chess-rematch =
    .description = Challenge the opponent of the last game here again, colours swapped.

cmd-chess-pgn =
    .description = Export a game as PGN (default: the game here, or the last one that ended here).
    .option-game-description = Game number (from /chess games or /chess history)

cmd-chess-summary =
    .description = Post a finished game's summary again (default: the last one here).
    .option-game-description = Game number (from /chess history)

cmd-chess-games =
    .description = Your running games in every channel (only you see the list)

cmd-chess-history =
    .description = List finished games (yours, or someone else's).
    .option-user-description = Whose games (default: yours)

cmd-chess-stats =
    .description = A player's rating and record; with `vs`, their head-to-head score.
    .option-user-description = Whose stats (default: yours)
    .option-vs-description = Opponent for the head-to-head score
    .option-variant-description = Which ratings: standard (default) or chess960

cmd-chess-leaderboard =
    .description = The server's top rated players.
    .option-variant-description = Which ratings: standard (default) or chess960

cmd-chess-help =
    .description = How to play.

cmd-chess-settings =
    .description = Show or set the channel's language, your board view and your board theme.
    .option-language-description = The language: en, th, ru or ro (leave empty to see the current one)
    .option-board-description = Bottom side: the channel's pictures (auto: White) or, in a DM, yours (auto: your side)
    .option-theme-description = The colours of your boards
    .option-notify-description = Where your "your move" notices and reminders go
    .option-pagename-description = Your name on the spectator pages of your games: shown or hidden
    .option-pages-description = Moderators: spectator pages on or off; new: a new address for this game's page
    .option-leave-description = Moderators: days of vacation a calendar year here, 30 or 45
    .option-control-description = Moderators: default time control (daily, iccf, blitz-days, off)
    .option-timeouts-description = Moderators: refuse rated challenges over this time-out % (0: off)
    .option-images-description = Your private boards and notices: pictures (on) or words (off)
    .option-tablebase-description = Moderators: endgame tables (off, claim, auto)
    .option-digest-description = One private digest a day at this hour (0-23), or off
    .option-tz-description = Your time zone for the digest, as a UTC offset (+2, -5, +5:30)

cmd-chess-vacation =
    .description = Stop your clocks in all your games for some days (30 or 45 days a calendar year).
    .option-days-description = Days of vacation (0 ends it early; leave empty to see the days left)

cmd-chess-moretime =
    .description = Give the opponent to move one more day.

cmd-chess-league =
    .description = Round-robin leagues in this channel.

cmd-chess-league-create =
    .description = Create a league in this channel.
    .option-name-description = The league's name
    .option-days-description = Days per move, 1 to 14 (default 3)
    .option-rounds-description = League: 1 or 2 cycles. Swiss: 3 to 11 rounds (default from the field)
    .option-max-description = Most players: 3 to 16 in a league, 4 to 200 in a Swiss
    .option-rated-description = Games count for ratings (default: yes)
    .option-rules-description = house or fide rules
    .option-starts-description = Start by itself at this time (UTC): 2026-12-24 18:00
    .option-chess960-description = Every game in Chess960 (default: no)
    .option-format-description = round_robin (default) or swiss (FIDE Dutch pairings, round by round)
    .option-bank-description = Every game on a time bank of this many days, 1 to 60
    .option-increment-description = Days added to the bank by each move, 0 to 10 (with bank)
    .option-control-description = A preset for every game: daily, iccf or blitz-days
    .option-opening-description = Every game starts after this opening: ECO code or name (Ruy Lopez)
    .option-fen-description = Every game starts from this position (FEN; not rated)
    .option-tiebreaks-description = Swiss tie-break order: bh1,bh,sb,de,wins (the default)

cmd-chess-league-join =
    .description = Join this channel's open league.
    .option-league-description = The league's number (default: this channel's)

cmd-chess-league-leave =
    .description = Leave a league before it starts.
    .option-league-description = The league's number (default: this channel's)

cmd-chess-league-start =
    .description = Start the league: every game at once (creator or moderator).
    .option-league-description = The league's number (default: this channel's)

cmd-chess-league-standings =
    .description = The league's standings, as a table and a picture.
    .option-league-description = The league's number (default: this channel's)

cmd-chess-league-cancel =
    .description = Cancel the league; running games end without result.
    .option-league-description = The league's number (default: this channel's)

cmd-chess-league-withdraw =
    .description = Withdraw from a running league (see the rules).
    .option-league-description = The league's number (default: this channel's)

cmd-chess-league-export =
    .description = A Swiss's tournament report (FIDE TRF) as a file.
    .option-league-description = The league's number (default: this channel's)
    .option-format-description = trf (the only format)

cmd-chess-premove =
    .description = Conditional moves and your private note (only you see them).

cmd-chess-premove-line =
    .description = Queue a line: your opponent's expected move, your reply, and so on.
    .option-line-description = Moves separated by spaces, such as e5 Nf3 Nc6 Bb5
    .option-game-description = Game number (default: the game in this channel)

cmd-chess-premove-list =
    .description = Show your conditional moves.
    .option-game-description = Game number (default: the game in this channel)

cmd-chess-premove-clear =
    .description = Remove all your conditional moves of the game.
    .option-game-description = Game number (default: the game in this channel)

cmd-chess-premove-note =
    .description = Your private note on the game: write, show (no text) or remove it.
    .option-text-description = The note (at most 2000 characters); leave empty to see it
    .option-clear-description = Remove the note
    .option-game-description = Game number (default: the game in this channel)

cmd-chess-puzzle =
    .description = Puzzles from your own games.

cmd-chess-puzzle-next =
    .description = A puzzle for you, from your own games first (only you see it).

cmd-chess-puzzle-solve =
    .description = Answer your puzzle (SAN like Nf3, or UCI like g1f3).
    .option-move-description = Your move, e.g. Nf3, Qxf7+ or g1f3
    .option-puzzle-description = The puzzle's number (by default your current one)

cmd-chess-puzzle-daily =
    .description = Post a puzzle a day in this channel (moderators).
    .option-on-description = Turn it on or off
    .option-hour-description = The UTC hour of the post (0-23, default 18)

cmd-stats-menu = Chess stats

cmd-choice-color-white = white
cmd-choice-color-black = black
cmd-choice-color-random = random
cmd-choice-rules-house = house
cmd-choice-rules-fide = fide
cmd-choice-variant-standard = standard
cmd-choice-variant-chess960 = chess960
cmd-choice-notify-dm = dm
cmd-choice-notify-channel = channel
cmd-choice-notify-off = off
cmd-choice-pagename-shown = shown
cmd-choice-pagename-hidden = hidden
cmd-choice-pages-on = on
cmd-choice-pages-off = off
cmd-choice-pages-new = new

# Swiss tournaments (FIDE Dutch pairings)
swiss-created = { $by } created the Swiss { $name } (league { $id }): { $rounds ->
        [0] rounds decided at the start
       *[other] { $rounds } rounds
    }, { $days ->
        [one] { $days } day
       *[other] { $days } days
    } per move, up to { $max } players. Join with /chess league join.
swiss-too-few = { $name } needs at least 4 players to start; it has { $count }.
swiss-started = { $name } (league { $id }) has started: { $n } players, { $rounds } rounds, paired by the FIDE Dutch system.
swiss-round = { $name }, round { $round } of { $rounds }:
swiss-pairing = Board { $board }: { $white } (white) - { $black } (black)
swiss-bye = Bye (one point): { $player }
swiss-late-joined = { $player } joined { $name } late: { $missed ->
        [one] { $missed } round
       *[other] { $missed } rounds
    } missed without points; paired from the next round.
swiss-too-late = { $name } has paired its last round: no more entries.
swiss-withdrew = { $player } withdrew from { $name }: their results stand, their running game is lost, and they leave the next pairings.
swiss-no-pairing = { $name } ends before round { $round }: no pairing keeps the rules (no rematch, colours).
swiss-standings-row = { $rank }. { $player }: { $points } { $one ->
        [yes] point
       *[no] points
    } ({ $tiebreaks })
swiss-standings-header = # | Player | Points
swiss-export = The tournament report of { $name } (league { $id }), FIDE TRF.
swiss-export-only = { $name } is not a Swiss: only a Swiss has a tournament report.
swiss-tiebreak = { $code ->
    [bh1] Buchholz Cut-1
    [bh] Buchholz
    [sb] SB
    [de] direct encounter
   *[wins] wins
}
swiss-tiebreak-legend = { $code ->
    [bh1] BH-C1: Buchholz Cut-1
    [bh] BH: Buchholz
    [sb] SB: Sonneborn-Berger
    [de] DE: direct encounter
   *[wins] W: wins
}
swiss-tiebreak-short = { $code ->
    [bh1] BH-C1
    [bh] BH
    [sb] SB
    [de] DE
   *[wins] W
}
swiss-tiebreak-order = Tie-breaks in this order: { $order }.
swiss-tiebreak-unknown = "{ $name }" is not a tie-break. Use bh1 (Buchholz Cut-1), bh (Buchholz), sb (Sonneborn-Berger), de (direct encounter) or wins, separated by commas.
swiss-tiebreaks-swiss-only = Only a Swiss takes a tie-break order: a round robin ranks by Sonneborn-Berger, head-to-head and wins.
cmd-choice-format-round_robin = round robin
cmd-choice-format-swiss = swiss
cmd-choice-format-trf = trf

## Team play (vote chess)
team-challenge-posted = Team { $challenger } challenges team { $opponent } to a vote game. Anyone in { $opponent } accepts there with /team accept.
team-challenge-received = Team { $challenger } challenges this channel ({ $opponent }) to a vote game. Anyone here accepts with /team accept; then each /chess move here is a vote for this channel's move.
team-vote = Your vote: { $san } ({ $voted ->
        [one] { $voted } vote
       *[other] { $voted } votes
    } so far; the vote closes at the deadline, once every named member has voted, or when a moderator closes it).
team-vote-closed = { $team }: the vote is closed, { $san } is played. Votes: { $tally }.
team-summary-voters = Voters of { $team } (choices played of votes): { $list }.
team-voter = { $name } { $played } of { $voted }
team-vote-closed-motion = { $team }: the vote is closed, the majority chose { $motion }. Votes: { $tally }.
team-motion-vote = Your vote: { $motion } ({ $support } of { $voters } voters so far; it needs more than half).
team-motion-not-now = A team votes for a draw or resigning in its own turn; in the other side's turn it may only ask for its last move back (takeback).
team-motion-draw = draw
team-motion-resign = resign
team-motion-takeback = takeback
team-votes = Votes of { $team } for this move: { $tally } ({ $voted } of { $members } voted).
team-votes-none = No votes of { $team } for this move yet.
team-votes-waiting = { $team } waits for the other side's move: no vote is open.
team-other-side = You vote for { $team } in game { $id }: a person votes for one side of a game only.
team-not-for-teams = A team plays by votes: claims and extra time are not open to teams (a team that does not vote loses on time).
team-moderators-only = Only this channel's moderators may do that.
team-limit = This community already runs { $max } team games and challenges: finish one first.
team-not-in-direct = Team play is between communities' channels, not in a direct message: start it in a server channel or a room.
team-channel-elsewhere = That channel is another community: teams of two communities meet by code. Send `team challenge` without `channel:`, and a moderator there accepts with the code.
team-member-of-other-side = { $name } already speaks for the other side of game { $id } (they voted there or that team named them): a person is named for one side of a game only.
team-members-only-on = Only these named members vote for { $team } (`team members only:off` lets everyone here vote).
team-members-only-refused = Only the named members of { $team } vote for it: a moderator can name you with `team members add`.
team-own-channel = A channel cannot challenge itself: name another channel.
team-code-posted = Team { $team } challenges another community to a vote game. Code: { $code } (one use, valid { $days } days). A moderator there runs /team accept code:{ $code } in the channel that will play.
team-code-unavailable = No code could be made just now: try again.
team-code-moderators = Only a moderator of this channel accepts another community's challenge with its code.
team-code-unknown = No team challenge has that code: it may be mistyped, used already or expired (codes last 7 days).
team-code-other-platform = That code was made on another chat platform: a team game is played between two places on the same platform.
team-no-game = No team game runs in this channel.
team-no-challenge = No team challenge waits for this channel.
team-members = Named members of { $team }: { $list }.
team-members-none = { $team } has no named members: anyone here may vote, and each vote closes at its deadline.
team-busy = { $team } is busy: a game or a challenge is already running there.
team-nothing-to-close = There is no vote to close: nobody has voted for this move yet.
match-none = No team match involves this channel.
match-busy = This channel already takes part in a team match: finish it first.
match-limit = This community already takes part in { $max } team matches: finish one first.
match-created = Team { $team } challenges another community to match { $id }: { $boards } boards, { $days } days per move. Code: { $code } (one use, valid { $valid } days). A moderator there runs /team match accept code:{ $code } in the channel that will be their side.
match-code-unknown = No team match has that code: it may be mistyped, used already or expired (codes last 7 days).
match-accepted = Match { $id }: { $creating } against { $accepting }, up to { $boards } boards. Players sign up in their side's channel with /team match join; a moderator then starts it with /team match start.
match-other-side = You signed up for { $team } already: a player plays for one side of a match only.
match-already-joined = You are signed up for this match already.
match-joined = { $name } plays for { $team } ({ $count } signed up).
match-not-member = You are not signed up for this side of the match.
match-left = { $name } no longer plays for { $team }.
match-not-accepted = The other community has not accepted this match yet: players sign up once it has.
match-already-started = Match { $id } has already started (or ended).
match-too-few = Each side needs at least one player signed up (/team match join) before the start.
match-started = Match { $id } starts: { $creating } against { $accepting } on { $boards } boards, paired by rating. Each player gets a place of their own for each game.
match-pairing = Board { $board }, game { $round }: { $white } (white) against { $black }
match-game-started = Board { $board }, game { $round } of match { $id }: { $white } (white) against { $black }. White to move by { $deadline }.
match-no-place = The places of match game { $game } ({ $white } against { $black }) could not be opened; it waits without a clock and is tried again.
match-board = Board { $board }
match-board-round = Board { $board }, game { $round }
match-no-result = no result
match-playing = playing
match-standings-title = Match { $id }: { $creating } { $creating_points } – { $accepting_points } { $accepting } ({ $done } of { $games } games over)
match-standings-row = { $board }: { $players }, { $state }
match-standings-header = Board | White – Black | Result | | |
match-over = Match { $id } is over: { $winner } wins, { $creating_points } – { $accepting_points }.
match-over-tie = Match { $id } is over: a tie, { $creating_points } – { $accepting_points }.
match-signups = Match { $id } sign-ups: { $creating }: { $creating_players }; { $accepting }: { $accepting_players }.
match-no-abort = A team match game cannot be aborted; resign instead.

## The /team command on Discord
cmd-team =
    .description = Team play: this channel plays as a team, its members vote its moves.

cmd-team-challenge =
    .description = Challenge another channel's team, the engine, or (with neither) another server by a code.
    .option-channel-description = The channel whose team you challenge (this server)
    .option-level-description = Or play the engine: level 1 (weakest) to 8
    .option-days-description = Days per move, 1 to 14 (default 2)
    .option-color-description = This team's colour (default: random)
    .option-rules-description = house (default) or fide

cmd-team-accept =
    .description = Accept the team challenge for this channel, or another server's by its code.
    .option-code-description = The code of another server's team challenge (moderators)

cmd-team-votes =
    .description = The tally of this channel's running vote.

cmd-team-close =
    .description = Close this channel's running vote now (moderators).

cmd-team-members =
    .description = This team's named members; moderators add or remove one.
    .option-add-description = Name this member (moderators)
    .option-remove-description = Unname this member (moderators)
    .option-only-description = Only the named members vote for the team (moderators)

cmd-team-match =
    .description = A match between this server and another: each board a game between two players.

cmd-team-match-create =
    .description = Create a match with another server (moderators): answered with a code.
    .option-boards-description = Boards, from 1 to 32 (fewer when a side signs up fewer players)
    .option-days-description = Days per move, from 1 to 14 (default 2)
    .option-rounds-description = 2 to play each board twice with colours swapped (default 1)

cmd-team-match-accept =
    .description = Accept another server's match by its code; this channel is your side (moderators).
    .option-code-description = The code the other server's match was answered with

cmd-team-match-join =
    .description = Sign up to play for this channel's side of the match.

cmd-team-match-leave =
    .description = Leave this channel's side before the match starts.

cmd-team-match-start =
    .description = Start the match: boards paired by rating, every game at once (moderators).

cmd-team-match-standings =
    .description = The match's sign-ups, or its standings as a table and a picture.

## Endgame tables (tablebase claims and adjudication)

tablebase-rule-set = { $rule ->
        [off] Endgame tables: off. Games here end as usual.
        [claim] Endgame tables: on your turn, `claim` in a position of at most the tables' pieces ends the game with their verdict (a win, else a draw; a cursed win is a draw by the 50-move rule). Both players may consult the tables.
       *[auto] Endgame tables: a move into a position the tables hold ends the game at once with their result. Both players may consult the tables.
    }
tablebase-rule-current = Endgame tables: { $rule ->
        [claim] claims
       *[auto] automatic adjudication
    }.
tablebase-none = This bot has no endgame tables (its owner sets CHESSBOT_SYZYGY_PATH): the tablebase rule can only be off.
tablebase-bad-rule = Unknown tablebase rule "{ $given }": off, claim or auto.
tablebase-claim-lost = The endgame tables say { $player } loses this position: the claim is refused and the game goes on.
tablebase-claim-lost-move = After { $san } the endgame tables say { $player } loses: the claim is refused, the move is not played and the game goes on.
tablebase-unavailable = The endgame tables cannot judge this position ({ $error }): the game goes on.
tablebase-not-in-tables = The endgame tables hold positions of at most { $max } pieces without castling rights: nothing to claim yet.

## Chess in words: the position as text (alt text of every picture,
## `board text:`, `board square:`, `board piece:`, `settings images:`)

# A kind of piece; `one` is yes for one piece, no for several.
words-piece = { $one ->
    [yes] { $role ->
        [king] King
        [queen] Queen
        [rook] Rook
        [bishop] Bishop
        [knight] Knight
       *[pawn] Pawn
    }
   *[no] { $role ->
        [king] Kings
        [queen] Queens
        [rook] Rooks
        [bishop] Bishops
        [knight] Knights
       *[pawn] Pawns
    }
}

# One side's pieces: `pieces` is "King g1; Rooks a1, f1; Pawns a2, b2".
words-side = { $color ->
    [white] White
   *[black] Black
}: { $pieces }.

words-to-move = { $color ->
    [white] White
   *[black] Black
} to move{ $check ->
    [yes] , in check.
   *[no] .
}

# How a game ended, as the final board shows it; `color` is the winner.
words-result = { $case ->
    [mate] Checkmate: { $color ->
        [white] White
       *[black] Black
    } wins.
    [win] { $color ->
        [white] White
       *[black] Black
    } wins.
    [stalemate] Stalemate: draw.
   *[draw] Draw.
}

# `color` made the move `san` (in the reader's notation); `words` says it.
words-last-move = Last move: { $color ->
    [white] White
   *[black] Black
} { $san }, { $words }.

# A move in words; `piece` is the moving piece's name, `capture` and
# `promotion` a kind of piece or none.
words-move = { $kind ->
    [castle-king] castles kingside
    [castle-queen] castles queenside
    [en-passant] { $piece } from { $from } to { $to }, takes pawn en passant
   *[normal] { $piece } from { $from } to { $to }{ $capture ->
        [pawn] , takes pawn
        [knight] , takes knight
        [bishop] , takes bishop
        [rook] , takes rook
        [queen] , takes queen
       *[none] {""}
    }{ $promotion ->
        [knight] , becomes a knight
        [bishop] , becomes a bishop
        [rook] , becomes a rook
        [queen] , becomes a queen
       *[none] {""}
    }
}

words-players = { $white } (White) against { $black } (Black).

words-square = { $square }: { $color ->
    [white] White
   *[black] Black
} { $piece }.

words-square-empty = { $square }: empty.

words-attackers = Attacked by { $color ->
    [white] White
   *[black] Black
}: { $pieces }.

words-none = none

# `piece` is the plural name ("Knights"), `white` and `black` their squares.
words-piece-places = { $piece }: White { $white }; Black { $black }.

words-time-left = { $name } has { $left } to move.

words-banks = Clocks: White { $white }, Black { $black }.

words-draw-offer = { $name } offers a draw.

words-unknown-piece = `{ $given }` is not a kind of piece: write K, Q, R, B, N or P, or a name such as knight.

words-bad-square = `{ $given }` is not a square: write a file a-h and a rank 1-8, such as e4.

words-card = Summary card: { $white } (White) against { $black } (Black), { $result }. Final position:
words-animation = Animation of the game { $white } (White) against { $black } (Black), move by move to the result { $result }.
words-images-off = Your private boards, direct messages and notices now come as words instead of pictures. `/chess settings images:on` brings the pictures back.
words-images-on = Your private boards, direct messages and notices come as pictures again (each with its words as alt text).

## The first hour, round 2, and the correspondence desk

help-example = Example: { $example }
option-out-of-range = `{ $value }` is out of range for `{ $name }`: use { $range }.
option-choices = `{ $value }` is not a valid `{ $name }`: use one of { $choices }.
one-move-at-a-time = One move at a time: `/chess move { $first }`. To answer your opponent's expected moves in advance, use `/chess premove line:"..."`.
time-means-days = There is no `time:` option: correspondence time is `days:1-14` (days per move), a bank with `bank:` and `increment:` (in days), or `control:daily|iccf|blitz-days`.
name-in-quotes = A name with spaces goes in double quotes: `/chess { $command } name:"{ $name }"`.
league-actions = `/chess league` needs an action: create, join, leave, start, standings, cancel, withdraw or export. Example: `/chess league create name:"Winter Cup"`; `/chess help league` shows the options.
console-no-slash = Commands start with `/chess` (or `!chess`, `/team`): `{ $line }`.
desk-game-line = game { $id } in { $where } ({ $white } – { $black }), your move until { $until }
desk-next-game = Next game waiting for you: { $game }.
desk-next-button = Go to game #{ $id }
desk-digest-on = Your daily digest comes at { $hour } { $zone } (next: { $next }): the games waiting for your move, instead of a notice for each move. Reminders before a deadline still come. `/chess notify digest:off` ends it.
desk-digest-off = Your daily digest is off: "your move" notices come again as `/chess notify where:` says.
desk-digest-none = You have no daily digest. `/chess notify digest:8` sends one every day at 8:00 (add `tz:+1` for your time zone).
desk-digest-heading = { $count ->
    [one] One game waits for your move:
   *[other] { $count } games wait for your move:
}
import-start-unnamed = Continued from a PGN after { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }; unrated.
import-challenge = This challenge continues a game from a PGN: play resumes at move { $number }, { $side ->
        [white] White
       *[black] Black
    } to move (unrated).

## Player links: a player's own playable page of their game

play-link = Your board (only for you; it plays until the game ends): { $url }
play-stale = The game moved on since your page showed it: look at the board again.
play-confirm-resign = Press resign once more to confirm.
play-no-chat = Moves from the page cannot reach the chat right now: use the chat command.
play-game-over = This game is over.
play-button = Play on the board

## Player pages on Discord and Matrix: the board button's refusal, direct rooms

play-button-players-only = Only this game's players get a board to play on, while the game runs.
matrix-direct-room-no-pages = A direct room has no spectator pages.
