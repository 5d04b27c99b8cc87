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


def test_the_step_buttons_draw_icons_that_need_no_font() -> None:
    """The buttons that step through a deal (the replays', the play page's) draw their signs as
    pictures: "to the start" and "to the end" as characters (⏮ ⏭) were empty boxes where no font has
    them. Each has its name for a screen reader and as a tooltip."""
    import json
    import re

    from markupsafe import Markup

    from tutorial.bridge.replay import replay

    answer = json.loads(replay("fft-4-first-hand"))
    widget = render("widgets/replay.html", uid="r", state={**answer, "html": Markup(answer["html"])})
    for html, attribute in ((render("play/replay.html", steps=5), "data-step"), (widget, "data-action")):
        buttons = re.findall(rf'<button ([^>]*){attribute}="(\w+)"([^>]*)>(.*?)</button>', html)
        assert [step for _, step, _, _ in buttons][:4] == ["first", "back", "forward", "last"], html[:300]
        for before, _, after, inside in buttons[:4]:
            assert "<svg" in inside and re.sub(r"<[^>]+>", "", inside).strip() == ""
            label = re.search(r'aria-label="([^"]+)"', before + after)
            assert label and f'title="{label.group(1)}"' in before + after


def test_a_replay_says_its_step_once() -> None:
    """The step is said beside the buttons that move it; the status line above the table said it again
    ("Step 12 of 83" twice in a few lines). The table carries the step it shows as data instead."""
    import json
    import re

    from markupsafe import Markup

    from tutorial.bridge.replay import replay

    for step in (0, 12):
        answer = json.loads(replay("fft-4-first-hand", step))
        widget = render("widgets/replay.html", uid="r", state={**answer, "html": Markup(answer["html"])})
        said = re.findall(r"Step \d+ of \d+", re.sub(r"<[^>]+>", " ", widget))
        assert said == [f"Step {step} of {answer['steps']}"], said
        assert f'class="tw-status" data-shown-step="{step}"' in widget


def test_no_page_part_relies_on_a_font_for_technical_signs_or_emoji() -> None:
    """The widgets' templates, scripts and styles write no character of the technical signs' block or
    of the emoji planes, which many fonts lack (the suits and stars, in every common font, are used)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "tutorial"
    signs = re.compile("[\u2300-\u23ff\U0001f000-\U0001ffff]")
    files = [*root.glob("bridge/templates/**/*.html"), *root.glob("web/**/*.*js"), *root.glob("web/**/*.css")]
    assert len(files) > 20
    found = {str(path.relative_to(root)): signs.findall(path.read_text(encoding="utf-8")) for path in files}
    assert {name: chars for name, chars in found.items() if chars} == {}
