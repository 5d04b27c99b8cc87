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

from tarot_core import find_variant
from tarot_core.cards import format_points
from tarot_core.cli import main
from tarot_core.games.chambery import Chambery4
from tarot_core.records import HandRecord
from tests.engine.fft_helpers import P1, P2, play_out, take

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
    assert lines[-1] == "Scores: taker +240, defender \u221280"  # the minus sign


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
        f"{name} {result.by_seat[seat]:+d}".replace("-", "\u2212")
        for name, seat in zip(record.players, result.by_seat, strict=True)
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
    assert_bad_input(code, out, err, "French Tarot: a game for 3, 4 or 5 players, not 6")
    # The rule set by its name, not by the key typed.
    code, out, err = run(capsys, "deal", "--variant", "mathers", "--players", "4")
    assert_bad_input(code, out, err, "Mathers (1888): a game for 2 or 3 players, not 4")
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


# ------------------------------------------------------------------ odd input


REQUEST_TEXT = json.dumps(REQUEST)


@pytest.mark.parametrize("command", ["score", "replay"])
@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff", "not UTF-8 text (byte 0x89 at position 0)"),
        (REQUEST_TEXT.replace("}", ', "note": "déjà"}').encode("latin-1"), "not UTF-8 text (byte 0xe9"),
        (REQUEST_TEXT.encode("utf-16"), "it is UTF-16 text: save it as UTF-8"),
    ],
    ids=["binary", "latin-1", "utf-16"],
)
def test_a_file_that_is_not_utf8_text_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, content: bytes, fragment: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    code, out, err = run(capsys, command, str(path))
    assert_bad_input(code, out, err, "cannot read", str(path), fragment)


def test_a_file_with_a_byte_order_mark_is_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    request = tmp_path / "request.json"
    request.write_bytes(b"\xef\xbb\xbf" + REQUEST_TEXT.encode())
    code, out, err = run(capsys, "score", "--json", str(request))
    assert code == 0 and err == "" and json.loads(out)["scores"]["taker"] == 240
    path, _ = record_file(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == "" and out.startswith("A test hand — ")


@pytest.mark.parametrize(
    ("argument", "kind"),
    [("[1,2]", "not a list"), ("42", "not a number"), ('"garde"', "not a string"), ("null", "not null")],
)
def test_a_request_argument_that_is_not_an_object_exit_2(
    capsys: pytest.CaptureFixture[str], argument: str, kind: str
) -> None:
    code, out, err = run(capsys, "score", argument)
    assert_bad_input(code, out, err, "the request must be a JSON object", kind)


@pytest.mark.parametrize("argument", ["", "   "])
def test_an_empty_request_argument_exit_2(capsys: pytest.CaptureFixture[str], argument: str) -> None:
    code, out, err = run(capsys, "score", argument)
    assert_bad_input(code, out, err, "the request is empty", "the request must be a JSON object")


def test_empty_standard_input_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run(capsys, "score")
    assert_bad_input(code, out, err, "the request is empty (standard input)")


def test_a_number_argument_that_names_a_file_reads_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "42").write_text(REQUEST_TEXT, encoding="utf-8")
    code, out, _ = run(capsys, "score", "--json", "42")
    assert code == 0 and json.loads(out)["scores"]["taker"] == 240


@pytest.mark.parametrize("command", ["score", "replay"])
def test_a_directory_or_a_name_too_long_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    code, out, err = run(capsys, command, str(tmp_path))
    assert_bad_input(code, out, err, "cannot read", "directory")
    code, out, err = run(capsys, command, "x" * 5000)
    assert_bad_input(code, out, err)


