"""The French edition of the engine's words: its catalogue is complete and compiled, card names take
their articles and elisions, numbers their decimal comma, the command line and the bridges answer in
French, and the checker of the catalogues catches what a translation must not lose."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from tarot_core import describe
from tarot_core.actions import Action
from tarot_core.cards import FULL_PACK, cards_in_words, parse_cards
from tarot_core.cli import chosen_language, main
from tarot_core.engine.variant import FAMILIES, family_players, find_variant, words_for
from tarot_core.games.chambery import play as chambery_play
from tarot_core.games.classic.options import HAND_BONUS_HOLDER
from tarot_core.games.classic.scoring import ROLE_NOUNS
from tarot_core.messages import Number, _, pgettext, use_language, written
from tarot_core.players import facts as player_facts
from tarot_core.players.bidding import contract_words
from tarot_core.records import load_record
from tarot_core.seats import Seat
from tutorial import bridge
from tutorial.bridge import calculate
from tutorial.bridge import play as play_bridge
from tutorial.bridge.common import HANDS_DIR, card_phrase
from tutorial.bridge.form import form_html
from tutorial.bridge.state import record_names, state_of
from tutorial.pages import print_tables, strategy, tables, trick_stories
from tutorial.sphinxext.engine import _playing_side
from tutorial.sphinxext.extract import CAPTION_OPTION, DOCS, TABLE_CAPTION
from tutorial.sphinxext.translations import catalogues, check, engine_problems, kept_parts, problems

#: Words that English sentences are made of and French ones never hold.
ENGLISH_WORDS = {"the", "and", "with", "each", "from", "you", "your", "must", "points needed", "taker"}


def english_words(text: str) -> set[str]:
    plain = re.sub(r"<[^>]+>", " ", text).lower()
    return {word for word in ENGLISH_WORDS if re.search(rf"\b{re.escape(word)}\b", plain)}


def test_the_engine_catalogue_is_complete_and_compiled() -> None:
    assert engine_problems("fr") == []


@pytest.mark.parametrize(
    ("code", "the", "of", "to", "a"),
    [
        ("HK", "le Roi de Cœur", "du Roi de Cœur", "au Roi de Cœur", "un Roi de Cœur"),
        ("SQ", "la Dame de Pique", "de la Dame de Pique", "à la Dame de Pique", "une Dame de Pique"),
        ("EX", "l’Excuse", "de l’Excuse", "à l’Excuse", "une Excuse"),
        ("T14", "l’atout 14", "de l’atout 14", "à l’atout 14", "un atout 14"),
        ("T1", "le Petit", "du Petit", "au Petit", "un Petit"),
        ("C1", "l’As de Trèfle", "de l’As de Trèfle", "à l’As de Trèfle", "un As de Trèfle"),
    ],
)
def test_card_names_take_french_articles(code: str, the: str, of: str, to: str, a: str) -> None:
    (card,) = parse_cards(code)
    with use_language("fr"):
        assert [format(card.noun, form) for form in ("", "of", "to", "a")] == [the, of, to, a]
    assert format(card.noun) != the  # English outside the block


def test_every_way_of_naming_a_card_in_a_sentence_keeps_its_french_article() -> None:
    """The coach's cards, the table's log, Chambéry's sentences and the trick stories name a card by its
    noun, whose gender the catalogue gives: "la Dame de Trèfle", "l’Excuse et l’atout 3" (they once
    named it by its name already in French, with no gender: "le Dame de Trèfle", "le l’Excuse")."""
    namers = [describe.card_noun, player_facts.card_noun, chambery_play.card_noun]
    with use_language("fr"):
        for card in FULL_PACK:
            for name in namers:
                for form in ("", "of", "to", "a"):
                    assert format(name(card), form) == format(card.noun, form), (card, name)
            if not card.is_trump and not card.is_excuse:
                assert format(trick_stories.card_noun(card)) == format(card.noun)
        queen, excuse, trump = parse_cards("CQ EX T3")
        said = str(describe.describe(Action(Seat(1), "play", "", (queen,)), names={Seat(1): "Ana"}))
        assert "la Dame de Trèfle" in said, said
        assert str(
            _(
                "{card} and {other} are about equal here; {reason}",
                card=player_facts.card_noun(excuse),
                other=player_facts.card_noun(trump),
                reason="x",
            )
        ).startswith("l’Excuse et l’atout 3 ")


@pytest.mark.parametrize("family", FAMILIES)
def test_the_status_line_says_every_contract_with_its_french_article(family: str) -> None:
    """Each contract a rule set names has its noun for sentences, which the French catalogue translates
    with a gender: "Émile joue une garde sans le chien." (it once said "un garde sans le chien (guard
    without the dog)", the English noun with no gender)."""
    words = words_for(family)
    assert set(words.contract_names) <= set(words.contract_nouns)
    for word in words.contract_names:
        noun = words.contract_noun(word)
        with use_language("fr"):
            said = _("{who} plays {contract:a}.", who="Émile", contract=noun)
            assert noun.gender in ("m", "f"), (family, word)
            assert not english_words(said) and "(" not in said, said
            article = "une " if noun.gender == "f" else "un "
            assert said == f"Émile joue {article}{noun.bare()}.", said
        assert _("{who} plays {contract:a}.", who="Émile", contract=noun).startswith("Émile plays a ")


