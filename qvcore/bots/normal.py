"""Normal: a good heuristic player, one ply deep with a position evaluation.

Every candidate action is played on a sampled state and scored by the seat's
win chance (``evaluate``); requests are scored by predicting each asked
player's answer (``negotiate``). Moving Caesar as the turn's action pays a
small cost that grows with the turn, so games keep moving towards their end.
"""

from __future__ import annotations

import random
from typing import Any

from .. import rules
from ..board import DIST, SENATE, path_of
from ..protocol import Action
from ..state import ACTION, BONUS, CONSENT, COUNCIL, OVER
from .base import Bot
from .evaluate import DEFAULT, MEAN_TOKEN, Weights
from .lockout import opens_the_end, put_last
from .negotiate import KEEP, choose_answer, predict_request, recent
from .situation import Situation

MAX_REQUESTS = 2  # requests per turn before the bot acts without asking again
#: win chance a request must be expected to gain per refusal of its path remembered
ASK_COST = 0.01
#: pressure against moving Caesar onto a path again, per time it was moved there lately
REPEAT_COST = 0.01


def caesar_cost(turn: int) -> float:
    """Progress pressure: the price of spending a turn on Caesar alone (grows with time: the
    ``turn`` of the game being played, ``GameState.game_turn``, each game of a V3 series
    counting its own)."""
    return 0.003 + 0.0002 * turn


def pressed(value: float, pressure: float) -> float:
    """``value`` less a progress ``pressure`` that never takes all of it (it keeps 1%), so that
    a small chance stays above a certain loss (0): pressure never makes a bot concede (R9.3)."""
    return value - min(pressure, KEEP * value)


class NormalBot(Bot):
    """One-ply search over the legal actions with the position evaluation."""

    level = "normal"
    keep = "always"
    #: the evaluation's constants this level plays with
    weights: Weights = DEFAULT

    def choose(self, view: dict[str, Any], legal: list[Action], rand: random.Random) -> Action:
        reveal = [a for a in legal if a["type"] == "reveal"]
        if reveal and sum(self.memory.unknown) >= 2:
            return reveal[0]
        legal = [a for a in legal if a["type"] != "reveal"] or legal
        if view["stage"] == COUNCIL:
            return retire_lowest(legal)
        sit = Situation(view, self.memory, rand, weights=self.weights)
        if view["stage"] == CONSENT and view["current"] != self.seat:
            return self.answer(sit)
        ranked = self.rank(sit, legal)
        return ranked[0][1]

    def answer(self, sit: Situation) -> Action:
        """The seat's answer to the open request (``negotiate.choose_answer``)."""
        return choose_answer(sit, sit.state, self.seat, keep=self.keep)

    def rank(self, sit: Situation, legal: list[Action]) -> list[tuple[float, Action]]:
        """Candidate actions with their values, best first."""
        scored: list[tuple[float, Action]] = []
        state = sit.state
        pressure = caesar_cost(state.game_turn())
        since = recent(state)
        requests = [a for a in legal if a["type"] == "request"
                    and path_of(a) not in self.memory.requested]
        if len(self.memory.requested) >= MAX_REQUESTS:
            requests = []
        for action in legal:
            if action["type"] in ("request", "withdraw", "reveal"):
                continue
            after = sit.after([action])
            if after is None:
                continue
            value = sit.value(after, self.seat)
            if action["type"] == "caesar" and state.stage != BONUS:
                repeats = self.memory.caesar_repeats(path_of(action), since)
                value = pressed(value, pressure + REPEAT_COST * repeats)
            scored.append((value, action))
        scored.sort(key=lambda item: -item[0])
        best = scored[0][0] if scored else 0.0
        for request in requests:
            predicted = predict_request(sit, request)
            if predicted is None or predicted[0] <= best:
                continue
            value, chance, action = predicted
            refused = self.memory.refused_path(path_of(request), since)
            if chance * (value - best) > ASK_COST * refused:  # asking again must be worth it
                scored.append((chance * value + (1 - chance) * best, action))
        scored.sort(key=lambda item: -item[0])
        if state.stage == CONSENT and state.current == self.seat:
            scored = _keep_the_end_shut(sit, scored, self.seat)
        if not scored:
            scored = [(0.0, legal[0])]
        if state.stage != BONUS and sit.hopeless():
            # nothing it does can win, and a game that never ends is won by nobody: first
            # the Caesar moves that let the next player end the game alone (R6.5), and once
            # the standoff has outlasted every wait (stall.given_up), its own fill before them
            scored.sort(key=lambda item: not opens(sit, item[1]))
            if sit.given_up():
                scored.sort(key=lambda item: not ends(sit, item[1]))
        return scored


def _keep_the_end_shut(sit: Situation, scored: list[tuple[float, Action]],
                       seat: int) -> list[tuple[float, Action]]:
    """The mover's moves on a deal that binds it to consent to a rival who can then fill the
    Senate's last seat without it (``lockout.opens_the_end``: a certain loss, R9.3, R11) put
    after every other action, when one is left."""
    def trapped(item: tuple[float, Action]) -> bool:
        after = sit.after([item[1]]) if item[1]["type"] == "move" else None
        return after is not None and opens_the_end(sit.state, after, seat)
    return put_last(scored, trapped)


def opens(sit: Situation, action: Action) -> bool:
    """Whether ``action`` moves Caesar so that the next player can fill the Senate without
    asking anyone (R6.5; its own senators may give the consents, R6.3)."""
    if action["type"] != "caesar":
        return False
    after = sit.after([action])
    if after is None or after.stage != ACTION:
        return False
    return any(a["type"] == "move" and a["to"] == SENATE and a["player"] == after.current
               for a in rules.legal_actions(after))


def ends(sit: Situation, action: Action) -> bool:
    """Whether ``action`` fills the Senate's last seat and so ends the game (R9.1)."""
    if action["type"] != "move" or action["to"] != SENATE:
        return False
    after = sit.after([action])
    return after is not None and after.stage == OVER


def retire_lowest(legal: list[Action]) -> Action:
    """V3 council: take off the senator furthest from the Senate."""
    return max(legal, key=lambda a: (DIST[a["office"]], a["office"]))


__all__ = ["MEAN_TOKEN", "NormalBot", "retire_lowest"]
