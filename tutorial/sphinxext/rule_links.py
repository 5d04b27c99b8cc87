"""Which page explains each refusal, for each rule set: the table the widgets' "Read the rule" links
come from.

A refusal of the engine has a reason (:class:`tarot_core.errors.Illegal`): a code (``excuse-lead``) and
a topic (``play``). Each rule set's pages lie in one folder, the folder of its label
``variant-<family>`` (``variants/classic/``; the French Tarot's ``rules/``). There a label
``<family>-rule-<code>`` marks the place that explains one refusal and ``<family>-rule-<topic>`` its
topic; the ``rules/`` pages also use the shorter ``rule-<code>`` labels and their topic pages
(``tarot_rule_pages``, else a guess). A refusal in one rule set never links to another rule set's page,
which can say the opposite (the French Tarot lets the Excuse lead; the older rules do not): a reason
that has no page in its rule set's folder gets no link.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set
from typing import Final

from tarot_core.engine.variant import FAMILIES
from tarot_core.errors import Illegal

#: Where each topic of the default rule set is explained, when conf.py does not say (first page found).
RULE_PAGE_GUESSES: Final = {
    "play": ("rules/play",),
    "bidding": ("rules/bidding-and-contracts", "rules/bidding"),
    "discard": ("rules/discard",),
    "announcements": ("rules/announcements",),
    "deal": ("rules/deal-and-dog", "rules/deal"),
    "five-players": ("rules/three-and-five", "rules/five-players", "rules/three-and-five-players"),
}


def _guess_rule_page(anchor: str, found: Set[str]) -> str:
    for doc in RULE_PAGE_GUESSES.get(anchor, (f"rules/{anchor}",)):
        if doc in found:
            return doc
    return "rules/index" if "rules/index" in found else ""


def default_rules(
    labels: Mapping[str, tuple[str, str]],
    found: Set[str],
    pages: Mapping[str, str],
    uri: Callable[[str, str], str],
) -> dict[str, str]:
    """The default rule set's links: by topic (``play``) and by code (``must-follow-suit``).

    ``labels`` maps each label to its (docname, anchor); ``uri(doc, anchor)`` makes a link from the
    page being written."""
    rules: dict[str, str] = {}
    for reason in Illegal:
        target = pages.get(reason.rule) or _guess_rule_page(reason.rule, found)
        if target:
            doc, _, fragment = target.partition("#")
            if doc in found:
                rules[reason.rule] = uri(doc, fragment)
        exact = labels.get(f"rule-{reason.code}")
        if exact is not None and exact[0] in found:
            rules[reason.code] = uri(*exact)
    return rules


def home(family: str, labels: Mapping[str, tuple[str, str]]) -> str:
    """The folder of a rule set's pages (``variants/classic/``): where its label ``variant-<family>``
    is; empty when it has none."""
    place = labels.get(f"variant-{family}")
    return place[0].rpartition("/")[0] + "/" if place is not None else ""


def family_rules(
    labels: Mapping[str, tuple[str, str]],
    found: Set[str],
    pages: Mapping[str, str],
    uri: Callable[[str, str], str],
) -> dict[str, dict[str, str]]:
    """Each registered rule set's link for each refusal code, to a page of its own folder (see
    :func:`home`): its label for the code, else for the code's topic, else the default rules' link
    when those pages are its own. A code with no such page has no link."""
    table: dict[str, dict[str, str]] = {}
    for family in FAMILIES:
        folder = home(family, labels)
        if not folder:
            table[family] = {}
            continue
        own = {
            name: place for name, place in labels.items() if place[0].startswith(folder) and place[0] in found
        }
        shared = default_rules(own, {doc for doc in found if doc.startswith(folder)}, pages, uri)
        links: dict[str, str] = {}
        for reason in Illegal:
            place = own.get(f"{family}-rule-{reason.code}") or own.get(f"{family}-rule-{reason.rule}")
            url = uri(*place) if place is not None else shared.get(reason.code) or shared.get(reason.rule)
            if url:
                links[reason.code] = url
        table[family] = links
    return table
