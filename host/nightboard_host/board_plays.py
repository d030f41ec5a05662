"""The board plays every seat: the default `snapshot_turns` hook of a game (host/nightboard_host/hooks.py), a
fixed play of k turns from a position, so that `nightboard snapshot --turns k` draws the same picture every time."""


def play_turns(game, k):
    """Play up to k turns of `game` with the board's choice (board_move) for every seat to move, stopping at the
    end of the game; returns the turns played. A turn is played when game.turn changes: an action that also
    passes a seat's turn over (held by a rule, nothing to do) counts once."""
    played = 0
    while played < k and not game.over:
        turn = game.turn
        seat = game.to_move()[0]
        game.apply(seat, game.board_move(seat))
        if game.turn != turn:
            played += 1
    return played