def test_simulate_refuses_zero_games_and_numbers_too_large(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--games", "0")
    assert_bad_input(code, out, err, "--games: must be at least 1")
    for option in ("--games", "--warmup", "--players"):
        code, out, err = run(capsys, "simulate", option, str(10**30))
        assert_bad_input(code, out, err, f"{option}: {10**30} is too large")


@pytest.mark.parametrize("command", ["deal", "simulate"])
@pytest.mark.parametrize("seed", ["", "  "])
def test_an_empty_seed_is_refused(capsys: pytest.CaptureFixture[str], command: str, seed: str) -> None:
    code, out, err = run(capsys, command, "--seed", seed)
    assert_bad_input(code, out, err, "--seed: a seed cannot be empty")


def test_a_negative_seed_is_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--seed", "-5")
    assert code == 0 and err == "" and out.splitlines()[0].endswith("seed -5")


@pytest.mark.parametrize(
    ("variant", "players"), [("mathers", "3"), ("mathers", None), ("chambery", "3")], ids=str
)
def test_simulate_a_contract_in_a_game_without_contracts(
    capsys: pytest.CaptureFixture[str], variant: str, players: str | None
) -> None:
    options = ["--players", players] if players else []
    code, out, err = run(capsys, "simulate", "--variant", variant, *options, "--contract", "garde")
    assert_bad_input(code, out, err, "has no contracts to choose from")
    assert "none" not in err


def test_simulate_names_the_contracts_of_its_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--variant", "chambery", "--contract", "garde")
    known = ", ".join(Chambery4.contracts)
    assert_bad_input(code, out, err, f"'garde' is not a contract of chambery-4: choose one of {known}")


@pytest.mark.parametrize("variant", ["mathers", "classic", "chambery"])
def test_without_players_a_game_is_played_by_four_or_its_smallest_table(
    capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    code, out, err = run(capsys, "deal", "--variant", variant, "--json")
    assert code == 0 and err == ""
    expected = {"mathers": "mathers-2", "classic": "classic-3", "chambery": "chambery-4"}[variant]
    assert json.loads(out)["variant"] == expected


@pytest.mark.parametrize(
    ("options", "each_for_himself"),
    [
        (["--variant", "chambery"], False),
        (["--variant", "chambery", "--players", "3"], True),
        (["--variant", "mathers"], True),
        (["--variant", "mathers", "--players", "3"], True),
        (["--variant", "classic", "--players", "5"], False),
    ],
)
def test_simulate_stats_show_what_the_game_has(
    capsys: pytest.CaptureFixture[str], options: list[str], each_for_himself: bool
) -> None:
    """No empty count and no ``None``: a game without a taker reports each seat's mean score instead."""
    code, out, err = run(capsys, "simulate", *options, "--games", "12", "--seed", "st", "--stats")
    assert code == 0 and err == ""
    table = out.splitlines()[1:]
    assert table and all(": " in line for line in table)
    values = [line.split(": ", 1)[1] for line in table]
    assert not any(value in ("{}", "None", "") or "{" in value for value in values), out
    code, out, _ = run(capsys, "simulate", *options, "--games", "12", "--seed", "st", "--stats", "--json")
    stats = json.loads(out)["stats"]
    assert None not in stats.values() and {} not in [v for k, v in stats.items() if k != "redeals"]
    if each_for_himself:
        assert "contracts" not in stats and "attack_made_rate" not in stats
        assert stats["each_for_himself"] == stats["played"] == 12
        assert set(stats["mean_score_by_seat"]) == {
            f"p{n}" for n in range(1, len(stats["mean_score_by_seat"]) + 1)
        }
        assert stats["mean_best_score"] >= max(stats["mean_score_by_seat"].values())
    else:
        assert sum(stats["contracts"].values()) == stats["played"] and "mean_score_by_seat" not in stats


def test_unknown_variant_is_one_sentence_for_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = record_file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["variant"] = "tarock"
    path.write_text(json.dumps(data), encoding="utf-8")
    messages = set()
    for argv in (
        ["score", json.dumps({**REQUEST, "variant": "tarock"})],
        ["deal", "--variant", "tarock"],
        ["simulate", "--variant", "tarock", "--players", "4"],
        ["replay", str(path)],
    ):
        code, out, err = run(capsys, *argv)
        assert_bad_input(
            code, out, err, "unknown variant 'tarock': the variants are fft (3, 4 or 5 players), "
        )
        messages.add(err)
    assert len(messages) == 1, messages


# ------------------------------------------------------------------ sample records by name


def test_replay_a_sample_record_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # from any folder
    code, by_name, err = run(capsys, "replay", "fft-4-first-hand")
    assert code == 0 and err == ""
    code, by_path, _ = run(capsys, "replay", str(ROOT / "tutorial" / "hands" / "fft-4-first-hand.json"))
    assert code == 0 and by_path == by_name
    assert by_name.startswith("Your first hand: a garde with four players — French Tarot, 4 players")


def test_replay_list_names_every_sample(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", "--list")
    assert code == 0 and err == ""
    names = sorted(path.stem for path in (ROOT / "tutorial" / "hands").glob("*.json"))
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == names
    first = lines[names.index("fft-4-first-hand")]
    assert first.split(None, 1)[1] == "Your first hand: a garde with four players"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (
            ["replay", "fft-4-last-hand"],
            "'fft-4-last-hand' is neither a file nor the name of a sample record",
        ),
        (["replay", "hands/missing.json"], "cannot read the record hands/missing.json: No such file"),
        (["replay"], "replay needs a record"),
        (["replay", "--list", "fft-4-first-hand"], "replay --list takes no record"),
    ],
)
def test_replay_of_no_record_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert_bad_input(code, out, err, fragment)


# ------------------------------------------------------------------ closed and binary streams


def shell(script: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        ["sh", "-c", script, "sh", sys.executable],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


@needs_processes
def test_closed_standard_input_or_output_exit_2() -> None:
    done = shell('"$1" -m tarot_core score <&-')
    assert done.returncode == 2 and done.stdout == b""
    assert (
        done.stderr.decode() == "tarot: standard input is closed: give the request as an argument or a file\n"
    )
    done = shell('"$1" -m tarot_core deal >&-')
    assert done.returncode == 2
    assert done.stderr.decode() == "tarot: standard output is closed: nothing to print the answer to\n"


@needs_processes
def test_standard_input_in_bytes_binary_refused_bom_read() -> None:
    done = shell('"$1" -m tarot_core score', stdin=b"\x89PNG\r\n\x00binary")
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().startswith("tarot: cannot read standard input: not UTF-8 text (byte 0x89")
    assert done.stderr.count(b"\n") == 1
    done = shell('"$1" -m tarot_core score --json', stdin=b"\xef\xbb\xbf" + REQUEST_TEXT.encode())
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["scores"]["taker"] == 240


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param(
            "[" * 100_000,
            "nested too deeply",
            # Under Pyodide the JavaScript stack overflows before Python's recursion limit is reached.
            marks=pytest.mark.skipif(sys.platform == "emscripten", reason="JavaScript stack"),
        ),
        ('{"points": ' + "9" * 5000 + "}", "a number of 5000 digits is too long"),
        ('{"variant": "fft", "points": NaN}', "NaN is not a number in JSON"),
        ('{"variant": "fft", "points": -Infinity}', "-Infinity is not a number in JSON"),
    ],
    ids=["deep", "long-number", "nan", "infinity"],
)
@pytest.mark.parametrize("command", ["score", "replay"])
def test_json_no_reader_can_use_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, text: str, fragment: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, command, str(path))
    assert_bad_input(code, out, err, "is not valid JSON: ", fragment)


@needs_processes
def test_an_output_that_cannot_show_the_names_exit_2() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "tarot_core", "replay", "tutorial/hands/fft-4-first-hand.json"],
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert done.stderr.count(b"\n") == 1
    assert done.stderr.startswith(b"tarot: the output is in ascii, which cannot show ")
    assert done.stderr.endswith(b": set PYTHONIOENCODING=utf-8\n")


@pytest.mark.parametrize("field", ["contract", "variant"])
def test_a_megabyte_value_is_quoted_short(capsys: pytest.CaptureFixture[str], field: str) -> None:
    request = {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 1, "points": 50}
    request[field] = "x" * 1_000_000
    code, out, err = run(capsys, "score", json.dumps(request))
    assert_bad_input(code, out, err, "xxxx…")
    assert len(err) < 400 and "x" * 41 not in err
