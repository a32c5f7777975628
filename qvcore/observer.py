"""What one viewer may see of a game (R10): secrecy as an object, not a flag.

A view holds only what its viewer may know. Another player's hoard appears as
a count of tokens; its kinds and total are absent from the data, not hidden.
Hoards are shown to all when the game is over or after a V2 reveal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from . import board, deals, laurels
from .board import PATH_FROM, PATH_TO, PATHS_FROM_OFFICE
from .dealcheck import change_thinkable, offer_gains, rewards_for
from .legality import (
    actor,
    actor_decides,
    add_offices,
    caesar_duty,
    caesar_targets,
    caesar_term_targets,
    consents_with_terms,
    copy_action,
    decision,
    legal_actions,
    may_act,
    requested_move_refusal,
    retire_offices,
    route,
    waiting_for,
)
from .protocol import (
    ActionData,
    ErrorData,
    Hint,
    OfferGains,
    PathRef,
    PlayerView,
    PromiseKind,
    PromiseView,
    RequestView,
    SpaceRef,
    SpaceView,
    Stage,
    SupportersWay,
    TermsData,
    View,
)
from .state import ACTION, CONSENT, COUNCIL, EMPTY, OVER, GameState, Promise, Terms


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

    def view(self, s: GameState) -> View:
        """The game as this viewer may see it, as JSON-ready data.

        The choices (``moves``, ``adds``, ``caesar_targets``, ``retire``) belong to the
        decision the table waits for (``decision``): while an asked player answers a request,
        the mover's other turn actions are not on offer (they are the mover's own decision,
        once every answer is in), so a page that shows them cannot let one seat act for
        another.
        """
        mine = actor_decides(s)
        legal = [copy_action(a) for a in legal_actions(s) if a["player"] == self.seat]
        return {
            "viewer": self.seat,
            "options": s.options.to_dict(),
            "stage": cast(Stage, s.stage),
            "turn": s.turn,
            "game_turn": s.game_turn(),
            "game_number": s.game_number,
            "current": s.current,
            "first_player": s.first_player,
            "actor": actor(s),
            "waiting_for": waiting_for(s),
            "may_act": may_act(s),
            "decision": decision(s),
            "players": [self._player(s, q) for q in range(s.n)],
            "offices": [office[:] for office in s.offices],
            "senate": s.senate()[:],
            "spaces": [_space(s, path) for path in board.LAUREL_PATHS],
            "setup": [{"path": path, "from": PATH_FROM[path], "to": PATH_TO[path],
                       "token": _token_name(s.setup[path])} for path in board.LAUREL_PATHS],
            "caesar": {"path": s.caesar, "from": PATH_FROM[s.caesar], "to": PATH_TO[s.caesar]},
            "pile": len(s.pile),
            "pool": s.pool,
            "request": self._request(s, legal),
            "bonus": None if s.stage != "bonus" else {"forced": _path_dict(s.bonus_forced)},
            "caesar_duty": _duty_ref(s),
            "promises": [_promise(p) for p in s.promises if p.binds(s.turn)],
            "reveal": {"open": s.reveal_open and not s.revealed, "shown": s.revealed},
            "council": s.council_next if s.stage == COUNCIL else None,
            "moves": move_hints(s) if mine else [],
            "adds": add_offices(s) if mine else [],
            "caesar_targets": [_space_ref(path) for path in caesar_targets(s)] if mine else [],
            "retire": retire_offices(s),
            "legal": legal,
            "series": [{"game": r["game"], "winner": r["winner"], "totals": list(r["totals"]),
                        "senate": list(r["senate"]), "turn": r["turn"]}
                       for r in s.series_results],
            "winner": s.winner,
        }

    def _player(self, s: GameState, q: int) -> PlayerView:
        hoard = s.hoards[q]
        out: PlayerView = {
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

    def _request(self, s: GameState, legal: list[ActionData]) -> RequestView | None:
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
            "asked": [{"player": q, "senators": here.count(q),
                       "with_terms": consents_with_terms(s, request, q),
                       "gains": self._gains(s, q)} for q in request.asked],
            "offers": {str(q): self._terms(s, q, t) for q, t in request.offers.items()},
            "answers": {
                str(q): {"consents": a.consents,
                         "terms": None if a.terms is None else self._terms(s, q, a.terms)}
                for q, a in request.answers.items()
            },
            "laurel": _token_name(s.spaces[path]),
            "move_refusal": self._move_refusal(s),
            "caesar_terms": [_space_ref(q) for q in caesar_term_targets(s)],
            "ways": self._ways(s, legal),
        }

    def _ways(self, s: GameState, legal: list[ActionData]) -> list[SupportersWay]:
        """The mover's legal ways to make the requested move, with the I tokens each gives
        (R6.4, R7.2); for the mover only, whose hoard decides which deals hold (R10)."""
        request = s.request
        assert request is not None
        if self.seat != s.current:
            return []
        return [{"supporters": list(a["supporters"]),
                 "rewards": {str(q): n for q, n in rewards_for(s, s.current,
                                                               a["supporters"]).items()}}
                for a in legal if a["type"] == "move" and a["supporters"]
                and board.path_of(a) == request.path]

    def _gains(self, s: GameState, q: int) -> list[OfferGains]:
        """What the offer to ``q`` gives it per consent count: only for the two parties, who see
        which laurels it pays (R10); none without an offer."""
        request = s.request
        assert request is not None
        offer = request.offers.get(q)
        if offer is None or not self.sees_terms(s, q):
            return []
        most = min(s.offices[PATH_FROM[request.path]].count(q), request.needed)
        viewer = self.seat
        assert viewer is not None  # one of the two parties (sees_terms)
        out: list[OfferGains] = []
        for consents in range(1, most + 1):
            points, shared = offer_gains(s, q, offer, consents)
            reward = rewards_for(s, s.current, [q] * consents).get(q, 0)
            out.append({"consents": consents, "points": points, "split": None if shared is None
                        else {"total": shared[0], "share": shared[1],
                              "change": change_thinkable(s, q, offer, reward, viewer)}})
        return out

    def _move_refusal(self, s: GameState) -> ErrorData | None:
        """For the mover only (a deal's refusal speaks of the two parties' hoards, R10)."""
        if self.seat != s.current:
            return None
        refusal = requested_move_refusal(s)
        return None if refusal is None else refusal.to_dict()

    def _terms(self, s: GameState, consenter: int, terms: Terms) -> TermsData:
        return deals.terms_to_dict(terms, public=not self.sees_terms(s, consenter))


def _token_name(kind: int) -> str | None:
    return laurels.KIND_NAMES[kind] if kind != EMPTY else None


def _space_ref(path: int) -> SpaceRef:
    return {"path": path, "from": PATH_FROM[path], "to": PATH_TO[path]}


def _duty_ref(s: GameState) -> SpaceRef | None:
    """The space a binding Caesar promise of the player to act sends Caesar to this turn."""
    duty = caesar_duty(s, s.current) if s.stage == ACTION else None
    return None if duty is None else _space_ref(duty)


def _path_dict(path: int | None) -> PathRef | None:
    return None if path is None else {"from": PATH_FROM[path], "to": PATH_TO[path]}


def _space(s: GameState, path: int) -> SpaceView:
    return {"path": path, "from": PATH_FROM[path], "to": PATH_TO[path],
            "token": _token_name(s.spaces[path]), "caesar": s.caesar == path}


def _promise(p: Promise) -> PromiseView:
    out: PromiseView = {"by": p.by, "kind": cast(PromiseKind, p.kind), "player": p.player,
                           "made_turn": p.made_turn, "until_turn": p.until_turn}
    if p.path is not None:
        out["caesar"] = _path_dict(p.path)
    return out


def move_hints(s: GameState) -> list[Hint]:
    """For each path out of an office holding a senator of the player to act (in the action
    and consent stages): what a click on its destination means (``legality.route``: the
    action it plays, or the rule that refuses it), its consents and the laurel on it (R6)."""
    if s.stage not in (ACTION, CONSENT):
        return []
    p = s.current
    hints = []
    for office, here in enumerate(s.offices):
        if p not in here:
            continue
        others = {str(q): here.count(q) for q in sorted(set(here)) if q != p}
        for path in PATHS_FROM_OFFICE[office]:
            hint = route(s, p, path)
            error = hint["error"]
            hint["others"] = others
            hint["possible"] = error is None
            hint["free"] = error is None and (hint["needed"] == 0
                                              or hint["own_spare"] >= hint["needed"])
            hint["reason"] = None if error is None else error["message"]
            hint["laurel"] = None if hint["caesar"] else _token_name(s.spaces[path])
            hints.append(hint)
    return hints
