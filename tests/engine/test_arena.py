"""The arena: duplicate deals with the players rotated, means and intervals, and its command."""

from __future__ import annotations

import io
import json

import pytest

from tarot_core import find_variant
from tarot_core.arena import Interval, check_seats, run_arena
from tarot_core.cli import main
from tarot_core.errors import TarotError


def test_duplicate_deals_cancel_the_cards() -> None:
    """With two copies of each player, French Tarot's zero-sum scores make the two means opposite."""
    report = run_arena(find_variant("fft-4"), ["rule", "random", "rule", "random"], deals=3, seed=2)
    rule, rand = report.results["rule"], report.results["random"]
    assert rule.deals == rand.deals == 3
    assert rule.mean == pytest.approx(-rand.mean)
    assert report.difference is not None
    first, second, gap = report.difference
    assert (first, second) == ("rule", "random")
    assert gap.mean == pytest.approx(rule.mean - rand.mean)
    assert report.per_deal["rule"] == tuple(-x for x in report.per_deal["random"])
    assert set(report.timings) == {"rule", "random"}


def test_interval() -> None:
    value = Interval.of([1.0, 3.0, 5.0, 7.0])
    assert value.mean == 4.0
    assert value.high - value.mean == pytest.approx(1.96 * (20 / 3) ** 0.5 / 2)
    assert str(value).startswith("+4.0 (95 % interval")


@pytest.mark.parametrize(
    ("seats", "fragment"),
    [
        (["rule", "random"], "--seats names 2 players"),
        (["rule", "rule", "rule", "rule"], "at least two different players"),
        (["rule", "expert", "rule", "rule"], "no player 'expert'"),
    ],
)
def test_bad_seats(seats: list[str], fragment: str) -> None:
    with pytest.raises(TarotError, match=fragment):
        run_arena(find_variant("fft-4"), seats, deals=1, seed=1)


def test_arena_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["arena", "--variant", "chambery", "--players", "3", "--deals", "1", "--seats", "rule,random,rule"]
    )
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert out.startswith("1 duplicate deals of Chambéry Tarot, 3 players")
    code = main(["arena", "--deals", "1", "--seats", "mc,rule,rule,rule", "--playouts", "2", "--json"])
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert code == 0 and data["variant"] == "fft-4" and data["playouts"] == 2
    assert set(data["results"]) == {"mc", "rule"} and data["difference"]["of"] == "mc"


def test_arena_knows_the_page_levels(capsys: pytest.CaptureFixture[str]) -> None:
    """The play page's levels by name, beside the players' own names."""
    assert check_seats(find_variant("fft-4"), ["Strong", "club", "club", "club"]) == [
        "strong",
        "club",
        "club",
        "club",
    ]
    # A few deals: with the club player's bids, a deal may be thrown in, and has no card to time.
    code = main(["arena", "--deals", "4", "--seats", "club,beginner,club,beginner", "--json"])
    out, _err = capsys.readouterr()
    data = json.loads(out)
    assert code == 0 and set(data["results"]) == {"club", "beginner"}
    assert set(data["timings"]) == {"club", "beginner"}


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["arena", "--seats", "rule,random"], "--seats names 2 players"),
        (["arena", "--deals", "0"], "at least one deal"),
        (["arena", "--deals", "x"], "'x' is not a whole number"),
        (["arena", "--variant", "bridge"], "unknown variant"),
        (["arena", "--seats", "mc,rule,rule,rule", "--playouts", "0"], "at least one play-out"),
    ],
)
def test_arena_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str) -> None:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and fragment in err, err


# ------------------------------------------------------------------ play in the terminal


@pytest.mark.parametrize(("variant", "players"), [("fft", 5), ("chambery", 4), ("mathers", 2)])
def test_play_a_whole_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], variant: str, players: int
) -> None:
    """Always the first action offered, after a hint, a wrong action and a number out of range."""
    lines = "hint\nplay XX\n99\n" + "1\n" * 200
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    code = main(["play", "--variant", variant, "--players", str(players), "--seed", "4"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert "Hint: " in out
    assert "Not understood: " in out
    assert "choose a number from 1 to" in out
    assert "The input ended" not in out


def test_play_refuses_with_the_rule(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("call SK\nquit\n"))
    assert main(["play", "--seed", "3"]) == 0
    out, _ = capsys.readouterr()
    assert "Refused: now is the time to bid or pass, not to call" in out
