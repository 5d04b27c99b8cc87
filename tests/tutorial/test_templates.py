"""The widget templates: autoescaped, translated with the engine's own calls."""

from __future__ import annotations

from tarot_core.messages import Noun
from tutorial.bridge.templates import ENV, render


def test_a_template_escapes_what_it_shows_and_translates_its_sentences() -> None:
    html = ENV.from_string('<p>{{ _("{who} plays {card}", who=who, card=card) }}</p>').render(
        who="<b>Zoé</b>", card=Noun("Queen of Hearts", "card")
    )
    assert html == "<p>&lt;b&gt;Zoé&lt;/b&gt; plays the Queen of Hearts</p>"


def test_every_template_compiles() -> None:
    from markupsafe import Markup

    names = ENV.list_templates(extensions=["html"])
    assert "replay/pile.html" in names
    for name in names:
        ENV.get_template(name)
    html = render(
        "replay/pile.html", key="dog", title="Zoé's <dog>", cards=Markup('<span class="tw-cards"></span>')
    )
    assert html == (
        '<div class="tw-pile" data-pile="dog"><p class="tw-pile-title">Zoé&#39;s &lt;dog&gt;</p>'
        '<span class="tw-cards"></span></div>'
    )


def test_a_sentence_may_hold_html_kept_whole_while_plain_values_are_escaped() -> None:
    from markupsafe import Markup

    html = ENV.from_string('{{ _html("{who} plays {card:of}", who=who, card=card) }}').render(
        who="<i>Zoé</i>", card=Markup('<span class="card">♥Q</span>')
    )
    assert html == '&lt;i&gt;Zoé&lt;/i&gt; plays <span class="card">♥Q</span>'
    html = ENV.from_string('{{ _html("{who} plays {card:of}", who="A&B", card=card) }}').render(
        card=Noun("Queen of Hearts", "card")
    )
    assert html == "A&amp;B plays of the Queen of Hearts"
