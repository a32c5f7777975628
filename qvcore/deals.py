"""Deal terms (R11): parsing them from JSON, showing them, and making change for a split."""

from __future__ import annotations

from typing import Any

from . import board, laurels
from .errors import RuleError
from .protocol import PromiseKind, PromiseTerm, TermsData
from .state import Terms

PROMISE_KINDS = ("consent", "refuse", "caesar")
TERM_KEYS = {"mover_pays", "consenter_pays", "split", "caesar", "promises"}


def parse_tokens(data: Any, what: str) -> list[int]:
    """A JSON list of kind names (``["III", "I"]``) as a heap of counts."""
    if not isinstance(data, list):
        raise RuleError("R13", "bad_terms", f"{what} must be a list of laurel kinds like [\"III\"]")
    heap = laurels.empty_heap()
    for name in data:
        kind = laurels.KIND_BY_NAME.get(name) if isinstance(name, str) else None
        if kind is None:
            raise RuleError("R13", "bad_terms", f"{what}: unknown laurel kind {name!r}",
                            kind=str(name))
        heap[kind] += 1
    return heap


def parse_path(data: Any, rule: str, what: str) -> int:
    """A path given as ``{"from": a, "to": b}``."""
    if not isinstance(data, dict) or set(data) != {"from", "to"}:
        raise RuleError(rule, "bad_path", f"{what} must be given as {{\"from\": a, \"to\": b}}")
    path = board.PATH_INDEX.get((data["from"], data["to"])) if _is_pair(data) else None
    if path is None:
        raise RuleError("R2", "no_such_path", f"there is no path {data['from']}→{data['to']}",
                        **{"from": data["from"], "to": data["to"]})
    return path


def _is_pair(data: dict[str, Any]) -> bool:
    return all(isinstance(data[k], int) and not isinstance(data[k], bool) for k in ("from", "to"))


def parse_terms(data: Any, players: int) -> Terms:
    """Terms from JSON, checked for form only (who can pay is checked by the rules)."""
    if not isinstance(data, dict):
        raise RuleError("R11", "bad_terms", "terms must be an object")
    unknown = sorted(set(data) - TERM_KEYS)
    if unknown:
        raise RuleError("R11", "bad_terms", "unknown term " + ", ".join(map(str, unknown)),
                        unknown=unknown)
    terms = Terms()
    if "mover_pays" in data:
        terms.mover_pays = parse_tokens(data["mover_pays"], "mover_pays")
    if "consenter_pays" in data:
        terms.consenter_pays = parse_tokens(data["consenter_pays"], "consenter_pays")
    split = data.get("split", False)
    if not isinstance(split, bool):
        raise RuleError("R11", "bad_terms", "split must be true or false")
    terms.split = split
    if data.get("caesar") is not None:
        terms.caesar = parse_path(data["caesar"], "R11", "caesar")
    promises = data.get("promises", [])
    if not isinstance(promises, list):
        raise RuleError("R11", "bad_terms", "promises must be a list")
    for item in promises:
        if isinstance(item, dict) and item.get("kind") == "caesar":
            terms.caesar_promises.append(_parse_caesar_promise(item, players))
        else:
            terms.promises.append(_parse_promise(item, players))
    return terms


def parse_deal(data: Any, players: int) -> Terms | None:
    """Terms from JSON as a deal: None when they ask for nothing (an offer of nothing is no
    offer, a consent for nothing a plain consent: rulings.md #31)."""
    terms = parse_terms(data, players)
    return None if terms.is_empty() else terms


def _parse_caesar_promise(item: dict[str, Any], players: int) -> tuple[int, int, int]:
    """``{"by", "kind": "caesar", "player", "caesar": {"from", "to"}}``: by moves Caesar there
    on their next turn, promised to ``player`` (R11, rulings.md #25)."""
    if set(item) != {"by", "kind", "player", "caesar"}:
        raise RuleError("R11", "bad_terms", 'a Caesar promise is {"by": seat, "kind": "caesar", '
                        '"player": seat, "caesar": {"from": a, "to": b}}')
    by, player = _seats(item, players)
    return (by, player, parse_path(item["caesar"], "R11", "caesar"))


