"""A second outside opponent for tournaments: a scheming human-like player (``schemer``).

Like ``outsider.GreedyPlayer`` it sees only its seat's view and the public events, and it
shares nothing with ``qvcore.bots`` but the board (no evaluation, no sampling, no memory
of theirs), so the bots were never tuned on it. It plays as a careful human might:

- it plans routes: every office is worth the laurels still reachable on the way up from it
  and its distance to the Senate (R2), and its first senator in the Senate is worth more
  the fuller the Senate is (R9.3);
- it keeps a ledger of what each rival picked up in public (face-up tokens, reward I
  tokens, tokens paid in deals: R7, R10, R11) and reckons their totals from it;
- it asks for consent when a move is worth it, adding a payment or a split for the players
  it expects to refuse, and weighs the prices named in answers (R6, R11);
- it names a price for its own consent (a split of a good laurel, a token it knows the
  mover holds for a Senate entry, Caesar's destination after a Caesar laurel), refuses the
  visible leader and any fill of the Senate that it does not win by its reckoning;
- it moves Caesar onto the laurel the leader would take next, or onto its own blocked way;
- it never fills the Senate, nor consents to a fill, that loses for certain by its ledger
  (no senator there, or a senator there holds more even if its unseen tokens are all I).

After ``PATIENCE`` turns it gives in so that its games end: it consents to the leader and
fills (or lets fill) the Senate whenever that is not a certain loss by its ledger.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from . import board, laurels

Action = dict[str, Any]

#: the mean value of a face-down token of the draw pile (R1): 139 points in 44 tokens
PILE_MEAN = 139 / 44
#: the turn from which the schemer gives in so that its games end (never to a certain loss)
PATIENCE = 150
#: a lost cause: an action it must never take (a certain loss, R9.3)
NEVER = -1000.0
#: rounds without a senator added or moved, after ``PATIENCE``, that make a standoff (R9.1)
STANDOFF = 8


def _distances() -> tuple[int, ...]:
    """Steps from each office to the Senate along upward paths (R2)."""
    dist = [99] * len(board.SEATS)
    dist[board.SENATE] = 0
    for _ in board.SEATS:
        for a, b, _laurel in board.PATHS:
            dist[a] = min(dist[a], dist[b] + 1)
    return tuple(dist)


DIST = _distances()


class Ledger:
    """What one seat reckons of every hoard from public events (R10): the tokens it saw each
    player take (their least possible total) and an estimate of each total."""

    def __init__(self, players: int) -> None:
        self.known: list[list[int]] = [[] for _ in range(players)]  # kinds (R1)
        self.unknown = [0] * players
        self.estimate = [0.0] * players

    def gain(self, q: int, kind: int) -> None:
        """``q`` took a face-up token of ``kind`` (R7.1, R7.2)."""
        self.known[q].append(kind)
        self.estimate[q] += laurels.VALUES[kind]

    def transfer(self, giver: int, taker: int, count: int, value: float) -> None:
        """``count`` face-down tokens worth about ``value`` passed in a deal (R11)."""
        for _ in range(count):
            if self.known[giver]:  # the least total: the giver paid its best known token
                self.known[giver].remove(max(self.known[giver], key=_worth))
            elif self.unknown[giver]:
                self.unknown[giver] -= 1
        self.unknown[taker] += count
        self.estimate[giver] -= value
        self.estimate[taker] += value

    def mean(self, q: int) -> float:
        """The estimated value of one of ``q``'s tokens."""
        size = len(self.known[q]) + self.unknown[q]
        return self.estimate[q] / size if size else PILE_MEAN

    def floor(self, q: int) -> int:
        """The least total ``q`` can hold: its known tokens, every other one an I."""
        return sum(map(_worth, self.known[q])) + self.unknown[q]

    def sync(self, q: int, size: int) -> None:
        """Match the public hoard size of the view (tokens the ledger missed count as I)."""
        held = len(self.known[q]) + self.unknown[q]
        if size > held:
            self.unknown[q] += size - held
            self.estimate[q] += (size - held) * PILE_MEAN
        while size < len(self.known[q]) + self.unknown[q]:
            if self.unknown[q]:
                self.unknown[q] -= 1
            else:
                self.known[q].remove(max(self.known[q], key=_worth))


