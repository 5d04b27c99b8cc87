"""The calculator's form drawn as HTML from a query."""

from __future__ import annotations

import json

from .common import Query, _e
from .query import (
    MATHERS_TRICK_LABELS,
    MATHERS_TRICKS,
    NAME_LENGTH,
    SIDE_CHOICES,
    VARIANT_LABELS,
    FormField,
    _flag,
    _many,
    _mathers_seats,
    _one,
    _players_choices,
    available_variants,
    roles_asked,
    seat_count,
    seat_names,
)


def form_fields(query: Query, *, with_names: bool = True, with_roles: bool = True) -> list[FormField]:
    """The controls of the calculator for the query's variant and player count.

    ``with_names`` adds a name for each player (``p1.name``...); a widget that knows its players' names
    leaves them out and passes the names in the query, where the lists of seats show them.
    ``with_roles`` adds the lists of seats that say who took (and who partnered); a widget that asks for
    the roles its own way (the score sheet, by the players' names) leaves them out.
    """
    variant = _one(query, "variant", "fft")
    players_text = _one(query, "players", "4")
    try:
        players = int(players_text)
    except ValueError:
        players = 4
    variants = available_variants()
    fields = [
        FormField(
            "variant", "Rules", "select", (variant,), tuple((v, VARIANT_LABELS.get(v, v)) for v in variants)
        ),
    ]
    if variant not in variants:  # nothing else to fill in until the rules are known
        return fields
    fields.append(
        FormField(
            "players",
            "Players",
            "select",
            (players_text,),
            tuple((str(n), f"{n} players") for n in _players_choices(variant)),
        )
    )
    seats = [f"p{number}" for number in range(1, seat_count(query) + 1)]
    names = seat_names(query)
    if with_names:
        fields.append(
            FormField(
                "names",
                "Players' names (optional)",
                "text",
                tuple(_one(query, f"{seat}.name") for seat in seats),
                repeat=len(seats),
                sublabels=tuple(f"Player {number}" for number in range(1, len(seats) + 1)),
                names=tuple(f"{seat}.name" for seat in seats),
            )
        )
    taker_label, partner = roles_asked(query) if with_roles else ("", False)
    seat_choices = tuple(zip(seats, names, strict=True))
    if taker_label:
        fields.append(FormField("taker", taker_label, "select", (_one(query, "taker", "p1"),), seat_choices))
    if partner:
        fields.append(
            FormField(
                "partner",
                "Partner (the called King's holder)",
                "select",
                (_one(query, "partner", "p2"),),
                seat_choices,
            )
        )
    if variant == "fft":
        from tarot_core.games.fft import FFT_CONTRACT_NAMES, FFT_HANDFULS

        sizes = FFT_HANDFULS.get(players, FFT_HANDFULS[4])
        handful_choices = [("", "none")]
        for side in ("attack", "defence"):
            for size, need in sizes.items():
                handful_choices.append((f"{side}:{size}", f"{side}: {size} ({need} trumps)"))
        handfuls = _many(query, "handful")
        fields += [
            FormField(
                "contract",
                "Contract",
                "select",
                (_one(query, "contract", "garde"),),
                tuple(FFT_CONTRACT_NAMES.items()),
            ),
            FormField(
                "oudlers",
                "Bouts (oudlers) in the taker's cards",
                "number",
                (_one(query, "oudlers", "2"),),
                help="0 to 3: the Petit, the 21 and the Excuse",
            ),
            FormField(
                "points",
                "Card points of the taker's side",
                "number",
                (_one(query, "points", "56"),),
                step="0.5",
                help="0 to 91, in halves",
            ),
            FormField(
                "petit_au_bout",
                "Petit au bout (the Petit in the last trick) won by",
                "select",
                (_one(query, "petit_au_bout"),),
                SIDE_CHOICES,
            ),
            FormField(
                "handful",
                "Handful",
                "select",
                tuple(handfuls),
                tuple(handful_choices),
                repeat=max(2, len(handfuls)),
            ),
            FormField(
                "slam",
                "Slam (every trick)",
                "select",
                (_one(query, "slam"),),
                (
                    ("", "no slam"),
                    ("attack", "made by the attack, not announced"),
                    ("announced:attack", "announced and made"),
                    ("announced:", "announced and not made"),
                    ("defence", "made by the defence"),
                ),
            ),
        ]
        if players == 5:
            fields.append(
                FormField(
                    "alone",
                    "The taker called his own King (plays alone)",
                    "checkbox",
                    (_one(query, "alone"),),
                )
            )
    elif variant == "classic":
        from tarot_core.games.classic import CONTRACT_NAMES, HAND_BONUSES, players_contracts, roles

        alone = _flag(query, "alone")
        holders = roles(players if players in (3, 5) else 3, alone and players == 5)
        bonus_choices = [("", "none")]
        for kind in HAND_BONUSES:
            for holder in holders:
                bonus_choices.append((f"{kind}:{holder}", f"{kind.replace('-', ' ')}, held by the {holder}"))
        bonuses = _many(query, "bonus")
        contracts = players_contracts(players) if players in (3, 5) else players_contracts(3)
        fields += [
            FormField(
                "contract",
                "Contract",
                "select",
                (_one(query, "contract", "guard"),),
                tuple((c, CONTRACT_NAMES[c]) for c in contracts),
            ),
            FormField(
                "oudlers",
                "Bouts (special cards) in the taker's cards",
                "number",
                (_one(query, "oudlers", "2"),),
                help="0 to 3 (not needed for a bid slam)",
            ),
            FormField(
                "points",
                "Taker's points, counted by pairs",
                "number",
                (_one(query, "points", "41"),),
                help="a whole number from 0 to 91",
            ),
            FormField(
                "petit_last_trick",
                "The Petit on the last trick, credited to",
                "select",
                (_one(query, "petit_last_trick"),),
                SIDE_CHOICES,
            ),
            FormField(
                "slam",
                "Slam (every trick) won by",
                "select",
                (_one(query, "slam"),),
                SIDE_CHOICES,
            ),
            FormField(
                "bonus",
                "Hand bonus",
                "select",
                tuple(bonuses),
                tuple(bonus_choices),
                repeat=max(1, len(bonuses)),
            ),
        ]
        if players == 5:
            fields.append(FormField("alone", "The taker plays alone", "checkbox", (_one(query, "alone"),)))
    elif variant == "chambery":
        from tarot_core.games.chambery import BIDS_BY_WORD

        fields.append(
            FormField(
                "pack",
                "Pack",
                "select",
                (_one(query, "pack", "78"),),
                (("78", "78 cards"), ("62", "62 cards (tarot simplifié)")),
            )
        )
        if players == 3:
            values = list(query.get("points") or [])
            values += ["26"] * (3 - len(values))
            fields.append(
                FormField(
                    "points",
                    "Card points of each player",
                    "number",
                    tuple(values[:3]),
                    repeat=3,
                    sublabels=tuple(f"{name}'s card points" for name in names),
                )
            )
        else:
            choices = [("call", "The dealer calls a King")]
            if players == 4:
                choices.append(("fixed", "Fixed partners (four players)"))
            choices += [(word, str(getattr(bid, "label", word))) for word, bid in BIDS_BY_WORD.items()]
            fields += [
                FormField(
                    "contract", "Contract", "select", (_one(query, "contract", "call"),), tuple(choices)
                ),
                FormField(
                    "points",
                    "Card points of the dealer's side or soloist",
                    "number",
                    (_one(query, "points", "40"),),
                ),
            ]
    elif variant == "mathers":
        from tarot_core.games.mathers import DECLARATION_NAMES

        seats = _mathers_seats(query)
        fields.append(
            FormField(
                "fool",
                "The Fool (the Excuse) was held by",
                "select",
                (_one(query, "fool"),),
                (("", "nobody scores it"), *zip(seats, names, strict=False)),
            )
        )
        declaration_choices = (("", "none"), *DECLARATION_NAMES.items())
        for seat, name in zip(seats, names, strict=False):
            declarations = _many(query, f"{seat}.declarations")
            fields += [
                FormField(
                    f"{seat}.tricks",
                    f"Tricks won by {name}, by their best card",
                    "number",
                    tuple(query.get(f"{seat}.tricks") or ()),
                    repeat=len(MATHERS_TRICKS),
                    sublabels=MATHERS_TRICK_LABELS,
                ),
                FormField(
                    f"{seat}.kings_cut",
                    f"Kings cut by {name}",
                    "number",
                    (_one(query, f"{seat}.kings_cut", "0"),),
                ),
                FormField(
                    f"{seat}.declarations",
                    f"Declarations of {name}",
                    "select",
                    tuple(declarations),
                    declaration_choices,
                    repeat=max(2, len(declarations)),
                    sublabels=tuple(f"Declaration {n}" for n in range(1, max(2, len(declarations)) + 1)),
                ),
            ]
    else:
        fields.append(FormField("request", "Score request (JSON)", "text", (_one(query, "request", "{}"),)))
    return fields