def _seats(item: dict[str, Any], players: int) -> tuple[int, int]:
    by, player = item["by"], item["player"]
    for seat in (by, player):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise RuleError("R11", "bad_terms", f"no seat {seat!r} at this table")
    if by == player:
        raise RuleError("R11", "bad_terms", "a player cannot make a promise to themselves")
    return by, player


def _parse_promise(item: Any, players: int) -> tuple[int, str, int]:
    if not isinstance(item, dict) or set(item) != {"by", "kind", "player"}:
        raise RuleError("R11", "bad_terms",
                        'a promise is {"by": seat, "kind": "consent"|"refuse", "player": seat}')
    kind = item["kind"]
    if kind not in PROMISE_KINDS:
        raise RuleError("R11", "bad_terms", "a promise's kind is consent, refuse or caesar, not "
                        f"{str(kind)[:20]!r}")
    by, player = _seats(item, players)
    return (by, kind, player)


def terms_to_dict(terms: Terms, public: bool = False) -> TermsData:
    """Terms as JSON; ``public`` replaces the token kinds paid by their number (R10)."""
    out: TermsData = {}
    if any(terms.mover_pays):
        out["mover_pays"] = _paid(terms.mover_pays, public)
    if any(terms.consenter_pays):
        out["consenter_pays"] = _paid(terms.consenter_pays, public)
    if terms.split:
        out["split"] = True
    if terms.caesar is not None:
        out["caesar"] = {"from": board.PATH_FROM[terms.caesar], "to": board.PATH_TO[terms.caesar]}
    promises: list[PromiseTerm] = [{"by": b, "kind": _kind(k), "player": p}
                                   for b, k, p in terms.promises]
    promises += [{"by": b, "kind": "caesar", "player": p,
                  "caesar": {"from": board.PATH_FROM[path], "to": board.PATH_TO[path]}}
                 for b, p, path in terms.caesar_promises]
    if promises:
        out["promises"] = promises
    return out


def _paid(heap: list[int], public: bool) -> list[str] | int:
    return sum(heap) if public else [
        laurels.KIND_NAMES[k] for k in laurels.KINDS for _ in range(heap[k])]


def _kind(kind: str) -> PromiseKind:
    return "refuse" if kind == "refuse" else "consent"


def _cheapest_sums(heap: list[int]) -> dict[int, list[int]]:
    """For every value a subset of ``heap`` can make, the subset with fewest tokens."""
    best: dict[int, list[int]] = {0: laurels.empty_heap()}
    for kind in laurels.KINDS:
        for _ in range(heap[kind]):
            for value, chosen in list(best.items()):
                new_value = value + laurels.VALUES[kind]
                if chosen[kind] < heap[kind]:
                    candidate = chosen[:]
                    candidate[kind] += 1
                    old = best.get(new_value)
                    if old is None or sum(candidate) < sum(old):
                        best[new_value] = candidate
    return best


def split_exchange(mover: list[int], consenter: list[int],
                   delta: int) -> tuple[list[int], list[int]] | None:
    """Tokens to swap so that exactly ``delta`` points pass from mover to consenter (R11 split).

    Returns ``(mover_gives, consenter_gives)`` with the fewest tokens moved, or
    None when no exchange of the tokens held makes exactly ``delta``: then the
    deal cannot be carried out and the move is refused (rulings.md #9).
    """
    give = _cheapest_sums(mover)
    take = _cheapest_sums(consenter)
    best: tuple[int, list[int], list[int]] | None = None
    for v1, a in give.items():
        b = take.get(v1 - delta)
        if b is not None and (best is None or sum(a) + sum(b) < best[0]):
            best = (sum(a) + sum(b), a, b)
    return None if best is None else (best[1], best[2])
