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
import time
from collections.abc import Mapping
from typing import Any

from . import board, laurels
from .board import DIST, path_of
from .protocol import Action
from .seatview import laurel_on

#: the turn from which the schemer gives in so that its games end (never to a certain loss)
PATIENCE = 150
#: a lost cause: an action it must never take (a certain loss, R9.3)
NEVER = -1000.0
#: rounds without a senator added or moved, after ``PATIENCE``, that make a standoff (R9.1)
STANDOFF = 16


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
        return self.estimate[q] / size if size else laurels.PILE_MEAN

    def floor(self, q: int) -> int:
        """The least total ``q`` can hold: its known tokens, every other one an I."""
        return sum(map(_worth, self.known[q])) + self.unknown[q]

    def sync(self, q: int, size: int) -> None:
        """Match the public hoard size of the view (tokens the ledger missed count as I)."""
        held = len(self.known[q]) + self.unknown[q]
        if size > held:
            self.unknown[q] += size - held
            self.estimate[q] += (size - held) * laurels.PILE_MEAN
        while size < len(self.known[q]) + self.unknown[q]:
            if self.unknown[q]:
                self.unknown[q] -= 1
            else:
                self.known[q].remove(max(self.known[q], key=_worth))


class SchemerPlayer:
    """A seat-view player with the bots' interface (``meet``, ``observe``, ``decide``)."""

    level = "schemer"
    #: the lead a move may give its mover before this seat refuses its consent
    lead = 6.0
    #: the worth of a first senator taking the Senate's fourth seat while behind
    fourth = -2.0
    #: how much more a first entry is worth per senator already there, when behind
    behind = -1.0
    #: the worth of a senator that lets another of its own leave an office without consent
    stack = 2.5

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
        self.placed: dict[int, int] = {}  # path -> the last turn it moved Caesar there
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
            if event["player"] == self.seat:
                self.placed[self.caesar] = self.turn
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
        """One listed action (perhaps with offers or terms) from this seat's view; the time
        each decision took is recorded for the tournament's table, never read."""
        start, cpu = time.perf_counter(), time.process_time()
        action = self._decide(dict(seat_view))
        self.seconds.append(time.perf_counter() - start)
        self.cpu_seconds.append(time.process_time() - cpu)
        return action

    def _decide(self, view: dict[str, Any]) -> Action:
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
            path = path_of(best)
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

    def _fill_value(self, view: dict[str, Any], mover: int, gain: float,
                    gifts: Mapping[int, float] | None = None,
                    least: float | None = None) -> float:
        """Whether the move filling the Senate (R9.1) wins for this seat by its reckoning:
        ``NEVER`` when it loses for certain, a large value when it wins by a margin, else
        small (positive only once patience runs out). ``gifts``: what the move's deals and
        rewards give its supporters (R7.2, R11); ``least``: the least the mover gains."""
        senate = [*view["senate"], mover]
        me = self.seat
        if me not in senate:
            return NEVER
        totals, floors = self._totals(view), self._floors(view)
        totals[mover] += gain
        floors[mover] += gain if least is None else least
        for q, given in (gifts or {}).items():
            totals[q] += given
            floors[q] += given
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
        return 5.0 if view["turn"] >= PATIENCE else -60.0

    def _reach(self, view: dict[str, Any], office: int, depth: int = 0) -> float:
        """The laurels a senator in ``office`` may still take on its best way up."""
        if office == board.SENATE or depth > 6:
            return 0.0
        best = 0.0
        for path in board.PATHS_FROM_OFFICE[office]:
            to = board.PATH_TO[path]
            here = laurel_on(view, path) if board.SEATS[office] > 1 else 0
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

    def _pair(self, view: dict[str, Any], office: int, leaving: bool = False) -> float:
        """The worth of this seat's senators in ``office`` consenting to each other's moves
        (R6.3): a senator joining one of its own there (or leaving one behind there)."""
        if board.SEATS[office] == 1 or office == board.SENATE:
            return 0.0
        here = view["offices"][office].count(self.seat) - leaving
        return self.stack if 1 <= here <= board.CONSENTS_NEEDED[office] else 0.0

    def _entry(self, view: dict[str, Any], gain: float) -> float:
        """The worth of a senator of this seat entering the Senate (not filling it)."""
        mine = view["senate"].count(self.seat)
        late = len(view["senate"])
        totals = self._totals(view)
        ahead = totals[self.seat] + gain >= max(totals) - 1.0
        if late == board.SEATS[board.SENATE] - 2 and not ahead:
            # the fourth seat: the next entry ends the game, and the leader is ahead (R9.1)
            return self.fourth if mine == 0 else -6.0
        if mine == 0:
            return 8.0 + (3.0 if ahead else self.behind) * late
        return 2.0 if ahead else -3.0

    # -- its own actions ----------------------------------------------------------------

    def _value(self, view: dict[str, Any], action: Action) -> float:
        kind = action["type"]
        if kind == "add":
            on_board = int(view["players"][self.seat]["on_board"])
            late = len(view["senate"])
            return 3.2 - 0.8 * on_board - 1.2 * late + self._office(view, action["office"]) \
                - self._office(view, 3) + 0.3 * (action["office"] in (1, 3)) \
                + self._pair(view, action["office"])
        if kind == "decline":
            return 0.3
        if kind == "caesar":
            return self._caesar_value(view, action)
        move = self._move_value(view, action)
        if kind == "request":
            path = path_of(action)
            tries = self.tried[1].get(path, 0)
            if tries >= 2 or sum(self.tried[1].values()) >= 3:
                return NEVER / 2  # asked enough this turn: it plays something else
            chance = self._chance(view, action)
            if tries:
                chance = min(0.9, chance + 0.3)  # a second request comes with offers
            return chance * (move - self._gifts(view, action)) - 0.4
        cost = self._price(view, action)
        if int(action["to"]) == board.SENATE and \
                len(view["senate"]) == board.SEATS[board.SENATE] - 1:
            token = laurel_on(view, path_of(action))
            return self._fill_value(view, self.seat, token - self._paid(view, action),
                                    self._given(view, action)) - 0.01 * cost
        return move - cost

    def _move_value(self, view: dict[str, Any], action: Action) -> float:
        a, b = int(action["from"]), int(action["to"])
        path = path_of(action)
        token = float(laurel_on(view, path)) if board.SEATS[a] > 1 else 0.0
        value = token + 0.2 * len(view["senate"]) * (board.SEATS[a] > 1 and token > 0)
        if b == board.SENATE:
            if len(view["senate"]) == board.SEATS[board.SENATE] - 1:
                return self._fill_value(view, self.seat, token)
            return value + self._entry(view, token) - self._office(view, a)
        return value + self._office(view, b) - self._office(view, a) + 0.8 \
            + self._pair(view, b) - self._pair(view, a, leaving=True)

    def _price(self, view: dict[str, Any], action: Action) -> float:
        """What the deals of a move's supporters cost this seat, in points (R11)."""
        request = view.get("request")
        cost = 0.0
        if not request or request["path"] != path_of(action):
            return 0.0
        token = laurel_on(view, request["path"])
        for q in set(action.get("supporters", [])) - {self.seat}:
            answer = request["answers"].get(str(q)) or {}
            terms = answer.get("terms") or {}
            cost += _value_of(terms.get("mover_pays")) - _value_of(terms.get("consenter_pays"))
            cost += (token + 1) // 2 if terms.get("split") else 0.0
            cost += self._gift(view, q) * action["supporters"].count(q)
        return cost

    def _paid(self, view: dict[str, Any], action: Action) -> float:
        """The points a move's deals take from this seat, the mover (R11)."""
        return sum(self._given(view, action).values()) - self._rewards(view, action)

    def _rewards(self, view: dict[str, Any], action: Action) -> int:
        """The I tokens the pool pays a move's supporters (R7.2)."""
        others = [q for q in action.get("supporters", []) if q != self.seat]
        return min(len(others), int(view["pool"]))

    def _given(self, view: dict[str, Any], action: Action) -> dict[int, float]:
        """What each supporter of a move of this seat gains by it: rewards and deals."""
        request = view.get("request")
        token = laurel_on(view, path_of(action))
        out: dict[int, float] = {}
        pool = int(view["pool"])
        for q in action.get("supporters", []):
            if q == self.seat:
                continue
            out[q] = out.get(q, 0.0) + (1.0 if pool > 0 else 0.0)
            pool -= 1
        for q in out:
            if not request or request["path"] != path_of(action):
                break
            terms = (request["answers"].get(str(q)) or {}).get("terms") or {}
            out[q] += _value_of(terms.get("mover_pays")) - _value_of(terms.get("consenter_pays"))
            out[q] += token // 2 - 1 if terms.get("split") else 0.0
        return out

    def _gift(self, view: dict[str, Any], q: int) -> float:
        """What the I token a consent earns rival ``q`` (R7.2) costs this seat: much when
        ``q`` is not behind it."""
        if q == self.seat or not view["pool"]:
            return 0.0
        totals = self._totals(view)
        return 1.0 if totals[q] >= totals[self.seat] else 0.3

    def _gifts(self, view: dict[str, Any], action: Action) -> float:
        """The reward tokens a request would most likely give away: to the rivals in the
        office who are least threatening, as many as the consents it lacks."""
        a = int(action["from"])
        here = view["offices"][a]
        missing = board.CONSENTS_NEEDED[a] - max(0, here.count(self.seat) - 1)
        gifts = sorted(self._gift(view, q) for q in here if q != self.seat)
        return sum(gifts[:max(0, missing)])

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
        path = path_of(action)
        if not self.tried[1].get(path) and not self._recently_refused(view, path):
            return dict(action)
        a = int(action["from"])
        token = laurel_on(view, path)
        worth = self._move_value(view, action)
        if worth < 3.0:
            return dict(action)
        hoard: dict[str, int] = dict(view["players"][self.seat].get("hoard", {}))
        offers: dict[str, Any] = {}
        size = view["players"][self.seat]["hoard_size"]
        fill = int(action["to"]) == board.SENATE and \
            len(view["senate"]) == board.SEATS[board.SENATE] - 1
        for q in sorted(set(view["offices"][a]) - {self.seat}):
            if fill and q in view["senate"]:
                bid = self._bid(view, q, token, hoard)
                if bid is not None:
                    hoard[bid] -= 1
                    offers[str(q)] = {"mover_pays": [bid]}
                continue  # it pays a rival who can still win only what keeps its own win
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

    def _bid(self, view: dict[str, Any], q: int, token: int,
             hoard: Mapping[str, int]) -> str | None:
        """For the fill of a standoff: the biggest token it can pay rival ``q`` (in the
        Senate) and still win by its reckoning, so that ``q`` keeps a chance (R9.3, R11)."""
        if view["turn"] - self.still_since < 3 * len(view["players"]):
            return None
        totals = self._totals(view)
        own = totals[self.seat] + token
        best = None
        for name in laurels.KIND_NAMES:
            value = laurels.VALUES[laurels.KIND_BY_NAME[name]]
            if hoard.get(name, 0) > 0 and own - value >= totals[q] + value + 1 + 1.0:
                best = name
        return best

    def _recently_refused(self, view: dict[str, Any], path: int) -> bool:
        """Whether a rival refused this seat a move along ``path`` in the last two rounds."""
        return int(view["turn"]) - self.refused.get(path, -999) <= 2 * len(view["players"])

    def _resigned(self, view: dict[str, Any]) -> bool:
        """A standoff after ``PATIENCE``: no senator added or moved for ``STANDOFF`` rounds.
        Then it stops moving Caesar off a rival's way into a full Senate and puts him on
        one (R6.5, R9.1), so that a rival may end the game, and consents to a fill by a
        rival it can no longer catch (``_hopeless``); it never fills to a certain loss."""
        turn = int(view["turn"])
        return turn >= PATIENCE and turn - self.still_since >= STANDOFF * len(view["players"])

    def _hopeless(self, view: dict[str, Any], mover: int, token: int) -> bool:
        """Whether the mover holds, at the least, more than this seat could ever catch up by
        its reckoning (a V ahead of its own total): a game it can no longer win (R9.3)."""
        return self._floors(view)[mover] + token > self._totals(view)[self.seat] + 5

    def _fears(self, view: dict[str, Any], q: int, path: int) -> bool:
        """Whether rival ``q`` entering the Senate by ``path`` would hurt this seat: a first
        entry, or a fill this seat does not win by its reckoning (R9)."""
        if self._resigned(view):
            return False
        if len(view["senate"]) == board.SEATS[board.SENATE] - 1:
            return self._fill_value(view, q, 0) < 0
        return q not in view["senate"]

    def _danger(self, view: dict[str, Any], path: int) -> float:
        """What Caesar on a way into the Senate costs this seat: the rivals it lets in
        without consent (R6.5), a fill it does not win worst of all (R9)."""
        a, b = board.PATH_FROM[path], board.PATH_TO[path]
        if b != board.SENATE or len(view["offices"][b]) >= board.SEATS[b]:
            return 0.0
        fill = len(view["senate"]) == board.SEATS[board.SENATE] - 1
        leader = self._leader(view)
        worst = 0.0
        for q in set(view["offices"][a]) - {self.seat}:
            if self._fears(view, q, path):
                worst = max(worst, 8.0 if fill else 4.0 if q == leader else 2.0)
        return worst

    def _caesar_value(self, view: dict[str, Any], action: Action) -> float:
        """Caesar onto the leader's next laurel (R7.4), or onto its own blocked way (R6.5);
        never onto a way into the Senate that frees a rival who is not there yet."""
        path = path_of(action)
        a, b = board.PATH_FROM[path], board.PATH_TO[path]
        here = view["offices"][a]
        token = laurel_on(view, path)
        base = 0.3 if view["stage"] == "bonus" else -1.5
        value = base - self._danger(view, path)
        totals = self._totals(view)
        after = (self.seat + 1) % len(view["players"])  # Caesar stays there for its turn only
        if self._resigned(view) and b == board.SENATE and len(view["senate"]) == \
                board.SEATS[board.SENATE] - 1 and after in here and \
                totals[after] >= max(totals[r] for r in [*view["senate"], after]):
            value += 3.0  # a standoff: it lets the next player, who wins the fill, end it
        leader = self._leader(view)
        if leader != self.seat and leader in here and totals[leader] >= totals[self.seat] + 3:
            value += 0.3 * token
        recent = view["turn"] - self.placed.get(path, -999) <= 3 * len(view["players"])
        if self.seat in here and len(view["offices"][b]) < board.SEATS[b] and not recent and (
                self._recently_refused(view, path) or self._chance(view, action) < 0.5):
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
        token = laurel_on(view, path)
        patient = view["turn"] >= PATIENCE
        if to == board.SENATE and len(view["senate"]) == board.SEATS[board.SENATE] - 1:
            offer = request["offers"].get(str(self.seat))
            mine = _offer_worth(offer, token) + (1.0 if view["pool"] else 0.0)
            offer = offer or {}
            paid = _count(offer.get("mover_pays")) + (token // 2 if offer.get("split") else 0)
            fill = self._fill_value(view, mover, token - _offer_worth(offer, token),
                                    {self.seat: mine}, float(token - paid))  # a token: 1 at least
            if fill > 0 or (self._resigned(view) and self._hopeless(view, mover, token)):
                return yes
            return no
        totals = self._totals(view)
        others = max(t for q, t in enumerate(totals) if q != mover)
        ahead = totals[mover] + token - others  # the mover's lead after the move
        offered = _offer_worth(request["offers"].get(str(self.seat)), token)
        if not patient and offered < 3.0 and (ahead > self.lead or mover == self._leader(view)):
            return no  # it does not help the visible leader, nor make a new one
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
        return float(laurel_on(view, path))


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
    return laurels.PILE_MEAN * paid if isinstance(paid, int) else 0.0


def _worth(kind: int) -> int:
    return laurels.VALUES[kind]