def test_every_sample_deal_s_contract_is_said_in_french_with_its_article() -> None:
    """The replay's status line names the contract of each sample deal as a French sentence says it:
    "Amélie joue une garde sans le chien" (it said "Contrat de Amélie : Garde sans le chien"), or the
    rule set's own clause when nobody bid; English keeps "plays a garde (guard)"."""
    said_fr: list[str] = []
    for name in record_names():
        record = load_record(HANDS_DIR / f"{name}.json")
        _, rnd = list(record.states())[-1]
        with use_language("fr"):
            text = str(state_of(record, rnd, len(record.actions), None, name)["contract_text"])
        english = str(state_of(record, rnd, len(record.actions), None, name)["contract_text"])
        if rnd.taker is not None and rnd.contract in words_for(rnd.variant.family).contract_nouns:
            assert " joue un" in text and "(" not in text and not english_words(text), (name, text)
            assert " plays a" in english, (name, english)
        said_fr.append(text)
    assert any(" joue une garde" in text for text in said_fr)


def _chambery_pages(seed: int) -> list[str]:
    """The play page's table at each step of a deal of Chambéry Tarot for five, the reader taking the
    hint's advice."""
    answer = json.loads(
        play_bridge.start(json.dumps({"variant": "chambery", "players": 5, "seed": seed, "level": "rule"}))
    )
    pages = []
    for _step in range(200):
        pages.append(answer["html"])
        if answer["state"] == "over":
            break
        game = json.dumps(answer["game"])
        if answer["discard_pending"]:
            answer = json.loads(play_bridge.act(game, '{"confirm": true}'))
        elif answer["waiting"]:
            answer = json.loads(play_bridge.advance(game))
        else:
            hint = json.loads(play_bridge.hint(game))
            choice = {"card": hint["card"]} if "card" in hint else {"action": hint["action"]}
            answer = json.loads(play_bridge.act(game, json.dumps(choice)))
    return pages


def test_the_play_page_says_who_deals_when_nobody_bid_a_solo() -> None:
    """Chambéry Tarot with nobody bidding a solo: the rule set's sentence (the dealer calls a King), in
    the reader's language; it said "Alice plays a call."."""
    for seed in range(1, 30):
        pages = _chambery_pages(seed)
        if any("calls a King" in page for page in pages):
            assert not any(" a call." in page for page in pages)
            with use_language("fr"):
                french = _chambery_pages(seed)
            assert any("appelle un Roi" in page for page in french)
            assert not any(" call." in page for page in french)
            return
    pytest.fail("no deal where nobody bid a solo")


