"""What one viewer may see of a game (R10): secrecy as an object, not a flag.

A view holds only what its viewer may know. Another player's hoard appears as
a count of tokens; its kinds and total are absent from the data, not hidden.
Hoards are shown to all when the game is over or after a V2 reveal.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from . import board, deals, laurels
from .board import CONSENTS_NEEDED, PATH_FROM, PATH_TO, PATHS_FROM_OFFICE, SEATS
from .rules import legal_actions, may_act, most_consents, waiting_for
from .state import ACTION, CONSENT, COUNCIL, EMPTY, OVER, GameState, Terms


@dataclass(frozen=True)
class Observer:
    """A viewer: a seat (0..n-1), or ``None`` for an onlooker who holds no hoard."""

    seat: int | None = None

    def sees_hoard(self, s: GameState, player: int) -> bool:
        """R10: a hoard's values are seen by its owner, after a V2 reveal, or at the end."""
        return player == self.seat or s.revealed or s.stage in (OVER, COUNCIL)

    def sees_terms(self, s: GameState, consenter: int) -> bool:
        """Deal terms name tokens; only the two parties see which ones (R10)."""
        return self.seat is not None and self.seat in (s.current, consenter)

    def view(self, s: GameState) -> dict[str, Any]:
        """The game as this viewer may see it, as JSON-ready data."""
        return {
            "viewer": self.seat,
            "options": s.options.to_dict(),
            "stage": s.stage,
            "turn": s.turn,
            "game_number": s.game_number,
            "current": s.current,
            "first_player": s.first_player,
            "waiting_for": waiting_for(s),
            "may_act": may_act(s),
            "players": [self._player(s, q) for q in range(s.n)],
            "offices": [office[:] for office in s.offices],
            "senate": s.senate()[:],
            "spaces": [_space(s, path) for path in board.LAUREL_PATHS],
            "setup": [{"path": path, "from": PATH_FROM[path], "to": PATH_TO[path],
                       "token": _token_name(s.setup[path])} for path in board.LAUREL_PATHS],
            "caesar": {"path": s.caesar, "from": PATH_FROM[s.caesar], "to": PATH_TO[s.caesar]},
            "pile": len(s.pile),
            "pool": s.pool,
            "request": self._request(s),
            "bonus": None if s.stage != "bonus" else {"forced": _path_dict(s.bonus_forced)},
            "promises": [
                {"by": p.by, "kind": p.kind, "player": p.player, "made_turn": p.made_turn,
                 "until_turn": p.until_turn}
                for p in s.promises if p.binds(s.turn)
            ],
            "reveal": {"open": s.reveal_open and not s.revealed, "shown": s.revealed},
            "council": s.council_next if s.stage == COUNCIL else None,
            "moves": move_hints(s),
            "adds": add_offices(s),
            "legal": [copy.deepcopy(a) for a in legal_actions(s) if a["player"] == self.seat],
            "series": list(s.series_results),
            "winner": s.winner,
        }

    def _player(self, s: GameState, q: int) -> dict[str, Any]:
        hoard = s.hoards[q]
        out: dict[str, Any] = {
            "seat": q,
            "name": s.options.names[q],
            "supply": s.supply[q],
            "on_board": s.on_board(q),
            "in_senate": s.senate().count(q),
            "hoard_size": laurels.heap_size(hoard),
        }
        if self.sees_hoard(s, q):
            out["hoard"] = laurels.heap_names(hoard)
            out["total"] = laurels.heap_value(hoard)
        return out

    def _request(self, s: GameState) -> dict[str, Any] | None:
        request = s.request
        if request is None:
            return None
        path = request.path
        here = s.offices[PATH_FROM[path]]
        return {
            "mover": s.current,
            "path": path, "from": PATH_FROM[path], "to": PATH_TO[path],
            "needed": request.needed,
            "own_spare": here.count(s.current) - 1,
            "asked": [{"player": q, "senators": here.count(q)} for q in request.asked],
            "offers": {str(q): self._terms(s, q, t) for q, t in request.offers.items()},
            "answers": {
                str(q): {"consents": a.consents,
                         "terms": None if a.terms is None else self._terms(s, q, a.terms)}
                for q, a in request.answers.items()
            },
            "laurel": _token_name(s.spaces[path]),
        }

    def _terms(self, s: GameState, consenter: int, terms: Terms) -> dict[str, Any]:
        return deals.terms_to_dict(terms, public=not self.sees_terms(s, consenter))


def _token_name(kind: int) -> str | None:
    return laurels.KIND_NAMES[kind] if kind != EMPTY else None


def _path_dict(path: int | None) -> dict[str, int] | None:
    return None if path is None else {"from": PATH_FROM[path], "to": PATH_TO[path]}


def _space(s: GameState, path: int) -> dict[str, Any]:
    return {"path": path, "from": PATH_FROM[path], "to": PATH_TO[path],
            "token": _token_name(s.spaces[path]), "caesar": s.caesar == path}


def add_offices(s: GameState) -> list[int]:
    """The entry offices where the player to act may add a senator now (R5)."""
    if s.stage not in (ACTION, CONSENT) or not s.supply[s.current]:
        return []
    return [office for office in board.ENTRY_OFFICES if len(s.offices[office]) < SEATS[office]]


def move_hints(s: GameState) -> list[dict[str, Any]]:
    """For each path out of an office holding a senator of the player to act: can it be
    taken, how many consents it needs, whether Caesar frees it, and why not (R6)."""
    p = s.current
    hints = []
    for office, here in enumerate(s.offices):
        if p not in here:
            continue
        own_spare = here.count(p) - 1
        others = {q: here.count(q) for q in sorted(set(here)) if q != p}
        for path in PATHS_FROM_OFFICE[office]:
            to = PATH_TO[path]
            caesar = s.caesar == path
            needed = 0 if caesar else CONSENTS_NEEDED[office]
            can_give = own_spare + most_consents(s, p, office, needed)
            reason = None
            if len(s.offices[to]) >= SEATS[to]:
                reason = f"R6: office {to} has no free seat"
            elif can_give < needed:
                missing = needed - can_give
                reason = (f"R6.2: leaving office {office} needs {missing} more consent"
                          f"{'s' if missing > 1 else ''} than its senators can give")
            hints.append({
                "from": office, "to": to, "path": path, "needed": needed, "caesar": caesar,
                "own_spare": own_spare, "others": {str(q): c for q, c in others.items()},
                "free": reason is None and (needed == 0 or own_spare >= needed),
                "possible": reason is None, "reason": reason,
                "laurel": None if caesar else _token_name(s.spaces[path]),
            })
    return hints
