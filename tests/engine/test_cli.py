"""The command line (``python -m tarot_core``): score, replay, deal and simulate, and bad input.

Most tests call ``tarot_core.cli.main`` in process, so they run in Pyodide too; the two tests that
start a real ``python -m tarot_core`` are skipped where there are no processes (Emscripten).
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_fft_support import P1, P2, play_out, take

from tarot_core import find_variant
from tarot_core.cards import format_points
from tarot_core.cli import main
from tarot_core.records import HandRecord

ROOT = Path(__file__).resolve().parents[2]
REQUEST = {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_bad_input(code: int, out: str, err: str, *fragments: str) -> None:
    """Exit status 2, one line on standard error naming the problem, no traceback, nothing on stdout."""
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("tarot: ")
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


# ------------------------------------------------------------------ score


def test_score_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", json.dumps(REQUEST))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert any(line.strip().startswith("Contract.") and line.endswith("Garde (guard)") for line in lines)
    assert any("Difference from the target" in line and " 15 " in line for line in lines)
    assert any("Contract score" in line and "+80" in line for line in lines)
    assert "Result: made" in lines
    assert lines[-1] == "Scores: taker +240, defender -80"


def test_score_json_has_won_breakdown_and_scores(capsys: pytest.CaptureFixture[str]) -> None:
    request = {**REQUEST, "players": 5, "points": 58.5, "petit_au_bout": "defence"}
    code, out, err = run(capsys, "score", "--json", json.dumps(request))
    assert code == 0 and err == ""
    answer: dict[str, Any] = json.loads(out)
    assert answer["won"] is True
    assert answer["scores"] == {"taker": 132, "partner": 66, "defender": -66}
    breakdown = {item["term"]: item["value"] for item in answer["breakdown"]}
    assert breakdown["rounding"] == "58.5 counts as 59" and breakdown["petit_au_bout"] == -10
    assert all({"term", "label", "value"} <= set(item) for item in answer["breakdown"])


def test_score_reads_a_file_and_standard_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(REQUEST), encoding="utf-8")
    code, out, _ = run(capsys, "score", "--json", str(path))
    assert code == 0 and json.loads(out)["per_defender"] == 80
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps({**REQUEST, "points": 40})))
    code, out, _ = run(capsys, "score", "--json", "-")
    assert code == 0 and json.loads(out)["per_defender"] == -52


@pytest.mark.parametrize(
    ("request_text", "fragments"),
    [
        (json.dumps({**REQUEST, "dealer": "p1"}), ("dealer", "unknown field")),
        (json.dumps({**REQUEST, "points": 92}), ("points", "between 0 and 91")),
        (json.dumps({**REQUEST, "oudlers": 4}), ("oudlers", "must be one of 0, 1, 2, 3")),
        ('{"variant": "fft", "players": 4,', ("not valid JSON",)),
        ("[1, 2, 3]", ("JSON object",)),
    ],
)
def test_score_bad_input_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], request_text: str, fragments: tuple[str, ...]
) -> None:
    # Through standard input: an argument that does not start with "{" would be read as a file name.
    code, out, err = run_text(capsys, request_text)
    assert_bad_input(code, out, err, *fragments)


def run_text(capsys: pytest.CaptureFixture[str], text: str) -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        return run(capsys, "score", "-")
    finally:
        sys.stdin = old


def test_score_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "score", str(tmp_path / "nothing.json"))
    assert_bad_input(code, out, err, "cannot read")


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "juggle")
    assert_bad_input(code, out, err, "see tarot --help")
    code, out, err = run(capsys, "simulate", "--games", "many")
    assert_bad_input(code, out, err, "'many' is not a whole number")


# ------------------------------------------------------------------ replay


def record_file(tmp_path: Path) -> tuple[Path, HandRecord]:
    rnd = find_variant("fft-4").deal_round(P1, 21)
    take(rnd, "p3", "garde")
    play_out(rnd)
    record = HandRecord.from_round(rnd, players=["Ana", "Ben", "Chloé", "Dev"], title="A test hand")
    path = tmp_path / "hand.json"
    record.save(path)
    return path, record


def test_replay_shows_every_trick_and_the_score(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, record = record_file(tmp_path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("A test hand — French Tarot, 4 players, dealer Ana (p1)")
    tricks = [line for line in lines if line.startswith("Trick ")]
    assert len(tricks) == 18
    assert tricks[0].startswith("Trick  1: Ben ")
    rnd = record.final_round()
    result = rnd.result()
    assert result.counting is not None and result.score is not None
    for line, trick in zip(tricks, rnd.tricks, strict=True):
        assert trick.winner is not None
        winner = record.players[trick.winner]
        assert f" -> {winner} ({rnd.side_of(trick.winner)}); " in line
    # After the last trick the running card points are the final counting.
    found = re.search(r"attack ([0-9.]+), defence ([0-9.]+)$", tricks[-1])
    assert found is not None
    assert found.groups() == (
        format_points(result.counting.attack_half_points),
        format_points(result.counting.defence_half_points),
    )
    assert any(line.startswith("Counted: attack ") for line in lines)
    assert "Chloé: bid garde" in out
    by_seat = ", ".join(
        f"{name} {result.by_seat[seat]:+d}" for name, seat in zip(record.players, result.by_seat, strict=True)
    )
    assert lines[-1] == f"By seat: {by_seat}"


def test_replay_of_an_illegal_record_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, _ = record_file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][0] = "p3 pass"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert_bad_input(code, out, err, 'action 1 "p3 pass" is illegal', "(rule: not-your-turn)")


def test_replay_of_malformed_json_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"variant": "fft-4", ', encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert_bad_input(code, out, err, "not valid JSON")


def test_replay_of_a_redeal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rnd = find_variant("fft-3").deal_round(P1, 3)
    while not rnd.is_over:
        assert rnd.to_move is not None
        rnd.push(next(a for a in rnd.legal_actions() if a.kind in ("pass", "petit-sec")))
    path = tmp_path / "redeal.json"
    HandRecord.from_round(rnd).save(path)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and out.splitlines()[-1].startswith("No score: redeal")


# ------------------------------------------------------------------ deal and simulate


def test_deal_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run(capsys, "deal", "--players", "5", "--seed", "42")
    _, again, _ = run(capsys, "deal", "--players", "5", "--seed", "42")
    _, other, _ = run(capsys, "deal", "--players", "5", "--seed", "43")
    assert first == again and first != other
    lines = first.splitlines()
    assert lines[0] == "French Tarot, 5 players (called King), dealer p1, seed 42"
    assert [line.split(":")[0] for line in lines[1:]] == ["p1", "p2", "p3", "p4", "p5", "dog"]
    assert [len(line.split()) - 1 for line in lines[1:]] == [15, 15, 15, 15, 15, 3]


def test_deal_json_matches_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--players", "3", "--seed", "9", "--dealer", "p2", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["variant"], data["dealer"], data["seed"]) == ("fft-3", "p2", "9")
    rnd = find_variant("fft-3").deal_round(P2, "9")
    for seat in ("p1", "p2", "p3"):
        assert sorted(data["deal"][seat].split()) == sorted(str(c) for c in rnd.hands[int(seat[1]) - 1])
    assert sorted(data["deal"]["dog"].split()) == sorted(str(c) for c in rnd.dog)


def test_deal_bad_players_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--players", "6")
    assert_bad_input(code, out, err, "played by 3, 4, 5 players, not 6")
    code, out, err = run(capsys, "deal", "--dealer", "p5")
    assert_bad_input(code, out, err, "is not a seat")


def test_simulate_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "simulate", "--players", "3", "--games", "6", "--seed", "s", "--json", "--stats"
    )
    assert code == 0 and err == ""
    report = json.loads(out)
    assert set(report) == {"variant", "games", "seconds", "games_per_second", "stats"}
    assert report["variant"] == "fft-3" and report["games"] == 6
    assert report["seconds"] >= 0 and report["games_per_second"] >= 0
    stats = report["stats"]
    assert set(stats) == {"played", "redeals", "contracts", "attack_made_rate", "mean_taker_score", "bouts"}
    assert stats["played"] + sum(stats["redeals"].values()) == 6
    assert sum(stats["contracts"].values()) == stats["played"] == sum(stats["bouts"].values())
    # Same seed, same games: the statistics are reproducible.
    _, again, _ = run(
        capsys, "simulate", "--players", "3", "--games", "6", "--seed", "s", "--json", "--stats"
    )
    assert json.loads(again)["stats"] == stats


def test_simulate_with_a_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "4", "--contract", "garde-contre", "--json", "--stats")
    assert code == 0
    stats = json.loads(out)["stats"]
    assert set(stats["contracts"]) <= {"garde-contre"}
    code, out, err = run(capsys, "simulate", "--games", "2", "--contract", "chelem")
    assert_bad_input(code, out, err, "'chelem' is not a contract of fft-4")


@pytest.mark.parametrize(
    "options",
    [
        ["--players", "4", "--contract", "garde-sans"],
        ["--players", "5"],
        ["--variant", "classic", "--players", "3"],
        ["--variant", "chambery", "--players", "4"],
        ["--variant", "mathers", "--players", "3"],
    ],
)
def test_step_by_step_plays_the_same_rounds(capsys: pytest.CaptureFixture[str], options: list[str]) -> None:
    """The quick play-out and one ``push`` per decision give the same statistics, round for round."""
    common = ["simulate", *options, "--games", "25", "--seed", "same", "--json", "--stats"]
    code, quick, _ = run(capsys, *common)
    assert code == 0
    code, steps, _ = run(capsys, *common, "--step-by-step")
    assert code == 0
    assert json.loads(quick)["stats"] == json.loads(steps)["stats"]
    assert json.loads(quick)["stats"]["played"] > 0


def test_warmup_rounds_are_neither_timed_nor_counted(capsys: pytest.CaptureFixture[str]) -> None:
    """``--warmup`` plays other rounds first: the rounds counted are those of a run without it."""
    common = ["simulate", "--players", "4", "--games", "20", "--seed", "w", "--json", "--stats"]
    code, plain, _ = run(capsys, *common)
    assert code == 0
    code, warmed, _ = run(capsys, *common, "--warmup", "7")
    assert code == 0
    plain_report, warmed_report = json.loads(plain), json.loads(warmed)
    assert warmed_report["stats"] == plain_report["stats"]
    assert warmed_report["stats"]["played"] == 20
    assert warmed_report["warmup"] == 7 and "warmup" not in plain_report
    code, out, err = run(capsys, "simulate", "--games", "2", "--warmup", "-3")
    assert_bad_input(code, out, err, "--warmup: -3 is negative")


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--players", "5", "--games", "3")
    assert code == 0 and out.startswith("3 games of French Tarot, 5 players (called King) in ")


# ------------------------------------------------------------------ the real command


needs_processes = pytest.mark.skipif(sys.platform == "emscripten", reason="no processes under Emscripten")


def python_m(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "tarot_core", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


@needs_processes
def test_python_m_tarot_core_scores() -> None:
    done = python_m("score", "--json", json.dumps(REQUEST))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["scores"]["taker"] == 240


@needs_processes
def test_python_m_tarot_core_bad_input_exit_2_without_traceback() -> None:
    done = python_m("score", "-", stdin=json.dumps({**REQUEST, "points": 92}))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("tarot: points: must be between 0 and 91")


def test_replay_of_an_unfinished_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, _ = record_file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["expected"]
    data["actions"] = data["actions"][:14]  # four bids, six discards, one trick
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == "The record stops before the end of the round."
    assert "Chloé: bid garde" in out and sum(line.startswith("Trick ") for line in out.splitlines()) == 1


def test_simulate_stats_table_and_negative_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "3", "--stats")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("3 games of French Tarot, 4 players in ")
    assert any(line.startswith("  played: ") for line in lines[1:])
    code, out, err = run(capsys, "simulate", "--games", "-3")
    assert_bad_input(code, out, err, "-3 is negative")