def test_the_coach_names_any_french_contract_with_its_article() -> None:
    """The strong level's bids under the older French rules, in the coach's sentence: "une petite",
    not the notation's "small"."""
    with use_language("fr"):
        assert [str(contract_words(w)) for w in ("small", "guard-without", "garde")] == [
            "une petite",
            "une garde sans",
            "une garde",
        ]
    assert str(contract_words("small")) == "a small"


def test_numbers_take_a_decimal_comma_in_french() -> None:
    with use_language("fr"):
        assert str(Number(40.5)) == "40,5"
    assert str(Number(40.5)) == "40.5"


def test_a_number_in_a_sentence_is_written_as_the_language_writes_it() -> None:
    """A number put in a sentence or in a score's working: the minus sign (not a hyphen) in both
    languages, the decimal comma in French."""
    for code, half in (("en", "40.5"), ("fr", "40,5")):
        with use_language(code):
            assert _("{score:+d} and {points}", score=-25, points=40.5) == f"\u221225 and {half}"
            assert f"{Number(-8):+d} {Number(8):+d}" == "\u22128 +8"
            assert (written(-72), written(40.5), written(True), written("p1")) == (
                "\u221272",
                half,
                "True",
                "p1",
            )
    lost = json.loads(
        bridge.score(
            json.dumps(
                {
                    "variant": "fft",
                    "players": 4,
                    "contract": "garde",
                    "oudlers": 1,
                    "points": 40.5,
                    "petit_au_bout": "attack",
                }
            )
        )
    )
    assert lost["ok"], lost
    working = {term["term"]: term for term in lost["result"]["breakdown"]}
    assert working["contract_score"]["detail"] == "(\u2212(25 + 11) + 10) \u00d7 2"
    assert working["taker_share"]["detail"] == "3 \u00d7 \u221252"  # the taker pays 52 to each of three
    assert working["defender_share"]["value"] == 52  # the JSON keeps its numbers


@pytest.mark.parametrize(
    ("argv", "environ", "expected"),
    [
        (["--lang", "fr", "score"], {"LANG": "en_GB.UTF-8"}, "fr"),
        (["--lang=fr", "score"], {}, "fr"),
        (["score"], {"LANGUAGE": "fr:en", "LANG": "en_GB.UTF-8"}, "fr"),
        (["score"], {"LANG": "fr_FR.UTF-8"}, "fr_FR.UTF-8"),
        (["score", "--lang", "fr"], {}, "en"),  # after the command it is the command's argument
        (["score"], {}, "en"),
    ],
)
def test_the_command_line_takes_its_language_from_the_option_then_the_environment(
    argv: list[str], environ: dict[str, str], expected: str
) -> None:
    assert chosen_language(argv, environ) == expected


