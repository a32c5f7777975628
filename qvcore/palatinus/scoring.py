"""The final scoring (P5-P7) as a sequence of public steps a page can show one by one.

The function works on plain data (the board, springs, tiles, tokens) so that bots
can score imagined endings with the very same code.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import facts
from .geometry import TERRAIN_NEIGHBOURS, cell_of
from .protocol import Part, PlayerTotal, StepData


@dataclass
class Outcome:
    """What the scoring gives each player, and its steps (empty when not recorded)."""

    captured: list[list[int]]
    tokens: list[list[int]]
    discs: list[list[int]]
    steps: list[StepData] = field(default_factory=list)

    def points(self, seat: int) -> int:
        """P7: captives, tokens and discs."""
        return len(self.captured[seat]) + sum(self.tokens[seat]) + sum(self.discs[seat])

    def things(self, seat: int) -> int:
        """P7's tie-break count: tokens, discs and captives."""
        return len(self.captured[seat]) + len(self.tokens[seat]) + len(self.discs[seat])

    def leaders(self) -> list[int]:
        """P7: the seats with the most points (more than one: the tie-break decides)."""
        seats = range(len(self.captured))
        best = max(self.points(q) for q in seats)
        return [q for q in seats if self.points(q) == best]

    def record(self, step: StepData) -> None:
        """Add ``step``, with every player's points once it is done (a running score)."""
        step["scores"] = [self.points(q) for q in range(len(self.captured))]
        self.steps.append(step)

    def winners(self) -> list[int]:
        """P7 and ruling 8: most points, then most things; a remaining tie is shared."""
        tied = self.leaders()
        most = max(self.things(q) for q in tied)
        return [q for q in tied if self.things(q) == most]


#: a piece for scoring: (owner, colour, kind, order)
Placed = tuple[int, int, str, int]


def influence_of(cell: int, kind: str, board: dict[int, Placed],
                 springs: set[int] | frozenset[int]) -> int:
    """P6b: the influence of the inhabitant of ``kind`` on ``cell`` with the board as it is."""
    total = 0
    if kind == facts.MERCHANT:
        for other in TERRAIN_NEIGHBOURS[cell]:
            there = board.get(other)
            if there is not None:
                total += MERCHANT_GAIN[there[2]]
    elif kind == facts.FARMER:
        if cell in springs:
            total += 2
        for other in TERRAIN_NEIGHBOURS[cell]:
            empty = other not in board
            if empty:
                total += 2
            if other in springs and (not empty or facts.EMPTY_SPRING_COUNTS_TWICE):
                total += 2
    return total


MERCHANT_GAIN = {facts.MERCHANT: 1, facts.FARMER: 2, facts.CONDOTTIERO: 3}


def score(board: dict[int, Placed], springs: set[int] | frozenset[int],
          letters: list[str], tokens: list[int | None], players: int,
          record: bool = True) -> Outcome:
    """P5-P7 on a copy of ``board``: hills in letter order, condottieri first, then control.

    ``letters[slot]`` is the letter of each slot's tile; ``tokens[slot]`` its hill token.
    """
    board = dict(board)
    out = Outcome([[] for _ in range(players)], [[] for _ in range(players)],
                  [[] for _ in range(players)])
    if record:
        out.record({"step": "reveal", "inhabitants": [
            {"terrain": c, "owner": p[0], "colour": p[1], "kind": p[2]}
            for c, p in sorted(board.items())]})
    for slot in sorted(range(len(letters)), key=lambda s: letters[s]):
        hill = letters[slot]
        ring = [cell_of(slot, k) for k in range(1, 7)]
        if record:
            out.record({"step": "hill", "hill": hill, "slot": slot, "token": tokens[slot]})
        _condottieri(hill, ring, board, out, record)
        _control(hill, slot, ring, board, springs, tokens, out, record)
    if record:
        totals: list[PlayerTotal] = [
            {"player": q, "captured": len(out.captured[q]), "tokens": list(out.tokens[q]),
             "discs": list(out.discs[q]), "points": out.points(q), "things": out.things(q)}
            for q in range(players)]
        leaders = out.leaders()
        out.record({"step": "total", "winners": out.winners(), "players": totals,
                    "tied": leaders if len(leaders) > 1 else []})
    return out