class SchemerPlayer:
    """A seat-view player with the bots' interface (``meet``, ``observe``, ``decide``)."""

    level = "schemer"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rand = random.Random(f"schemer:{seed}")
        self.illegal = 0
        self.seconds: list[float] = []
        self.cpu_seconds: list[float] = []
        self.ledger = Ledger(5)
        self.spaces: dict[int, str | None] = {}
        self.caesar = board.CAESAR_START
        self.asked: dict[int, list[int]] = {}  # rival -> [requests of mine, consents]
        self.tried: tuple[int, dict[int, int]] = (-1, {})  # this turn's requests per path
        self.refused: dict[int, int] = {}  # path -> the last turn a rival refused it to me
        self.turn = 0
        self.still_since = 0  # the turn a senator was last added or moved (public)
        self.priced: set[tuple[int, int, int]] = set()  # (turn, mover, path) it named a price

    # -- what it remembers --------------------------------------------------------------

    def meet(self, seat_view: Mapping[str, Any]) -> None:
        """Read the board and the hoard sizes at joining."""
        self.ledger = Ledger(len(seat_view["players"]))
        self._read(dict(seat_view))

    def _read(self, view: dict[str, Any]) -> None:
        self.spaces = {s["path"]: s["token"] for s in view["spaces"]}
        self.caesar = int(view["caesar"]["path"])
        self.turn = int(view["turn"])
        for p in view["players"]:
            self.ledger.sync(p["seat"], p["hoard_size"])

    def observe(self, event: dict[str, Any]) -> None:
        """Public events: who took which face-up token, rewards, deals, Caesar, answers."""
        kind = event.get("type")
        if kind == "caesar":
            self.caesar = board.PATH_INDEX[(event["from"], event["to"])]
        elif kind == "move":
            self.still_since = self.turn
            self._moved(event)
        elif kind == "add":
            self.still_since = self.turn
        elif kind == "answer" and event["mover"] == self.seat:
            record = self.asked.setdefault(event["player"], [0, 0])
            record[0] += 1
            record[1] += event["consents"] > 0
            if not event["consents"]:
                self.refused[board.PATH_INDEX[(event["from"], event["to"])]] = self.turn
        elif kind == "retire" and event.get("next_game"):
            self.ledger = Ledger(len(self.ledger.estimate))  # V3: hoards emptied

    def _moved(self, event: dict[str, Any]) -> None:
        p = event["player"]
        path = board.PATH_INDEX[(event["from"], event["to"])]
        token = self.spaces.get(path)
        taken = 0
        if event.get("took") and token is not None:
            taken = laurels.VALUES[laurels.KIND_BY_NAME[token]]
            self.ledger.gain(p, laurels.KIND_BY_NAME[token])
            self.spaces[path] = event.get("replaced_by")
        rewards = {int(q): n for q, n in event.get("rewards", {}).items()}
        for q, n in rewards.items():
            for _ in range(n):
                self.ledger.gain(q, laurels.I)
        for deal in event.get("deals", []):
            q = deal["with"]
            pays, gets = _count(deal.get("mover_pays")), _count(deal.get("consenter_pays"))
            if pays:
                self.ledger.transfer(p, q, pays, pays * self.ledger.mean(p))
            if gets:
                self.ledger.transfer(q, p, gets, gets * self.ledger.mean(q))
            tokens = deal.get("split_tokens")
            if tokens:
                delta = (taken + rewards.get(q, 0)) // 2 - rewards.get(q, 0)
                self.ledger.transfer(p, q, tokens["mover_gave"], 0.0)
                self.ledger.transfer(q, p, tokens["consenter_gave"], 0.0)
                self.ledger.estimate[p] -= delta
                self.ledger.estimate[q] += delta

    # -- deciding -----------------------------------------------------------------------

    def decide(self, seat_view: Mapping[str, Any]) -> Action:
        """One listed action (perhaps with offers or terms) from this seat's view."""
        view = dict(seat_view)
        self._read(view)
        legal: list[Action] = view["legal"]
        stage = view["stage"]
        if self.tried[0] != view["turn"]:
            self.tried = (view["turn"], {})
        if stage == "council":
            return max(legal, key=lambda a: (DIST[a["office"]], a["office"]))
        if stage == "consent" and view["current"] != self.seat:
            return self._answer(view, legal)
        options = [a for a in legal if a["type"] not in ("reveal", "withdraw")] or legal
        scored = [(self._value(view, a) + 0.01 * self.rand.random(), i, a)
                  for i, a in enumerate(options)]
        best = max(scored, key=lambda t: (t[0], -t[1]))[2]
        if best["type"] == "request":
            best = self._offers(view, best)
            path = _path(best)
            self.tried[1][path] = self.tried[1].get(path, 0) + 1
        return best

    # -- what it reckons ----------------------------------------------------------------

    def _totals(self, view: dict[str, Any]) -> list[float]:
        """Its own total, each rival's total as the ledger estimates it (or as shown)."""
        out = []
        for p in view["players"]:
            q = p["seat"]
            out.append(float(p["total"]) if "total" in p else self.ledger.estimate[q])
        return out

    def _leader(self, view: dict[str, Any]) -> int:
        """The visible leader: the highest reckoned total, a senator in the Senate counting
        for a few points (only players there can win, R9.3)."""
        totals = self._totals(view)
        senate = view["senate"]
        return max(range(len(totals)), key=lambda q: (totals[q] + 4.0 * (q in senate), -q))

    def _floors(self, view: dict[str, Any]) -> list[float]:
        return [float(p["total"]) if "total" in p else float(self.ledger.floor(p["seat"]))
                for p in view["players"]]

    def _fill_value(self, view: dict[str, Any], mover: int, gain: float) -> float:
        """Whether the move filling the Senate (R9.1) wins for this seat by its reckoning:
        ``NEVER`` when it loses for certain, a large value when it wins by a margin, else
        small (positive only once patience runs out)."""
        senate = list(view["senate"]) + [mover]
        me = self.seat
        if me not in senate:
            return NEVER
        totals, floors = self._totals(view), self._floors(view)
        totals[mover] += gain
        floors[mover] += gain
        own = totals[me]
        first = senate.index(me)
        for q in set(senate) - {me}:
            least = floors[q] + (q != mover)  # a rival there may earn an I for consent (R7.2)
            if least > own or (least == own and senate.index(q) < first):
                return NEVER
        margin = min((own - totals[q] - (0.5 if senate.index(q) < first else 0.0)
                      for q in set(senate) - {me}), default=10.0)
        if margin >= 2.0:
            return 60.0
        return 1.0 if view["turn"] >= PATIENCE else -60.0

    def _reach(self, view: dict[str, Any], office: int, depth: int = 0) -> float:
        """The laurels a senator in ``office`` may still take on its best way up."""
        if office == board.SENATE or depth > 6:
            return 0.0
        best = 0.0
        for path in board.PATHS_FROM_OFFICE[office]:
            to = board.PATH_TO[path]
            here = _laurel(view, path) if board.SEATS[office] > 1 else 0
            room = 1.0 if len(view["offices"][to]) < board.SEATS[to] or to == board.SENATE \
                else 0.5
            best = max(best, room * (0.7 * here + 0.8 * self._reach(view, to, depth + 1)))
        return best

    def _office(self, view: dict[str, Any], office: int) -> float:
        """How much a senator of this seat in ``office`` is worth (its route to the Senate)."""
        if office == board.SENATE:
            return 0.0
        late = len(view["senate"])
        free = 0.6 if board.SEATS[office] == 1 else 0.0  # it leaves without consent (R6.1)
        return -(1.3 + 0.4 * late) * DIST[office] + 0.5 * self._reach(view, office) + free

    def _entry(self, view: dict[str, Any], gain: float) -> float:
        """The worth of a senator of this seat entering the Senate (not filling it)."""
        mine = view["senate"].count(self.seat)
        late = len(view["senate"])
        if mine == 0:
            return 8.0 + 3.0 * late
        totals = self._totals(view)
        ahead = totals[self.seat] + gain >= max(totals) - 1.0
        return 2.0 if ahead else -3.0

    # -- its own actions ----------------------------------------------------------------

    def _value(self, view: dict[str, Any], action: Action) -> float:
        kind = action["type"]
        if kind == "add":
            me = view["players"][self.seat]
            late = len(view["senate"])
            return 3.2 - 0.8 * me["on_board"] - 1.2 * late + self._office(view, action["office"]) \
                - self._office(view, 3) + 0.3 * (action["office"] in (1, 3))
        if kind == "decline":
            return 0.3
        if kind == "caesar":
            return self._caesar_value(view, action)
        move = self._move_value(view, action)
        if kind == "request":
            path = _path(action)
            tries = self.tried[1].get(path, 0)
            if tries >= 2 or sum(self.tried[1].values()) >= 3:
                return NEVER / 2  # asked enough this turn: it plays something else
            chance = self._chance(view, action)
            if tries:
                chance = min(0.9, chance + 0.3)  # a second request comes with offers
            return chance * move - 0.4
        cost = self._price(view, action)
        return move - cost

    def _move_value(self, view: dict[str, Any], action: Action) -> float:
        a, b = int(action["from"]), int(action["to"])
        path = _path(action)
        token = float(_laurel(view, path)) if board.SEATS[a] > 1 else 0.0
        value = token + 0.2 * len(view["senate"]) * (board.SEATS[a] > 1 and token > 0)
        if b == board.SENATE:
            if len(view["senate"]) == board.SEATS[board.SENATE] - 1:
                return self._fill_value(view, self.seat, token)
            return value + self._entry(view, token) - self._office(view, a)
        return value + self._office(view, b) - self._office(view, a) + 0.8

    def _price(self, view: dict[str, Any], action: Action) -> float:
        """What the deals of a move's supporters cost this seat, in points (R11)."""
        request = view.get("request")
        cost = 0.0
        if not request or request["path"] != _path(action):
            return 0.0
        token = _laurel(view, request["path"])
        for q in set(action.get("supporters", [])) - {self.seat}:
            answer = request["answers"].get(str(q)) or {}
            terms = answer.get("terms") or {}
            cost += _value_of(terms.get("mover_pays")) - _value_of(terms.get("consenter_pays"))
            cost += (token + 1) // 2 if terms.get("split") else 0.0
        return cost

    def _chance(self, view: dict[str, Any], action: Action) -> float:
        """The chance the asked players give the consents a request needs (R6.2, R6.3)."""
        a = int(action["from"])
        needed = board.CONSENTS_NEEDED[a]
        here = view["offices"][a]
        spare = here.count(self.seat) - 1
        rivals = sorted(set(here) - {self.seat})
        leads = self._leader(view) == self.seat
        probs = []
        for q in rivals:
            asks, yes = self.asked.get(q, [0, 0])
            p = (yes + 1.5) / (asks + 2.5)
            if leads:
                p *= 0.6
            if int(action["to"]) == board.SENATE:
                p *= 0.6
            probs.extend([p] * min(here.count(q), needed))
        probs.sort(reverse=True)
        missing = needed - max(0, spare)
        if missing <= 0:
            return 1.0
        if len(probs) < missing:
            return 0.0
        chance = 1.0
        for p in probs[:missing]:
            chance *= p
        return chance

    def _offers(self, view: dict[str, Any], action: Action) -> Action:
        """Add offers to a request for the players likely to refuse, when it is worth it:
        a split of a good laurel, else one of its own tokens (R11; only tokens it holds)."""
        path = _path(action)
        if not self.tried[1].get(path) and not self._recently_refused(view, path):
            return dict(action)
        a = int(action["from"])
        token = _laurel(view, path)
        worth = self._move_value(view, action)
        if worth < 3.0:
            return dict(action)
        hoard: dict[str, int] = dict(view["players"][self.seat].get("hoard", {}))
        offers: dict[str, Any] = {}
        size = view["players"][self.seat]["hoard_size"]
        for q in sorted(set(view["offices"][a]) - {self.seat}):
            if token >= 2 and size >= 3 and not offers.get("split_used"):
                offers[str(q)] = {"split": True}
                offers["split_used"] = True
                continue
            cheap = next((k for k in laurels.KIND_NAMES if hoard.get(k, 0) > 0
                          and laurels.VALUES[laurels.KIND_BY_NAME[k]] <= worth / 3), None)
            if cheap is not None:
                hoard[cheap] -= 1
                offers[str(q)] = {"mover_pays": [cheap]}
        offers.pop("split_used", None)
        return {**action, "offers": offers} if offers else dict(action)

    def _recently_refused(self, view: dict[str, Any], path: int) -> bool:
        """Whether a rival refused this seat a move along ``path`` in the last two rounds."""
        return view["turn"] - self.refused.get(path, -999) <= 2 * len(view["players"])

    def _resigned(self, view: dict[str, Any]) -> bool:
        """A standoff after ``PATIENCE``: no senator added or moved for ``STANDOFF`` rounds.
        Then it stops blocking a fill it cannot win and consents to it (R9.1): the game
        ends, as a player at a table would let it, though it loses it."""
        return view["turn"] >= PATIENCE and \
            view["turn"] - self.still_since >= STANDOFF * len(view["players"])

    def _fears(self, view: dict[str, Any], q: int, path: int) -> bool:
        """Whether rival ``q`` entering the Senate by ``path`` would hurt this seat: a first
        entry, or a fill this seat does not win by its reckoning (R9)."""
        if self._resigned(view):
            return False
        if len(view["senate"]) == board.SEATS[board.SENATE] - 1:
            return self._fill_value(view, q, 0) < 0
        return q not in view["senate"]

    def _caesar_value(self, view: dict[str, Any], action: Action) -> float:
        """Caesar onto the leader's next laurel (R7.4), or onto its own blocked way (R6.5);
        never onto a way into the Senate that frees a rival who is not there yet."""
        path = _path(action)
        a, b = board.PATH_FROM[path], board.PATH_TO[path]
        here = view["offices"][a]
        token = _laurel(view, path)
        if view["stage"] == "bonus":
            base = 0.3
        else:
            base = -1.5
        if b == board.SENATE and any(self._fears(view, q, path) for q in set(here) - {self.seat}):
            return base - 4.0
        value = base
        leader = self._leader(view)
        totals = self._totals(view)
        if leader != self.seat and leader in here and totals[leader] >= totals[self.seat] + 3:
            value += 0.3 * token
        if self.seat in here and len(view["offices"][b]) < board.SEATS[b] \
                and self._recently_refused(view, path):
            step = self._move_value(view, {"from": a, "to": b}) - token
            value += 0.5 * max(0.0, step)
        if self.seat in here and token:
            value -= 0.5 * token  # it would cover a laurel it can take itself
        return value

    # -- answering requests -------------------------------------------------------------

    def _answer(self, view: dict[str, Any], legal: list[Action]) -> Action:
        counts = sorted(a["consents"] for a in legal
                        if a["type"] == "answer" and a["player"] == self.seat)
        low, high = counts[0], counts[-1]
        no: Action = {"type": "answer", "player": self.seat, "consents": low}
        if low >= 1 or high == 0:
            return no  # a binding promise decides (R11), or nothing to give
        yes: Action = {"type": "answer", "player": self.seat, "consents": high}
        request = view["request"]
        mover, path = request["mover"], request["path"]
        to = request["to"]
        token = _laurel(view, path)
        patient = view["turn"] >= PATIENCE
        if to == board.SENATE and len(view["senate"]) == board.SEATS[board.SENATE] - 1:
            fill = self._fill_value(view, mover, token)
            return yes if fill > 0 or self._resigned(view) else no
        totals = self._totals(view)
        after = totals[mover] + token
        leads = all(after > t for q, t in enumerate(totals) if q != mover)
        offered = _offer_worth(request["offers"].get(str(self.seat)), token)
        if not patient and (mover == self._leader(view) or leads) and offered < 3.0:
            return no
        terms = self._terms(view, mover, path, token)
        if to == board.SENATE and mover not in view["senate"] and not patient:
            if self.seat not in view["senate"] and len(view["senate"]) >= 2:
                return no  # a rival's first entry, late, while it has none there
            if not terms and offered < 2.0:
                return no
        return {**yes, "terms": terms} if terms else yes

    def _terms(self, view: dict[str, Any], mover: int, path: int, token: int) -> dict[str, Any]:
        """The price of its consent: Caesar's destination after a Caesar laurel (against the
        leader), a split of a laurel worth 3 or more, or, for a Senate entry, a token it saw
        the mover take (R7.3, R11)."""
        request = view["request"]
        offered = request["offers"].get(str(self.seat))
        if offered:
            return {}  # the mover's offer stands as the deal
        if token == 2 and self.spaces.get(path) == "IIC" and request["caesar_terms"]:
            target = max(request["caesar_terms"], key=lambda t: (
                self._block(view, t["path"]), -t["path"]))
            if self._block(view, target["path"]) > 0:
                return {"caesar": {"from": target["from"], "to": target["to"]}}
        key = (view["turn"], mover, path)
        if key in self.priced:
            return {}  # its price failed once this turn: it gives way, as a player would
        self.priced.add(key)
        size = view["players"][mover]["hoard_size"]
        seen = sorted((k for k in self.ledger.known[mover] if _worth(k) < max(token, 2)),
                      key=_worth)
        if (token >= 3 or request["to"] == board.SENATE) and seen:
            return {"mover_pays": [laurels.KIND_NAMES[seen[-1]]]}
        if token >= 3 and size >= 3:
            return {"split": True}
        return {}

    def _block(self, view: dict[str, Any], path: int) -> float:
        """How much Caesar on ``path`` hurts the leader, who is not this seat."""
        leader = self._leader(view)
        a = board.PATH_FROM[path]
        if leader == self.seat or leader not in view["offices"][a] \
                or self.seat in view["offices"][a]:
            return 0.0
        return float(_laurel(view, path))


