"""Engine calls whose JSON answer must be the same in CPython and in Pyodide.

``test_json_identity.py`` computes every case here in CPython (the installed sources) and, in one Pyodide
boot, in Pyodide (the built wheel) by running this file with ``run_python.mjs``, then compares the JSON
texts. Adding a case is one line in :data:`CASES`: a name and a function of no argument that returns
JSON-able data. Helpers make most cases one short line: :func:`score` for a score request, :func:`refused`
for a call that must refuse (its typed error is then the data), ``partial(replay, path)`` for a hand.

Run as a script it prints ``{name: json text}`` for the named cases (all when none is named).
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path

from tarot_core.cards import FULL_PACK, pack_62
from tarot_core.engine.variant import score_request
from tarot_core.errors import RequestError, TarotError
from tarot_core.records import load_record

ROOT = Path(__file__).resolve().parents[2]
HANDS = ROOT / "tutorial" / "hands"
DOCS = ROOT / "docs"

Case = Callable[[], object]


def cards() -> object:
    return [[str(card), card.name, card.french, card.half_points] for card in FULL_PACK]


def short_pack() -> object:
    return [str(card) for card in pack_62()]


def replay(path: Path) -> object:
    """Each step of a sample hand (action, phase, who moves, every legal action), then the result."""
    record = load_record(path)
    steps = []
    for action, rnd in record.states():
        to_move = None if rnd.to_move is None else str(rnd.to_move)
        legal = [str(choice) for choice in rnd.legal_actions()]
        steps.append([None if action is None else str(action), str(rnd.phase), to_move, legal])
    return {"record": record.to_dict(), "steps": steps, "result": record.final_round().result_summary()}


def worked_examples() -> dict[str, Mapping[str, object]]:
    """Every worked example of the site: the JSON request of each ``tarot-score`` block, by page and line."""
    found: dict[str, Mapping[str, object]] = {}
    for page in sorted(DOCS.rglob("*.md")):
        lines = page.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            if not line.lstrip().startswith("```{tarot-score}"):
                continue
            body: list[str] = []
            for inner in lines[number:]:
                if inner.strip().startswith("```"):
                    break
                if not inner.strip().startswith(":"):
                    body.append(inner)
            found[f"{page.relative_to(DOCS).as_posix()}:{number}"] = json.loads("\n".join(body))
    return found


def score(variant: str, players: int, **fields: object) -> Case:
    """A score request case: ``score("fft", 4, contract="garde", oudlers=2, points=56)``."""
    request: Mapping[str, object] = {"variant": variant, "players": players, **fields}
    return partial(score_request, request)


def refused(call: Case) -> Case:
    """A case whose call must refuse with a typed error; the error is the case's data."""
    return partial(_refusal, call)


def _refusal(call: Case) -> object:
    """The typed error an expected refusal raises, as data (a missing refusal is a crash)."""
    try:
        answer = call()
    except RequestError as error:
        return {"error": type(error).__name__, "field": error.field, "message": error.message}
    except TarotError as error:
        return {"error": type(error).__name__, "message": str(error)}
    raise AssertionError(f"expected a refusal, got {answer!r}")


CASES: dict[str, Case] = {
    "cards": cards,
    "pack-62": short_pack,
    **{f"replay:{path.stem}": partial(replay, path) for path in sorted(HANDS.glob("*.json"))},
    "score:fft-4-garde": score("fft", 4, contract="garde", oudlers=2, points=56),
    "score:fft-3-prise-lost": score("fft", 3, contract="prise", oudlers=1, points=50),
    "score:fft-5-garde-sans": score("fft", 5, contract="garde-sans", oudlers=3, points=41),
    "score:classic-3-small": score("classic", 3, contract="small", oudlers=0, points=56),
    "refused:unknown-variant": refused(partial(score_request, {"variant": "fortune"})),
    "refused:fft-points": refused(score("fft", 4, contract="garde", oudlers=2, points=95)),
    **{f"example:{where}": partial(score_request, request) for where, request in worked_examples().items()},
}


def compute(name: str) -> str:
    """The canonical JSON text of one case (keys sorted, non-ASCII kept)."""
    return json.dumps(CASES[name](), sort_keys=True, ensure_ascii=False)


def compute_all(names: list[str]) -> dict[str, str]:
    """Each case's JSON text; a case that crashes gives its traceback's last line instead, marked."""
    answers: dict[str, str] = {}
    for name in names or list(CASES):
        try:
            answers[name] = compute(name)
        except Exception:
            answers[name] = "CRASH: " + traceback.format_exc().strip().splitlines()[-1]
    return answers


if __name__ == "__main__":
    json.dump(compute_all(sys.argv[1:]), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
