"""The play widget's setup form, drawn as the page is built and after each deal: the rule sets, the
players, the computer's level and the reader's seat, each list offering only what the others allow."""

from __future__ import annotations

from markupsafe import Markup

from tarot_core.engine.variant import family_players
from tarot_core.messages import _, ngettext

from . import templates
from .play_table import FAMILIES, LEVELS, Game


# ====================================================================================== build time
def setup_html(uid: str, game: Game) -> Markup:
    """The form that starts a deal: the rule set, the number of players, the computer's level, your seat.

    Each number of players names the rule sets played by it (``data-families``) and each seat the
    smallest table it is at (``data-players``): the page offers only the players the chosen rules allow
    and the seats of the chosen table (each rule set's counts are the engine's)."""
    allowed = {family: family_players(family) for family in FAMILIES}
    counts = sorted({n for family_counts in allowed.values() for n in family_counts})
    most = max(counts)

    def by_players(n: int) -> dict[str, str]:
        return {"families": " ".join(family for family, c in allowed.items() if n in c)}

    fields: list[tuple[str, str, list[tuple[str, str, bool, dict[str, str]]]]] = [
        (
            "variant",
            _("Rules"),
            [(key, _(label), key == game.family, {}) for key, label in FAMILIES.items()],
        ),
        (
            "players",
            _("Players"),
            [
                (str(n), ngettext("{n} player", "{n} players", n), n == game.players, by_players(n))
                for n in counts
            ],
        ),
        (
            "level",
            _("Computer"),
            [
                (key, _("{level}: {means}", level=_(label), means=_(what)), key == game.level, {})
                for key, (label, what) in LEVELS.items()
            ],
        ),
        (
            "seat",
            _("Your seat"),
            [
                (
                    f"p{n}",
                    _("the first dealer") if n == 1 else _("{n} after the first dealer", n=n - 1),
                    n - 1 == game.seat,
                    {"players": str(max(n, min(counts)))},
                )
                for n in range(1, most + 1)
            ],
        ),
    ]
    return templates.render(
        "play/setup.html",
        uid=uid,
        fields=[
            {
                "name": name,
                "label": label,
                "choices": [
                    {"value": v, "label": text, "selected": chosen, "data": data}
                    for v, text, chosen, data in choices
                ],
            }
            for name, label, choices in fields
        ],
    )