def form_html(query: Query, uid: str, *, with_names: bool = True, with_roles: bool = True) -> str:
    """The calculator's controls, with an empty message slot next to each.

    Number fields are text fields that open a phone's number keys: what is typed reaches the bridge as
    typed (a browser's number field would hand over nothing for "4O"), and the bridge says what it
    expects. ``with_names`` and ``with_roles`` as in :func:`form_fields`.
    """
    parts: list[str] = []
    for fld in form_fields(query, with_names=with_names, with_roles=with_roles):
        ident = f"{uid}-{fld.name.replace('.', '-')}"
        err = f'<p class="tw-field-error" id="{ident}-error" data-error-for="{fld.name}"></p>'
        help_html = f'<p class="tw-help" id="{ident}-help">{_e(fld.help)}</p>' if fld.help else ""
        described = f"{ident}-error" + (f" {ident}-help" if fld.help else "")
        controls: list[str] = []
        for index in range(fld.repeat):
            value = fld.values[index] if index < len(fld.values) else ""
            name = fld.names[index] if index < len(fld.names) else fld.name
            cid = ident if index == 0 else f"{ident}-{index + 1}"
            common = f'id="{cid}" name="{name}" aria-describedby="{described}"'
            if fld.kind == "select":
                options = "".join(
                    f'<option value="{_e(v)}"{" selected" if v == value else ""}>{_e(text)}</option>'
                    for v, text in fld.choices
                )
                if value and value not in {v for v, _ in fld.choices}:
                    options += f'<option value="{_e(value)}" selected>{_e(value)}</option>'
                control = f"<select {common}>{options}</select>"
            elif fld.kind == "checkbox":
                checked = " checked" if value.lower() in ("1", "true", "on", "yes") else ""
                control = f'<input type="checkbox" value="1" {common}{checked}>'
            elif fld.kind == "number":
                keys = "numeric" if fld.step == "1" else "decimal"
                control = (
                    f'<input type="text" inputmode="{keys}" autocomplete="off" value="{_e(value)}" '
                    f'data-number="{"whole" if fld.step == "1" else "decimal"}" {common}>'
                )
            elif fld.name == "names":
                control = (
                    f'<input type="text" autocomplete="off" maxlength="{NAME_LENGTH}" '
                    f'value="{_e(value)}" {common}>'
                )
            else:
                control = f'<input type="text" value="{_e(value)}" {common}>'
            if fld.repeat > 1:
                label = fld.sublabels[index] if index < len(fld.sublabels) else f"{fld.label} {index + 1}"
                sublabel = f'<label class="tw-sublabel" for="{cid}">{_e(label)}</label>'
                controls.append(f'<span class="tw-sub">{sublabel}{control}</span>')
            elif fld.kind == "checkbox":
                controls.append(f'{control}<label for="{cid}">{_e(fld.label)}</label>')
            else:
                controls.append(control)
        if fld.repeat > 1:
            legend = (
                "Handfuls shown"
                if fld.name == "handful"
                else "Hand bonuses"
                if fld.name == "bonus"
                else fld.label
            )
            wide = " tw-field-wide" if fld.sublabels or fld.repeat > 2 else ""
            parts.append(
                f'<fieldset class="tw-field{wide}" data-field="{fld.name}">'
                f'<legend>{_e(legend)}</legend><div class="tw-subs">{"".join(controls)}</div>'
                f"{help_html}{err}</fieldset>"
            )
        elif fld.kind == "checkbox":
            parts.append(
                f'<div class="tw-field tw-field-check tw-field-{fld.name}" data-field="{fld.name}">'
                f"{controls[0]}{help_html}{err}</div>"
            )
        else:
            parts.append(
                f'<div class="tw-field tw-field-{fld.name}" data-field="{fld.name}">'
                f'<label for="{ident}">{_e(fld.label)}</label>{controls[0]}{help_html}{err}</div>'
            )
    return "".join(parts)


def form_shape(query: Query, *, with_names: bool = True) -> str:
    """A short key of the form's controls and labels (not their values): the page redraws the form
    only when it changes."""
    import hashlib

    fields = form_fields(query, with_names=with_names)
    text = json.dumps([[f.name, f.label, f.kind, f.repeat, f.choices, f.sublabels] for f in fields])
    return hashlib.sha256(text.encode()).hexdigest()[:16]