def _condottieri(hill: str, ring: list[int], board: dict[int, Placed], out: Outcome,
                 record: bool) -> None:
    """P6a: every condottiero around the hill at once; captives leave the board."""
    takers: dict[int, list[int]] = {}  # captive cell -> capturing condottiero cells
    fled: list[int] = []
    for cell in ring:
        piece = board.get(cell)
        if piece is None or piece[2] != facts.CONDOTTIERO:
            continue
        merchants = [c for c in TERRAIN_NEIGHBOURS[cell]
                     if c in board and board[c][2] == facts.MERCHANT]
        farmers = [c for c in TERRAIN_NEIGHBOURS[cell]
                   if c in board and board[c][2] == facts.FARMER]
        if len(merchants) == len(farmers):
            fled.append(cell)
            if record:
                out.record({"step": "flee", "hill": hill, "condottiero": cell,
                            "owner": piece[0], "merchants": len(merchants),
                            "farmers": len(farmers)})
            continue
        group = merchants if len(merchants) > len(farmers) else farmers
        for captive in group:
            takers.setdefault(captive, []).append(cell)
        if record:
            out.record({
                "step": "capture", "hill": hill, "condottiero": cell, "owner": piece[0],
                "merchants": len(merchants), "farmers": len(farmers),
                "group": facts.MERCHANT if group is merchants else facts.FARMER,
                "captives": [{"terrain": c, "owner": board[c][0], "colour": board[c][1],
                              "kind": board[c][2]} for c in group]})
    for captive, by in sorted(takers.items()):
        by.sort(key=lambda c: board[c][3])  # ruling 7: the condottiero placed first keeps it
        keeper = board[by[0]][0]
        out.captured[keeper].append(board[captive][1])
        others = sorted({board[c][0] for c in by[1:]} - {keeper})
        for q in others:
            _give_disc(out, q, facts.SHARED_CAPTIVE_DISC)
        if record:
            out.record({"step": "captive", "hill": hill, "terrain": captive,
                        "colour": board[captive][1], "kind": board[captive][2],
                        "to": keeper, "by": by, "discs": others})
    for captive in takers:
        del board[captive]
    for cell in fled:
        del board[cell]


def _control(hill: str, slot: int, ring: list[int], board: dict[int, Placed],
             springs: set[int] | frozenset[int], tokens: list[int | None], out: Outcome,
             record: bool) -> None:
    """P6b: each player's influence around the hill; the most takes the token."""
    players = len(out.captured)
    influence = [0] * players
    parts: list[list[Part]] = [[] for _ in range(players)]
    for cell in ring:
        piece = board.get(cell)
        if piece is None:
            continue
        gain = influence_of(cell, piece[2], board, springs)
        influence[piece[0]] += gain
        if record:
            parts[piece[0]].append({"terrain": cell, "kind": piece[2], "points": gain})
    if record:
        for q in range(players):
            if parts[q]:
                out.record({"step": "influence", "hill": hill, "player": q,
                            "total": influence[q], "parts": parts[q]})
    best = max(influence)
    token = tokens[slot]
    if best == 0:
        if record:
            out.record({"step": "unclaimed", "hill": hill, "token": token})
        return
    top = [q for q in range(players) if influence[q] == best]
    if len(top) == 1:
        if token is not None:
            out.tokens[top[0]].append(token)
        if record:
            out.record({"step": "token", "hill": hill, "player": top[0], "token": token,
                        "influence": best})
        return
    for q in top:
        _give_disc(out, q, facts.TIED_HILL_DISC)
    if record:
        out.record({"step": "tie", "hill": hill, "players": top, "influence": best,
                    "token": token, "disc": facts.TIED_HILL_DISC})


def _give_disc(out: Outcome, seat: int, value: int) -> None:
    """A disc to ``seat``, unless the discs have run out (ruling 4: they never do)."""
    if facts.DISC_SUPPLY is None or sum(map(len, out.discs)) < facts.DISC_SUPPLY:
        out.discs[seat].append(value)