def _offer_worth(offer: Any, token: int) -> float:
    """What a mover's offer gives this seat, in points (R11)."""
    if not offer:
        return 0.0
    worth = _value_of(offer.get("mover_pays")) - _value_of(offer.get("consenter_pays"))
    return worth + (token // 2 if offer.get("split") else 0)


def _count(paid: Any) -> int:
    """The number of tokens a public deal record says were paid."""
    if isinstance(paid, int):
        return paid
    return len(paid) if isinstance(paid, list) else 0


def _value_of(paid: Any) -> float:
    """Points of a list of token names (a count of unknown tokens is valued at the mean)."""
    if isinstance(paid, list):
        return float(sum(laurels.VALUES[laurels.KIND_BY_NAME[k]] for k in paid))
    return PILE_MEAN * paid if isinstance(paid, int) else 0.0


def _worth(kind: int) -> int:
    return laurels.VALUES[kind]


def _path(action: Action) -> int:
    return board.PATH_INDEX[(int(action["from"]), int(action["to"]))]


def _laurel(view: dict[str, Any], path: int) -> int:
    """The value of the face-up laurel a move along ``path`` would take now (R7.1, R7.4)."""
    for space in view["spaces"]:
        if space["path"] == path:
            if space["caesar"] or space["token"] is None:
                return 0
            return laurels.VALUES[laurels.KIND_BY_NAME[space["token"]]]
    return 0
