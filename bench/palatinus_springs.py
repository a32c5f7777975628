"""How a spring layout of the seven Palatinus tiles plays, measured with bot games.

    python3 bench/palatinus_springs.py [--games 60] [--seed 1] [--players 3,4,5]
        [--layouts none,one_each,edition,dense] [--levels greedy,easy]

For each candidate layout (the edition's is ``facts.SPRINGS``) it plays seeded
games of bots (greedy and easy by default, ``--levels`` repeated round the seats) and
reports, over all player counts:

- ``spread``: the mean gap between the best and worst score of a game;
- ``margin``: the mean gap between the winner and the runner-up;
- ``farmer_share``: the share of the winning influence at a hill that farmers give
  (the rest is merchants'): a layout where one kind always wins is a poor one;
- ``springs_decide``: how often a hill's token goes elsewhere (or nowhere) when the
  same final board is scored without any spring: how often springs matter;
- ``first_seat_wins``: the first player's win rate against a fair share.

Prints one JSON line per layout.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from qvcore.palatinus import facts
from qvcore.palatinus.game import Game
from qvcore.palatinus.rules import placed_pieces, slot_letters
from qvcore.palatinus.scoring import score
from qvcore.palatinus.state import Piece, State
from qvcore.palatinus.tournament import play

LAYOUTS: dict[str, dict[str, tuple[int, ...]]] = {
    "none": {letter: () for letter in facts.LETTERS},
    "one_each": {letter: (0,) for letter in facts.LETTERS},
    "edition": dict(facts.SPRINGS),
    "dense": {"A": (0, 1), "B": (0, 1, 2), "C": (0, 2, 4), "D": (0, 3), "E": (0, 1, 3),
              "F": (0, 1), "G": (1, 2, 4)},
    "clustered": {"A": (), "B": (0, 1, 2), "C": (0, 1, 2), "D": (), "E": (0, 1, 2),
                  "F": (), "G": (0, 1, 2)},
}


def measure(layout: str, players: list[int], games: int, seed: int,
            levels: list[str]) -> dict[str, object]:
    """Play the games with ``layout`` in force and gather the figures."""
    facts.SPRINGS.clear()
    facts.SPRINGS.update(LAYOUTS[layout])
    spread: list[int] = []
    margin: list[int] = []
    farmer: list[float] = []
    decided = hills = first_wins = 0
    fair = 0.0
    for n in players:
        seats = (levels * 5)[:n]
        for index in range(games):
            game, _ = play(seats[index % n:] + seats[:index % n], seed + index)
            state = game.state
            points = sorted((state.scores[q].points() for q in range(n)), reverse=True)
            spread.append(points[0] - points[-1])
            margin.append(points[0] - points[1])
            first_wins += state.first_player in state.winners
            fair += 1 / n
            board = placed_pieces(_final_board(game))
            steps = game.events[-1]["final"]["steps"]
            dry = score(board, frozenset(), slot_letters(state), _tokens(game), n)
            winners = {s["hill"]: s.get("player") for s in steps if s["step"] in
                       ("token", "tie", "unclaimed")}
            dry_winners = {s["hill"]: s.get("player") for s in dry.steps if s["step"] in
                           ("token", "tie", "unclaimed")}
            hills += len(winners)
            decided += sum(winners[h] != dry_winners[h] for h in winners)
            farmer.extend(_farmer_share(steps))
    return {"layout": layout, "springs": sum(map(len, LAYOUTS[layout].values())),
            "games": games * len(players), "spread": round(statistics.fmean(spread), 2),
            "margin": round(statistics.fmean(margin), 2),
            "farmer_share": round(statistics.fmean(farmer), 3),
            "springs_decide": round(decided / hills, 3),
            "first_seat_wins": round(first_wins / fair, 3)}


def _final_board(game: Game) -> State:
    """The state with every inhabitant placed, before the scoring took any away."""
    past = Game.replay(game.options, game.seed, game.actions[:-1]).state
    last = game.actions[-1]
    past.board[last["terrain"]] = Piece(last["player"], last["colour"], last["kind"],
                                        last["wolf"], past.placements)
    return past


def _tokens(game: Game) -> list[int | None]:
    """The hill tokens as dealt at the end of the set-up (P3.3)."""
    return list(next(e["tokens"] for e in game.events if "tokens" in e))


def _farmer_share(steps: list[dict[str, Any]]) -> list[float]:
    """For each hill won outright, the share of the winner's influence from farmers."""
    found: list[float] = []
    influence = {(s["hill"], s["player"]): s for s in steps if s["step"] == "influence"}
    for step in steps:
        if step["step"] == "token":
            parts = influence[(step["hill"], step["player"])]["parts"]
            total = sum(p["points"] for p in parts)
            if total:
                found.append(sum(p["points"] for p in parts if p["kind"] == facts.FARMER)
                             / total)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="3,4,5")
    parser.add_argument("--layouts", default=",".join(LAYOUTS))
    parser.add_argument("--levels", default="greedy,easy",
                        help="bot levels, repeated round the seats")
    args = parser.parse_args()
    players = [int(p) for p in args.players.split(",")]
    for layout in args.layouts.split(","):
        print(json.dumps(measure(layout, players, args.games, args.seed,
                                 args.levels.split(","))), flush=True)


if __name__ == "__main__":
    main()