def test_the_command_line_answers_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    request = {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56}
    assert main(["--lang", "fr", "score", json.dumps(request)]) == 0
    out = capsys.readouterr().out
    assert "Résultat\xa0: réussi" in out and "preneur +240" in out
    assert english_words(out) == set()
    request["oudlers"] = 4
    assert main(["--lang", "fr", "score", json.dumps(request)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tarot\xa0: ") and "doit être" in err and len(err.splitlines()) == 1


def test_a_bridge_answers_in_french_with_no_english_word() -> None:
    request = {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 40.5}
    with use_language("fr"):
        answer = json.loads(calculate(json.dumps(request)))
    assert answer["ok"] is True
    text = " ".join(str(answer[key]) for key in ("html", "bar_html"))
    assert english_words(text) == set(), text[:500]
    with use_language("fr"):
        refused = json.loads(calculate(json.dumps({**request, "oudlers": 7})))
    assert refused["ok"] is False and english_words(refused["message"]) == set(), refused["message"]


def _form_texts(query: dict[str, list[str]]) -> set[str]:
    markup = str(form_html(query, "u"))
    return {text.strip() for text in re.sub(r"<[^>]+>", "\n", markup).split("\n") if text.strip()}


@pytest.mark.parametrize("family", FAMILIES)
def test_the_calculator_form_speaks_french_for_every_rule_set(family: str) -> None:
    """Every label, choice, help and legend of the calculator's form (declared once in English in each
    rule set) is shown in French: no text is the same in both languages but a proper name."""
    for players in family_players(family):
        query = {"variant": [family], "players": [str(players)]}
        english = _form_texts(query)
        with use_language("fr"):
            french = _form_texts(query)
        assert english & french <= {"Mathers (1888)"}, (players, sorted(english & french))
        assert english_words(" ".join(french)) == set(), (players, sorted(french))


@pytest.mark.parametrize(
    ("message_id", "translation", "site", "found"),
    [
        ("You must overtrump {card}.", "Vous devez surcouper {card}.", False, []),
        ("You must overtrump {card}.", "Vous devez surcouper {card:of}.", False, []),
        ("You must overtrump {card}.", "Vous devez surcouper la carte.", False, ["keeps not"]),
        ("You must overtrump {card}.", "Vous devez surcouper {carte}.", False, ["keeps not"]),
        ("The {term}`tricks <levée>` are won.", "Les {term}`plis <levée>` sont gagnés.", True, []),
        ("The {term}`tricks <levée>` are won.", "Les {term}`plis <pli>` sont gagnés.", True, ["keeps not"]),
        ("See [the rules](rules/play.md).", "Voir [les règles](rules/play.md).", True, []),
        ("See [the rules](rules/play.md).", "Voir [les règles](regles.md).", True, ["keeps not"]),
        ("Worth {tarot-value}`x`.", "Vaut {tarot-value}`y`.", True, ["keeps not"]),
        ("A sentence.", "", False, ["not translated"]),
    ],
)
def test_the_checker_catches_what_a_translation_loses(
    message_id: str, translation: str, site: bool, found: list[str]
) -> None:
    said = list(problems(Message(message_id, translation), site))
    assert [line.split(":")[0][: len(kind)] for line, kind in zip(said, found, strict=False)] == found
    assert len(said) == len(found)


@pytest.mark.parametrize(
    ("translation", "wrong"),
    [
        ("Non commencée : {reason}", True),
        ("Non commencée\u00a0: {reason}", False),
        ("le choix habituel ; {reason}", True),
        ("il dit « passe » : {reason}", True),
        ("il dit «\u00a0passe\u00a0»\u00a0: {reason}", False),
        ("{reason} vraiment ?", True),
        ("{reason} avec :trick: (un numéro)", False),
    ],
)
def test_the_checker_wants_french_no_break_spaces(translation: str, wrong: bool) -> None:
    """A French colon, semicolon, question or exclamation mark and quotes take a no-break space, so that
    a narrow screen never starts a line with the mark; English has no such rule."""
    said = list(problems(Message("Not started: {reason}", translation), False, "fr"))
    assert bool(said) is wrong
    assert list(problems(Message("Not started: {reason}", translation), False, "en")) == []


def test_every_catalogue_of_every_language_passes_the_checker() -> None:
    found = [line for path in catalogues() for line in check(path)]
    assert found == []


def test_a_fuzzy_entry_is_a_problem_and_a_gender_is_m_or_f() -> None:
    assert "fuzzy" in list(problems(Message("Hello", "Bonjour", flags=["fuzzy"]), False))
    assert list(problems(Message("King of Hearts", "m", context="card gender"), False)) == []
    assert list(problems(Message("King of Hearts", "masculin", context="card gender"), False)) != []
    assert kept_parts("{card:of} and {n}", False) == kept_parts("{n} et {card}", False)


#: The calls that mark a sentence for the catalogue (tutorial/sphinxext/extract.py's keywords).
TRANSLATION_CALLS = {"_", "gettext", "ngettext", "pgettext", "npgettext", "N_", "NC_", "gettext_lazy"}


def test_no_sentence_is_marked_inside_an_f_string() -> None:
    """The catalogue's extractor does not look inside an f-string's braces: a sentence marked there is
    never translated (the strategy pages' "You play" row and "The count" were English in the French
    edition)."""
    root = Path(__file__).resolve().parents[2]
    found = []
    for folder in ("tarot_core", "tutorial"):
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.JoinedStr):
                    continue
                for inner in ast.walk(node):
                    if (
                        isinstance(inner, ast.Call)
                        and isinstance(inner.func, ast.Name)
                        and inner.func.id in TRANSLATION_CALLS
                    ):
                        found.append(f"{path.relative_to(root)}:{inner.lineno}")
    assert found == []


def test_the_strategy_tables_speak_french() -> None:
    with use_language("fr"):
        played = strategy.play_table("T21 T20 T18 T16 T14 T12 T9 T5 SK H3 D2", taker="p1", trick_number=8)
        counted = strategy.count_table("T21 T20 T18 T16 T14 T12 T9 T5 T1 EX SK SQ H3 H4 D2 D5 C7 C8")
    assert played["rows"][-1][0] == "**Vous jouez**"
    assert counted["rows"][-1][0] == "**Barème des clubs**"
    # The contract the count points to takes its own article (it said "assez pour un prise").
    with use_language("fr"):
        for hand, contract in (
            ("T21 T20 T18 T16 T12 T9 T5 T1 SK SQ H3 H4 D2 D5 C7 C8 C9 C10", "une prise"),
            ("T21 T20 T19 T18 T16 T14 T12 T9 T5 T1 EX SK SQ H3 H4 D2 D5 C7", "une garde"),
        ):
            caption = str(strategy.count_table(hand)["caption"])
            assert f"assez pour {contract}" in caption, caption


@pytest.mark.parametrize(
    ("family", "excuse", "side"),
    [
        ("fft", "l’Excuse", "Le preneur"),
        ("mathers", "le Fou", "Le preneur"),
        ("chambery", "le Fou", "Le soliste"),
    ],
)
def test_each_rule_sets_names_are_said_in_french(family: str, excuse: str, side: str) -> None:
    """The Excuse by the rule set's name, in the bridges, the trick stories and the engine's log, and the
    side that plays the contract on a worked example's verdict (they were "the Fool", "Le taker")."""
    card = parse_cards("EX")[0]
    words = words_for(family)
    with use_language("fr"):
        assert card_phrase(card, family) == excuse
        assert card_phrase(parse_cards("SQ")[0], family) == "la Dame de Pique"
        assert str(trick_stories.card_noun(card, describe.excuse_noun(words))) == excuse
        assert str(describe.card_noun(card, words)) == excuse
        assert _playing_side({"variant": family, "contract": "garde"}) == side


def test_the_captions_pages_give_engine_tables_are_translated() -> None:
    """A ``:caption:`` of a ``tarot-table`` in a page is drawn with the table, in the page's language."""
    captions = {
        caption
        for path in sorted(DOCS.rglob("*.md"))
        if path.relative_to(DOCS).parts[0] not in ("developers", "_build")
        for _fence, options in TABLE_CAPTION.findall(path.read_text(encoding="utf-8"))
        for caption in CAPTION_OPTION.findall(options)
    }
    assert len(captions) > 10
    with use_language("fr"):
        untranslated = {caption for caption in captions if pgettext("table caption", caption) == caption}
    assert untranslated == set()


def test_tables_replays_and_bonuses_name_contracts_and_roles_in_french() -> None:
    with use_language("fr"):
        contracts = [str(row[0]) for row in tables.multipliers_table()["rows"]]
        printed = [str(row[0]) for row in print_tables.fft_contracts_table()["rows"]]
        bonus = _(HAND_BONUS_HOLDER["trumps-10"], holder=ROLE_NOUNS["taker"])
        # (the step after the last bid of a solo)
        replayed = json.loads(bridge.replay("chambery-5-solo-one-card", 7, "all"))
    assert contracts == printed
    assert "Garde sans le chien" in contracts and not any("guard" in name for name in contracts)
    assert bonus == "10 atouts en main\xa0: le preneur encaisse auprès de chaque joueur"
    bids = re.search(r'<p class="tw-bids">(.*?)</p>', str(replayed["html"]))
    assert bids is not None, replayed["html"]
    assert bids.group(1).endswith("Denis\xa0: passe, Élodie\xa0: solo à une carte demandée"), bids.group(1)


def test_a_trick_story_names_the_excuse_in_french() -> None:
    number = trick_stories.find_trick("fft-4-first-hand", "excuse")
    with use_language("fr"):
        story = " ".join(trick_stories.trick_story("fft-4-first-hand", number))
    assert "joue l’Excuse, qui peut se jouer à tout moment" in story and "the Excuse" not in story, story


def test_a_replays_tally_names_the_sides_in_french() -> None:
    with use_language("fr"):
        html = json.loads(bridge.replay("fft-4-first-hand", "end", "all"))["html"]
    labels = re.findall(r'class="tw-tally-label">([^<]*)<', html)
    assert labels == ["Attaque (camp du preneur)", "Défense"]


@pytest.mark.parametrize(
    ("codes", "english", "french"),
    [
        ("C1", "the Ace of Clubs", "l’As de Trèfle"),
        ("S1 SK", "the Ace and King of Spades", "l’As et le Roi de Pique"),
        (
            "SQ H8 H9",
            "the Queen of Spades and the 8 and 9 of Hearts",
            "la Dame de Pique et le 8 et le 9 de Cœur",
        ),
        ("T5 T12 EX", "the 5 and 12 of trumps and the Excuse", "le 5 et le 12 d’atout et l’Excuse"),
    ],
)
def test_cards_said_in_a_list_take_each_its_article_in_french(codes: str, english: str, french: str) -> None:
    """A refusal or a note that lists cards ("you hold the Ace and King of Spades"): French gives each
    rank its own article, where it said "As et Roi de Pique"."""
    cards = parse_cards(codes)
    assert cards_in_words(cards) == english
    with use_language("fr"):
        assert cards_in_words(cards) == french


@pytest.mark.parametrize(
    ("family", "action", "english", "french"),
    [
        ("fft", "p2 bid garde-sans", "Bruno bids garde sans.", "Bruno annonce garde sans."),
        (
            "chambery",
            "p2 bid solo-two-cards",
            "Bruno bids solo with two demanded cards.",
            "Bruno annonce solo à deux cartes demandées.",
        ),
        ("classic", "p2 bid guard-against", "Bruno bids guard against.", "Bruno annonce garde contre."),
    ],
)
def test_a_bid_is_said_by_its_name_in_the_readers_language(
    family: str, action: str, english: str, french: str
) -> None:
    """The play page's log and a replay say a bid by the rule set's name for it, never its notation
    ("solo two cards", "garde-sans"), and in French in the French edition ("guard against" was English)."""
    said = describe.describe(Action.parse(action), words_for(family), {Seat.P2: "Bruno"}, style="table")
    assert str(said) == english
    with use_language("fr"):
        assert str(said) == french


@pytest.mark.parametrize(
    ("key", "options", "french"),
    [
        ("chambery-5", {}, "Tarot de Chambéry, 5 joueurs"),
        ("chambery-4", {"pack": 62}, "Tarot de Chambéry, 4 joueurs, 62 cartes"),
        ("fft-4", {}, "Tarot français, 4 joueurs"),
    ],
)
def test_a_rule_sets_title_is_read_in_french(key: str, options: dict[str, object], french: str) -> None:
    """The play page's title names the rule set in the reader's language: Chambéry's, which depends on
    the pack and is kept on the variant itself, stayed English ("Chambéry Tarot, 5 players")."""
    variant = find_variant(key, **options)
    with use_language("fr"):
        assert variant.title == french
    assert variant.title != french


#: Every part a seat has at the table in the rule sets' sample hands, as the English replay says it.
ENGLISH_ROLES = {"taker", "partner", "defender", "dealer", "soloist", "opponent"}


@pytest.mark.parametrize("name", record_names())
def test_every_seats_part_is_named_in_french(name: str) -> None:
    """The replay's badges and rows and the position's sentence name each seat's part in French: a
    Chambéry opponent is "adversaire" (they once said "Amélie (opponent)" and "c’est le opponent")."""
    with use_language("fr"):
        end = json.loads(bridge.replay(name, "end", "all"))
        position = json.loads(bridge.position(name))
    badges = re.findall(r'class="tw-badge tw-role-[a-z]+">([^<]*)<', str(end["html"]))
    rows = re.findall(r'<th scope="row">[^<(]*\(([^)<]*)\)</th>', str(end["html"]))
    context = re.sub(r"<[^>]+>", " ", str(position["html"]))
    assert badges or rows, name
    for word in [*badges, *rows]:
        assert word.strip() and word.strip() not in ENGLISH_ROLES, (name, word)
    english = [role for role in ENGLISH_ROLES if re.search(rf"\b{role}\b", context)]
    assert "de jouer" in context and not english, context


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_trick_lists_points_take_the_number_of_their_count(language: str) -> None:
    """A trick of one point says "1 pt", of more "pts", in both languages (every trick said "pts")."""
    with use_language(language):
        html = str(json.loads(bridge.replay("mathers-2-ask", "end", "all"))["html"])
    won = re.findall(r'class="tw-trick-won">([^<]*)<', html)
    points = [int(p) for p in re.findall(r'data-trick="\d+" data-points="(\d+)"', html)]
    assert len(won) == len(points) and 1 in points and max(points) > 1, (won, points)
    for said, count in zip(won, points, strict=True):
        one = count == 1 or (count == 0 and language == "fr")  # French counts nought as one
        assert said.endswith(f", {count} pt" if one else f", {count} pts"), said


def test_the_lesson_table_names_your_seat_and_its_cards_in_french() -> None:
    """A lesson's trick and bidding show your seat as "Vous" in French (they showed "You"), and the
    verdict on which card wins names a King with its article, as a sentence begins."""
    from tutorial.bridge import lessons

    exercises = [
        exercise
        for name in ("following", "trumps", "bidding")
        for exercise in json.loads((DOCS.parent / "tutorial" / "lessons" / f"{name}.json").read_text())[
            "exercises"
        ]
    ]
    shown = 0
    for exercise in exercises:
        with use_language("fr"):
            html = json.loads(lessons.exercise(json.dumps(exercise)))["html"]
        assert ">You<" not in html and "You (" not in html, exercise["id"]
        shown += ">Vous<" in html or "Vous (" in html
    assert shown >= 3
    king = next(e for e in exercises if e.get("kind") == "winner" and "DK" in e["trick"].split())
    with use_language("fr"):
        said = json.loads(lessons.check(json.dumps(king), json.dumps("DK")))["message"]
    assert said.startswith("Le Roi de Carreau est la plus forte carte à Carreau"), said


@pytest.mark.parametrize("family", ["fft", "classic", "mathers"])
def test_the_calculator_says_no_handful_declaration_or_bonus_in_the_feminine(family: str) -> None:
    """A handful (poignée), a declaration (annonce) and a hand bonus (prime) are feminine: the
    choice of none of them reads "aucune" (it read "aucun")."""
    with use_language("fr"):
        answer = calculate(json.dumps({"variant": [family], "players": ["3"]}))
    assert ">aucune<" in answer and ">aucun<" not in answer


def test_a_chambery_outcome_in_the_working_is_a_word_of_the_language() -> None:
    """Chambéry's working has a line whose value is how the deal went: the calculator and the command
    line say it in the reader's language (it read "won" in French), while the answer's JSON keeps the
    code."""
    request = {"variant": "chambery", "players": 4, "contract": "call", "points": 50}
    answer = json.loads(bridge.score(json.dumps(request)))
    line = {"term": "outcome", "label": "The dealer's side won", "value": "won"}
    assert line in answer["result"]["breakdown"]
    with use_language("fr"):
        html = calculate(
            json.dumps({"variant": ["chambery"], "players": ["4"], "contract": ["call"], "points": ["50"]})
        )
    assert ">gagné<" in html and ">won<" not in html


def test_the_command_line_says_a_chambery_outcome_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    request = json.dumps({"variant": "chambery", "players": 4, "contract": "call", "points": 20})
    assert main(["--lang", "fr", "score", request]) == 0
    said = capsys.readouterr().out
    assert "perdu" in said and " lost" not in said
