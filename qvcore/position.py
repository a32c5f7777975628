"""Positions: a whole game state as checked JSON data, and states sampled from one seat's view.

``to_position(state)`` writes every fact of a state (secrets and random state
included); ``from_position(data)`` checks such data against the rules (R1-R13)
and builds the state, raising a :class:`RuleError` that names the broken rule.
The format is described in docs/protocol.md ("Positions"). ``sample_state``
draws a full state that agrees with what one seat knows (for search).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import board, deals, laurels, rng
from .errors import RuleError
from .observer import Observer
from .options import Options
from .state import (
    ACTION,
    BONUS,
    CONSENT,
    COUNCIL,
    EMPTY,
    OVER,
    SENATORS_PER_PLAYER,
    Answer,
    GameState,
    Promise,
    Request,
    Terms,
)

if TYPE_CHECKING:
    from .knowledge import Knowledge

POSITION_FORMAT = "qvcore-position"
POSITION_VERSION = 1
STAGES = (ACTION, CONSENT, BONUS, COUNCIL, OVER)
KEYS = frozenset({
    "format", "version", "options", "stage", "turn", "current", "first_player", "game_number",
    "supply", "offices", "spaces", "setup", "caesar", "pile", "pool", "hoards", "promises",
    "request",
    "bonus_forced", "reveal_open", "revealed", "council_next", "winner", "series_results", "rng",
})


# -- writing ----------------------------------------------------------------------------------


def to_position(s: GameState) -> dict[str, Any]:
    """The full state as a position (JSON-ready; secrets included, so never show it to a seat)."""
    request = s.request
    return {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "options": s.options.to_dict(),
        "stage": s.stage,
        "turn": s.turn,
        "current": s.current,
        "first_player": s.first_player,
        "game_number": s.game_number,
        "supply": s.supply[:],
        "offices": [office[:] for office in s.offices],
        "spaces": {str(path): _name(s.spaces[path]) for path in board.LAUREL_PATHS},
        "setup": {str(path): _name(s.setup[path]) for path in board.LAUREL_PATHS},
        "caesar": s.caesar,
        "pile": [laurels.KIND_NAMES[k] for k in s.pile],
        "pool": s.pool,
        "hoards": [laurels.heap_names(h) for h in s.hoards],
        "promises": [_promise_data(p) for p in s.promises],
        "request": None if request is None else {
            "path": request.path,
            "needed": request.needed,
            "asked": request.asked[:],
            "offers": {str(q): deals.terms_to_dict(t) for q, t in request.offers.items()},
            "answers": {str(q): {"consents": a.consents,
                                 "terms": None if a.terms is None else deals.terms_to_dict(a.terms)}
                        for q, a in request.answers.items()},
        },
        "bonus_forced": s.bonus_forced,
        "reveal_open": s.reveal_open,
        "revealed": s.revealed,
        "council_next": s.council_next,
        "winner": s.winner,
        "series_results": [dict(r) for r in s.series_results],
        "rng": s.rng,
    }


def _promise_data(p: Promise) -> dict[str, Any]:
    out: dict[str, Any] = {"by": p.by, "kind": p.kind, "player": p.player,
                           "made_turn": p.made_turn, "until_turn": p.until_turn, "done": p.done}
    if p.path is not None:
        out["caesar"] = {"from": board.PATH_FROM[p.path], "to": board.PATH_TO[p.path]}
    return out


def _name(kind: int) -> str | None:
    return laurels.KIND_NAMES[kind] if kind != EMPTY else None


# -- reading and checking ------------------------------------------------------------------------


def _bad(rule: str, message: str, **params: Any) -> RuleError:
    return RuleError(rule, "bad_position", message, **params)


def _int(value: Any, what: str, low: int, high: int, rule: str = "position") -> int:
    if type(value) is not int or not low <= value <= high:
        raise _bad(rule, f"{what} must be a whole number from {low} to {high}, not {value!r}",
                   field=what)
    result: int = value
    return result


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise _bad("position", f"{what} must be true or false", field=what)
    return value


def _kind(value: Any, what: str) -> int:
    kind = laurels.KIND_BY_NAME.get(value) if isinstance(value, str) else None
    if kind is None:
        raise _bad("R1", f"{what}: unknown laurel kind {value!r}", field=what)
    return kind


def _heap(value: Any, what: str) -> list[int]:
    if not isinstance(value, dict):
        raise _bad("position", f"{what} must map laurel kinds to counts", field=what)
    heap = laurels.empty_heap()
    for name, count in value.items():
        heap[_kind(name, what)] = _int(count, f"{what} {name}", 0, laurels.TOTAL_TOKENS)
    return heap


def _terms(value: Any, players: int, what: str) -> Terms:
    try:
        return deals.parse_terms(value, players)
    except RuleError as error:
        raise _bad(error.rule, f"{what}: {error.message}", field=what) from error


def from_position(data: Any) -> GameState:
    """A state from position data, checked for form and against the rules' invariants.

    Raises :class:`RuleError` (code ``bad_position``) naming the rule a bad
    position breaks: R1 senators and laurels conserved, R2 office capacities,
    R3 I tokens only in the pool and hoards, R8 Caesar on a laurel space,
    R9.1 the game over exactly when the Senate is full, R6/R11 a consistent
    consent request and promises.
    """
    if not isinstance(data, dict) or data.get("format") != POSITION_FORMAT:
        raise _bad("position", f"a position is an object with \"format\": \"{POSITION_FORMAT}\"")
    if type(data.get("version")) is not int or data["version"] != POSITION_VERSION:
        raise _bad("position", f"position version {data.get('version')!r} is not supported")
    missing = sorted(KEYS - set(data))
    extra = sorted(map(str, set(data) - KEYS))
    if missing or extra:
        raise _bad("position", "missing fields: " + ", ".join(missing) if missing
                   else "unknown fields: " + ", ".join(extra), missing=missing, unknown=extra)
    try:
        options = Options.from_dict(data["options"])
    except RuleError as error:
        raise _bad(error.rule, f"options: {error.message}", field="options",
                   reason=error.code) from error
    n = options.players
    s = GameState.__new__(GameState)
    s.options = options
    s.n = n
    s.rng = _int(data["rng"], "rng", 0, rng.MASK)
    stage = data["stage"]
    if stage not in STAGES:
        raise _bad("position", f"stage must be one of {', '.join(STAGES)}", field="stage")
    s.stage = stage
    s.turn = _int(data["turn"], "turn", 0, 1 << 31)
    s.current = _int(data["current"], "current", 0, n - 1, "R4")
    s.first_player = _int(data["first_player"], "first_player", 0, n - 1, "R3.4")
    s.game_number = _int(data["game_number"], "game_number", 1, 3 if options.series else 1, "R12")
    _read_senators(s, data)
    _read_laurels(s, data)
    s.promises = _read_promises(data["promises"], n, s.turn)
    s.request = _read_request(s, data["request"])
    s.bonus_forced = _read_bonus(s, data["bonus_forced"])
    s.reveal_open = _bool(data["reveal_open"], "reveal_open")
    s.revealed = _bool(data["revealed"], "revealed")
    if (s.reveal_open or s.revealed) and options.open_hoards == "off":
        raise _bad("R12", "hoards are revealed only under V2 open hoards")
    s.council_next = _int(data["council_next"], "council_next", -1, n - 1, "R12")
    if (stage == COUNCIL) != (s.council_next >= 0):
        raise _bad("R12", "council_next names a seat exactly in the council stage")
    if stage == COUNCIL and not options.series:
        raise _bad("R12", "the council stage exists only in a V3 series")
    winner = data["winner"]
    s.winner = None if winner is None else _int(winner, "winner", 0, n - 1, "R9.3")
    if (s.winner is not None) != (stage == OVER):
        raise _bad("R9.3", "a winner is named exactly when the game is over")
    s.series_results = _read_series(s, data["series_results"])
    _check_end(s)
    return s


def _read_senators(s: GameState, data: dict[str, Any]) -> None:
    n = s.n
    offices = data["offices"]
    if not isinstance(offices, list) or len(offices) != len(board.SEATS):
        raise _bad("R2", f"offices must list the {len(board.SEATS)} offices")
    s.offices = []
    for office, here in enumerate(offices):
        if not isinstance(here, list):
            raise _bad("R2", f"office {office} must be a list of seats")
        s.offices.append([_int(q, f"office {office} senator", 0, n - 1, "R1") for q in here])
        if len(here) > board.SEATS[office]:
            raise _bad("R2", f"office {office} has {board.SEATS[office]} seats, not {len(here)}",
                       office=office)
    supply = data["supply"]
    if not isinstance(supply, list) or len(supply) != n:
        raise _bad("R1", "supply must give one count per player")
    s.supply = [_int(c, "supply", 0, SENATORS_PER_PLAYER, "R1") for c in supply]
    for q in range(n):
        if s.supply[q] + s.on_board(q) != SENATORS_PER_PLAYER:
            raise _bad("R1", f"player {q} must have {SENATORS_PER_PLAYER} senators across supply "
                       f"and board, not {s.supply[q] + s.on_board(q)}", player=q)


def _read_laurels(s: GameState, data: dict[str, Any]) -> None:
    spaces = data["spaces"]
    names = {str(p) for p in board.LAUREL_PATHS}
    if not isinstance(spaces, dict) or set(spaces) != names:
        raise _bad("R2", "spaces must name exactly the laurel spaces by path: "
                   + ", ".join(sorted(names, key=int)))
    s.spaces = [EMPTY] * len(board.PATHS)
    for key, name in spaces.items():
        s.spaces[int(key)] = EMPTY if name is None else _kind(name, f"space {key}")
    setup = data["setup"]
    if not isinstance(setup, dict) or set(setup) != names:
        raise _bad("R3.2", "setup must name the set-up token of every laurel space by path")
    s.setup = [EMPTY] * len(board.PATHS)
    for key, name in setup.items():
        s.setup[int(key)] = EMPTY if name is None else _kind(name, f"setup {key}")
    if laurels.I in s.setup:
        raise _bad("R3", "I tokens are never laid out on laurel spaces (R3.1, R3.2)")
    s.caesar = _int(data["caesar"], "caesar", 0, len(board.PATHS) - 1, "R8")
    if not board.PATHS[s.caesar][2]:
        raise _bad("R8", f"Caesar stands only on laurel spaces, not on path {s.caesar}")
    pile = data["pile"]
    if not isinstance(pile, list):
        raise _bad("R3.2", "pile must list laurel kinds, top last")
    s.pile = [_kind(name, "pile") for name in pile]
    s.pool = _int(data["pool"], "pool", 0, laurels.BOX[laurels.I], "R3.1")
    hoards = data["hoards"]
    if not isinstance(hoards, list) or len(hoards) != s.n:
        raise _bad("R10", "hoards must give one hoard per player")
    s.hoards = [_heap(h, f"hoard {q}") for q, h in enumerate(hoards)]
    if laurels.I in s.pile or laurels.I in s.spaces:
        raise _bad("R3", "I tokens lie only in the reward pool and in hoards (R3.1, R7.2)")
    counted = laurels.empty_heap()
    for kind in s.pile + [k for k in s.spaces if k != EMPTY]:
        counted[kind] += 1
    counted[laurels.I] += s.pool
    for hoard in s.hoards:
        counted = [a + b for a, b in zip(counted, hoard, strict=True)]
    expected = list(laurels.BOX)
    if s.options.scarce_laurels:
        expected[laurels.I] = laurels.SCARCE_POOL[s.n]
    if counted != expected:
        raise _bad("R1", f"the laurels must be the box's {sum(expected)} tokens "
                   f"({laurels.heap_names(expected)}), found {laurels.heap_names(counted)} across "
                   "pool, pile, spaces and hoards", counted=laurels.heap_names(counted))


def _read_promises(data: Any, n: int, turn: int) -> list[Promise]:
    if not isinstance(data, list):
        raise _bad("R11", "promises must be a list")
    out = []
    base = {"by", "kind", "player", "made_turn", "until_turn", "done"}
    for item in data:
        if not isinstance(item, dict) or set(item) - {"caesar"} != base:
            raise _bad("R11", "a promise has by, kind, player, made_turn, until_turn and done "
                       "(and caesar for a Caesar promise)")
        by = _int(item["by"], "promise by", 0, n - 1, "R11")
        player = _int(item["player"], "promise player", 0, n - 1, "R11")
        kind = item["kind"]
        if by == player or kind not in deals.PROMISE_KINDS:
            raise _bad("R11", "a promise is a consent, refusal or Caesar move to another player")
        path = None
        if kind == "caesar" or "caesar" in item:
            try:
                path = deals.parse_path(item.get("caesar"), "R11", "caesar")
            except RuleError as error:
                raise _bad("R11", f"a Caesar promise names a laurel space: {error.message}") \
                    from error
            if kind != "caesar" or not board.PATHS[path][2]:
                raise _bad("R11", "only a Caesar promise names a laurel space for Caesar")
        made = _int(item["made_turn"], "made_turn", 0, turn, "R11")
        until = _int(item["until_turn"], "until_turn", made, 1 << 31, "R11")
        out.append(Promise(by, kind, player, made, until, _bool(item["done"], "done"), path))
    seen = set()
    spaces: dict[int, int | None] = {}
    for p in out:
        if p.binds(turn):
            if p.kind == "caesar":
                if spaces.setdefault(p.by, p.path) != p.path:
                    raise _bad("R11", f"player {p.by} cannot promise Caesar to two spaces")
                continue
            opposite = "refuse" if p.kind == "consent" else "consent"
            if (p.by, opposite, p.player) in seen:
                raise _bad("R11", f"player {p.by} cannot both consent to and refuse {p.player}")
            seen.add((p.by, p.kind, p.player))
    return out


def _read_request(s: GameState, data: Any) -> Request | None:
    if data is None:
        if s.stage == CONSENT:
            raise _bad("R6.2", "the consent stage needs an open request")
        return None
    if s.stage != CONSENT:
        raise _bad("R6.2", "a request is open only in the consent stage")
    if not isinstance(data, dict) or set(data) != {"path", "needed", "asked", "offers", "answers"}:
        raise _bad("R6.2", "a request has path, needed, asked, offers and answers")
    path = _int(data["path"], "request path", 0, len(board.PATHS) - 1, "R6")
    a, b = board.PATH_FROM[path], board.PATH_TO[path]
    here = s.offices[a]
    p = s.current
    if p not in here:
        raise _bad("R4", f"the mover has no senator in office {a}")
    if board.SEATS[a] == 1 or s.caesar == path:
        raise _bad("R6.5" if s.caesar == path else "R6.1", "this path needs no vote")
    if len(s.offices[b]) >= board.SEATS[b]:
        raise _bad("R6", f"office {b} has no free seat")
    needed = board.CONSENTS_NEEDED[a]
    _int(data["needed"], "request needed", needed, needed, "R6.2")
    asked = [(p + i) % s.n for i in range(1, s.n) if (p + i) % s.n in here]
    given = data["asked"]
    if (not isinstance(given, list) or any(type(q) is not int for q in given)
            or given != asked):
        raise _bad("R6.3", f"the request asks the other owners in office {a}: {asked}")
    offers, answers = data["offers"], data["answers"]
    if not isinstance(offers, dict) or not isinstance(answers, dict):
        raise _bad("R11", "offers and answers map seats to terms")
    request = Request(path, needed, asked)
    for key, value in offers.items():
        q = _seat_key(key, asked)
        request.offers[q] = _terms(value, s.n, f"offer to {q}")
    for key, value in answers.items():
        q = _seat_key(key, asked)
        if not isinstance(value, dict) or set(value) != {"consents", "terms"}:
            raise _bad("R6.3", "an answer has consents and terms")
        consents = _int(value["consents"], "consents", 0, min(here.count(q), request.needed),
                        "R6.3")
        terms = None if value["terms"] is None else _terms(value["terms"], s.n, f"answer of {q}")
        request.answers[q] = Answer(consents, terms)
    return request


def _seat_key(key: Any, asked: list[int]) -> int:
    q = int(key) if isinstance(key, str) and key.isdecimal() and len(key) < 3 else -1
    if q not in asked:
        raise _bad("R6.3", f"seat {key!r} is not asked in this request")
    return q


def _read_bonus(s: GameState, value: Any) -> int | None:
    if value is None:
        return None
    path = _int(value, "bonus_forced", 0, len(board.PATHS) - 1, "R11")
    if s.stage != BONUS or not board.PATHS[path][2] or path == s.caesar:
        raise _bad("R11", "a forced Caesar destination is another laurel space, in the bonus "
                   "stage")
    return path


def _read_series(s: GameState, data: Any) -> list[dict[str, Any]]:
    """V3: one result per finished game of the series, each with the game's number, its
    winner (R9.3: in its Senate), every player's total, the full Senate it ended with and the
    turn it ended on (after the last game's, up to the position's)."""
    if not isinstance(data, list):
        raise _bad("R12", "series_results must be a list")
    finished = 0
    if s.options.series:
        finished = s.game_number - (0 if s.stage in (COUNCIL, OVER) else 1)
    if len(data) != finished:
        raise _bad("R12", f"series_results must list the {finished} finished games of the "
                   "series", field="series_results")
    keys = {"game", "winner", "totals", "senate", "turn"}
    results: list[dict[str, Any]] = []
    for index, item in enumerate(data):
        what = f"series result {index + 1}"
        if not isinstance(item, dict) or set(item) != keys:
            raise _bad("R12", f"{what} has game, winner, totals, senate and turn",
                       field="series_results")
        _int(item["game"], f"{what} game", index + 1, index + 1, "R12")
        senate, totals = item["senate"], item["totals"]
        if not isinstance(senate, list) or len(senate) != board.SEATS[board.SENATE]:
            raise _bad("R12", f"{what}: the Senate a game ends with is full (R9.1)",
                       field="series_results")
        senate = [_int(q, f"{what} senate", 0, s.n - 1, "R12") for q in senate]
        winner = _int(item["winner"], f"{what} winner", 0, s.n - 1, "R12")
        if winner not in senate:
            raise _bad("R12", f"{what}: the winner has a senator in the Senate (R9.3)",
                       field="series_results")
        if not isinstance(totals, list) or len(totals) != s.n:
            raise _bad("R12", f"{what} gives one total per player", field="series_results")
        most = laurels.heap_value(list(laurels.BOX))
        totals = [_int(t, f"{what} total", 0, most, "R12") for t in totals]
        # the next game begins on the turn after (rules._start_next_game); the game just
        # ended, in its council or the series' end, ended on the position's turn
        first = results[-1]["turn"] + 1 if results else 0
        just_ended = index == len(data) - 1 and s.stage in (COUNCIL, OVER)
        turn = _int(item["turn"], f"{what} turn", s.turn if just_ended else first,
                    s.turn if just_ended else s.turn - 1, "R12")
        results.append({"game": index + 1, "winner": winner, "totals": totals,
                        "senate": senate, "turn": turn})
    return results


def _check_end(s: GameState) -> None:
    full = len(s.senate()) == board.SEATS[board.SENATE]
    if full != (s.stage == OVER):
        raise _bad("R9.1", "the game is over exactly when the Senate's fifth seat is filled")
    if s.stage == OVER and s.winner is not None and not s.options.series \
            and s.winner not in s.senate():
        raise _bad("R9.3", "the winner must have a senator in the Senate")


# -- sampling from one seat's knowledge -----------------------------------------------------------


#: draws of the hidden laurels tried for a sample whose listed actions must match the view
MAX_DRAWS = 2000


def sample_state(view: dict[str, Any], knowledge: Knowledge, rand: random.Random) -> GameState:
    """A full state agreeing with ``view``, its hidden parts drawn consistently with ``knowledge``.

    Reads only the view and the knowledge (never a seed): the pile order and the
    tokens of rivals' hoards that the seat has not seen are drawn from ``rand``. The
    sample shows the seat exactly its view, listed actions included: where the listing
    depends on hidden laurels (a mover's move with a supporter who asked to split the
    gains is listed only if the two hoards can make the exact change, rulings.md #9),
    draws that would list otherwise are rejected. Raises ValueError if ``MAX_DRAWS``
    draws give no such sample (the knowledge then contradicts the view).
    """
    state = from_position(sample_position(view, knowledge, rand))
    if not _listing_hides(view):
        return state
    seat = view["viewer"]
    for _ in range(MAX_DRAWS):
        if Observer(seat).view(state)["legal"] == view["legal"]:
            return state
        state = from_position(sample_position(view, knowledge, rand))
    raise ValueError(f"no draw of the hidden laurels lists seat {seat}'s actions as its view "
                     "does")


def _listing_hides(view: dict[str, Any]) -> bool:
    """Whether the seat's listed actions depend on laurels it cannot see: it is the mover and
    a supporter's answer asks to split the gains (R11, rulings.md #9)."""
    request = view.get("request")
    if request is None or request["mover"] != view.get("viewer"):
        return False
    return any((answer.get("terms") or {}).get("split") for answer in request["answers"].values())


def sample_position(view: dict[str, Any], knowledge: Knowledge,
                    rand: random.Random) -> dict[str, Any]:
    """The position ``sample_state`` builds (see there)."""
    hoards, pile = knowledge.deal_hidden(view, rand)
    request = view["request"]
    position: dict[str, Any] = {
        "format": POSITION_FORMAT, "version": POSITION_VERSION,
        "options": view["options"], "stage": view["stage"], "turn": view["turn"],
        "current": view["current"], "first_player": view["first_player"],
        "game_number": view["game_number"],
        "supply": [pl["supply"] for pl in view["players"]],
        "offices": [office[:] for office in view["offices"]],
        "spaces": {str(sp["path"]): sp["token"] for sp in view["spaces"]},
        "setup": {str(sp["path"]): sp["token"] for sp in view.get("setup") or view["spaces"]},
        "caesar": view["caesar"]["path"],
        "pile": [laurels.KIND_NAMES[k] for k in pile],
        "pool": view["pool"],
        "hoards": [laurels.heap_names(h) for h in hoards],
        "promises": [{**p, "done": False} for p in view["promises"]],
        "request": None,
        "bonus_forced": None,
        "reveal_open": view["reveal"]["open"] or view["reveal"]["shown"],
        "revealed": view["reveal"]["shown"],
        "council_next": -1 if view["council"] is None else view["council"],
        "winner": view["winner"],
        "series_results": list(view["series"]),
        "rng": rand.getrandbits(64),
    }
    if view["bonus"] is not None and view["bonus"]["forced"] is not None:
        forced = view["bonus"]["forced"]
        position["bonus_forced"] = board.PATH_INDEX[(forced["from"], forced["to"])]
    if request is not None:
        mover = request["mover"]
        position["request"] = {
            "path": request["path"], "needed": request["needed"],
            "asked": [a["player"] for a in request["asked"]],
            "offers": {k: _concrete_terms(t, mover, int(k), hoards, rand)
                       for k, t in request["offers"].items()},
            "answers": {k: {"consents": a["consents"],
                            "terms": None if a["terms"] is None
                            else _concrete_terms(a["terms"], mover, int(k), hoards, rand)}
                        for k, a in request["answers"].items()},
        }
    return position


def _concrete_terms(terms: dict[str, Any], mover: int, consenter: int, hoards: list[list[int]],
                    rand: random.Random) -> dict[str, Any]:
    """Terms with token kinds: counts seen by a non-party become kinds from the sampled hoard."""
    out = dict(terms)
    for key, payer in (("mover_pays", mover), ("consenter_pays", consenter)):
        value = terms.get(key)
        if isinstance(value, int):
            tokens = [k for k in laurels.KINDS for _ in range(hoards[payer][k])]
            drawn = rand.sample(tokens, min(value, len(tokens)))
            # asked of a hoard too small to pay: any kinds, the count is what was seen
            drawn += [laurels.V] * (value - len(drawn))
            out[key] = [laurels.KIND_NAMES[k] for k in drawn]
    return out
