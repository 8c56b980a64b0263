"""The lead of a trick tapped on the scorer's phone, in headless Chromium at 390×844: a Decktet
card of two suits asks which one was led, offering only those the rules let it declare; a
suit not yet broken is led only by a leader who held nothing else, which the scorer taps to
say. Without them a trick could be recorded card by card only at the laptop (`--led`,
`--forced`)."""

from browser import needs_chromium, opened, tap
from test_vocabulary import HEARTS

pytestmark = needs_chromium


def recorded(page, trick):
    """The reply to a trick sent, once it is recorded ("trick 2 of 8"), line by line."""
    reply = page.locator("#reply.ok", has_text=trick)
    reply.wait_for()
    return reply.inner_text().splitlines()


def begin_card_by_card(page, server):
    """The scorer's page, at a hand's tricks with nothing of its play in: begun card by card."""
    page.goto(server.scorer_url)
    page.locator("#entry h2", has_text="Hand 1: the tricks taken").wait_for()
    tap(page, "Card by card instead")


def snakebit_after_one_trick(sk):
    """Snakebit (RULES §4), Ann deals, Bob leads; moons cursed, suns trump, neither to be
    declared led until broken. Trick 1, typed at the laptop: Bob leads the Author declared as
    knots and takes it (the only knots); Cat's Origin and Ann's Savage break waves, leaves and
    wyrms. Moons and suns are still unbroken, and Bob leads trick 2."""
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    for line in [("cursed", "moons"), ("trump", "suns"), ("trick", "Author", "Origin", "Savage", "--led", "knots")]:
        sk(*line)


def test_a_two_suited_lead_of_unbroken_suits_asks_the_suit_and_whether_the_leader_held_nothing_else(
    sk, home, serving, chromium
):
    """Bob leads the Mountain (Moons/Suns): both unbroken, so either may be declared, and
    either needs Bob to have held nothing else. Sent without saying so, the trick is refused
    in the page's words; said, it is recorded as `trick … --led suns --forced` records it."""
    snakebit_after_one_trick(sk)
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 1: the next trick").wait_for()
        assert page.locator("#entry", has_text="Which suit was led?").count() == 0  # no card yet
        for card in ("Mountain (4 Moons/Suns)", "Journey (3 Moons/Waves)", "Lunatic (6 Moons/Waves)"):
            tap(page, card)
        page.locator("#entry", has_text="Which suit was led?").wait_for()
        send = page.locator("#entry").get_by_role("button", name="Send trick", exact=True)
        assert send.is_disabled()  # the led suit is not said yet
        held = page.locator("#entry").get_by_role("button", name="Bob held nothing else", exact=True)
        assert held.count() == 0
        tap(page, "Suns")
        assert send.is_enabled() and held.count() == 1
        send.click()
        refusal = page.locator("#reply.refused", has_text="not broken")
        refusal.wait_for()
        assert refusal.inner_text() == (
            "refused: trump (suns) and the cursed suit (moons) are not broken yet, so Bob may not lead Mountain "
            "(4 Moons/Suns), unless every card Bob held bears only those suits: then tap “Bob held nothing else”"
        )
        assert sk("log").splitlines()[-1].split()[4:-1] == ["trick", "Author", "Origin", "Savage", "(led", "knots)"]
        tap(page, "Bob held nothing else")
        send.click()
        assert recorded(page, "trick 2 of 8")[:2] == [
            "Hand 1, trick 2 of 8: Bob Mountain (4 Moons/Suns) Cat Journey (3 Moons/Waves) Ann Lunatic (6 Moons/Waves)",
            "Bob takes it — Mountain (4 Moons/Suns) wins: the only trump (suns).",
        ]
    last = sk("log").splitlines()[-1].split()  # the entry the command line makes, from the phone
    assert last[4:-1] == ["trick", "Mountain", "Journey", "Lunatic", "(led", "suns)", "(forced", "lead)", "from", "the", "phone"]


def test_a_two_suited_lead_with_one_suit_open_declares_that_one_without_asking(sk, home, serving, chromium):
    """Bob leads the Forest (Moons/Leaves): moons is unbroken, leaves open, so the Forest may be
    declared only as leaves: nothing is asked, and the trick goes as `--led leaves`."""
    snakebit_after_one_trick(sk)
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 1: the next trick").wait_for()
        greyed = page.locator("#entry .cards button:disabled").all_inner_texts()
        assert greyed == ["Author (2 Moons/Knots)", "Origin (2 Waves/Leaves)", "Savage (3 Leaves/Wyrms)"]  # trick 1's
        for card in ("Forest (5 Moons/Leaves)", "Sailor (4 Waves/Leaves)", "Mill (8 Waves/Leaves)"):
            tap(page, card)
        assert page.locator("#entry", has_text="Which suit was led?").count() == 0
        assert page.locator("#entry").get_by_role("button", name="Bob held nothing else", exact=True).count() == 0
        tap(page, "Send trick")
        assert recorded(page, "trick 2 of 8")[1] == "Ann takes it — Mill (8 Waves/Leaves) wins: highest card bearing leaves; no trump played."
    assert sk("log").splitlines()[-1].split()[4:-1] == ["trick", "Forest", "Sailor", "Mill", "(led", "leaves)", "from", "the", "phone"]


def test_the_led_suit_is_asked_in_the_phones_language_by_the_suits_names(sk, home, serving, chromium):
    """On a German phone the question is German and a Decktet suit's button shows its German
    name alone ("Monde", not "Monde moons" as the suit buttons showed it)."""
    snakebit_after_one_trick(sk)
    server = serving()
    link, secret = server.scorer_url.split("#", 1)
    with opened(chromium) as page:
        page.goto(f"{link}?lang=de#{secret}")
        page.locator("#entry h2", has_text="Spiel 1: der nächste Stich").wait_for()
        page.locator('#entry button[title="Mountain"]').click()
        question = page.locator("#entry p", has_text="Welche Farbe wurde ausgespielt?")
        question.wait_for()
        offered = question.locator("xpath=following-sibling::div[1]").get_by_role("button")
        assert offered.all_inner_texts() == ["Monde", "Sonnen"]


def test_a_hand_with_nothing_of_its_play_in_is_begun_card_by_card_from_the_phone(sk, home, serving, chromium):
    """MrPikes' Oh Hell, three cards each, Ann deals and leads (RULES §1); trump and bids in.
    The tricks may go by totals or card by card: the phone offers both, and its first trick
    begins the hand card by card, as `trick QS 2S 3S` does; back to totals is one tap while
    no card is in. The cards played are greyed for the tricks after."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann",
       "--set", "sizes=fixed", "--set", "start=3", "--set", "hands=2")  # fmt: skip
    sk("trump", "hearts")
    sk("bid", "1", "1", "1")
    server = serving()
    with opened(chromium) as page:
        begin_card_by_card(page, server)
        page.locator("#entry", has_text="Ann leads. Tap the cards in the order played.").wait_for()
        assert page.locator("#entry h2").inner_text().startswith("Hand 1: the next trick")
        assert page.locator("#entry .player").count() == 0  # the tricks' pads are gone
        tap(page, "By totals instead")
        assert page.locator("#entry .player").count() == 3
        assert page.locator("#entry h2").inner_text().startswith("Hand 1: the tricks taken")
        tap(page, "Card by card instead")
        for card in ("Q♠", "2♠", "3♠"):
            tap(page, card)
        tap(page, "Send trick")
        assert recorded(page, "trick 1 of 3")[:3] == [
            "Hand 1, trick 1 of 3: Ann Q♠ Bob 2♠ Cat 3♠",
            "Ann takes it — Q♠ wins: highest spade; no trump played.",
            "Ann leads trick 2.",
        ]
        page.locator("#entry h2", has_text="Hand 1: the next trick").wait_for()
        assert page.locator("#entry").get_by_role("button", name="By totals instead", exact=True).count() == 0
        greyed = page.locator("#entry .cards button:disabled").all_inner_texts()
        assert greyed == ["2♠", "3♠", "Q♠"]  # played in trick 1: each card is played once a hand
    assert sk("log").splitlines()[-1].split()[4:-1] == ["trick", "QS", "2S", "3S", "from", "the", "phone"]


def office_hand_bid(sk, *options):
    """Oh Hell, office rules (RULES §2), Ann deals and Bob leads; 5♥ turned up: 5 cards each,
    hearts trump; every bid 1. Both Jokers are in the hands (only a Joker turned up is out)."""
    sk("new", "oh-hell-office", "--players", "Ann,Bob,Cat,Dan", *options)
    sk("flip", "5H")
    sk("bid", "1", "1", "1", "1")


def test_after_a_joker_lead_the_player_setting_the_suit_is_the_one_who_held_nothing_else(
    sk, home, serving, chromium
):
    """RULES §2, trump must be broken: after Bob's Joker lead, Cat's 7♥ sets the led suit, so
    it is Cat who may set unbroken trump only holding nothing else. The phone names Cat, says
    the refusal in its own words, and sends `--forced` once tapped."""
    office_hand_bid(sk, "--set", "must_break=true")
    server = serving()
    with opened(chromium) as page:
        begin_card_by_card(page, server)
        page.locator("#entry", has_text="Bob leads. Tap the cards in the order played.").wait_for()
        tap(page, "Joker")
        held = page.locator("#entry").get_by_role("button", name="Cat held nothing else", exact=True)
        assert held.count() == 0  # the Joker sets no suit
        for card in ("7♥", "2♣", "3♣"):
            tap(page, card)
        assert held.count() == 1
        assert page.locator("#entry").get_by_role("button", name="Bob held nothing else", exact=True).count() == 0
        tap(page, "Send trick")
        refusal = page.locator("#reply.refused", has_text="not broken")
        refusal.wait_for()
        assert refusal.inner_text() == (
            "refused: trump (hearts) is not broken yet, so Cat may not set the led suit after the Joker lead "
            "with 7♥, unless Cat held only hearts: then tap “Cat held nothing else”"
        )
        assert "trick" not in sk("log").splitlines()[-1]
        held.click()
        tap(page, "Send trick")
        assert recorded(page, "trick 1 of 5")[1] == "Cat takes it — 7♥ wins: the only trump (hearts)."
    last = sk("log").splitlines()[-1].split()
    assert last[4:-1] == ["trick", "JK", "7H", "2C", "3C", "(forced", "lead)", "from", "the", "phone"]


def test_both_jokers_go_in_one_trick_each_tapped_on_a_button_of_its_own(sk, home, serving, chromium):
    """RULES §2: two Jokers, both in play unless one is turned up. The pack shows a Joker for
    each; a trick may hold both (jesters: Dan's 2♣ sets clubs, Ann's 3♣ takes it), and then
    none is left to tap."""
    office_hand_bid(sk)
    server = serving()
    with opened(chromium) as page:
        begin_card_by_card(page, server)
        jokers = page.locator("#entry .cards").get_by_role("button", name="Joker", exact=True)
        assert jokers.count() == 2
        jokers.nth(0).click()
        jokers.nth(1).click()
        jokers.nth(1).click()  # taken back, and tapped again
        jokers.nth(1).click()
        for card in ("2♣", "3♣"):
            tap(page, card)
        assert page.locator("#entry p.check").inner_text() == "JK JK 2C 3C"
        tap(page, "Send trick")
        assert recorded(page, "trick 1 of 5")[:2] == [
            "Hand 1, trick 1 of 5: Bob Joker Cat Joker Dan 2♣ Ann 3♣",
            "Ann takes it — 3♣ wins: highest club; no trump played.",
        ]
        page.locator("#entry h2", has_text="Hand 1: the next trick").wait_for()
        assert jokers.count() == 1 and jokers.is_disabled()
    assert sk("log").splitlines()[-1].split()[4:-1] == ["trick", "JK", "JK", "2C", "3C", "from", "the", "phone"]


def test_a_loners_hand_is_made_then_played_card_by_card_by_the_three_who_play(sk, home, serving, chromium):
    """Euchre (RULES §7), Ann deals; Dan orders up spades alone, so his partner Bob sits out and
    Cat, left of the dealer, leads: a trick is three cards, and Send waits for the third. The
    making is sent alone, the tricks to follow card by card (§7: "or each player's, card by
    card")."""
    sk("new", "euchre", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann")
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 1: who made trump").wait_for()
        by_card = page.locator("#entry").get_by_role("button", name="Send, then the tricks card by card", exact=True)
        tap(page, "Dan")
        assert by_card.is_disabled()  # the suit first
        for choice in ("♠ spades", "ordered up", "alone"):
            tap(page, choice)
        by_card.click()
        page.locator("#entry", has_text="Cat leads. Tap the cards in the order played.").wait_for()
        assert page.locator("#entry h2").inner_text().startswith("Hand 1: the next trick")
        assert sk("log").splitlines()[-1].split()[4:-1] == ["Dan", "orders", "up", "S,", "alone", "from", "the", "phone"]
        send = page.locator("#entry").get_by_role("button", name="Send trick", exact=True)
        for card in ("9♥", "A♠", "10♥"):
            assert send.is_disabled()
            tap(page, card)
        tap(page, "K♥")  # a fourth card: nobody is left to play it
        assert page.locator("#entry p.check").inner_text() == "9H AS 10H"
        send.click()
        assert recorded(page, "trick 1 of 5")[:2] == [
            "Hand 1, trick 1 of 5: Cat 9♥ Dan A♠ Ann 10♥",
            "Dan takes it — A♠ wins: the only trump (spades).",
        ]


def test_where_the_rules_name_the_card_that_opens_the_hand_the_phone_asks_who_led_it(
    sk, home, serving, chromium
):
    """A user's plain Hearts (test_vocabulary's: whoever holds 2♣ leads it to the first trick).
    The phone asks who led 2♣ and puts it first; the others play round the table from its
    holder, as `trick 2C 3C 4C 5C --leader Bob` records. Then the trick's winner leads."""
    path = home / "rulesets" / "plain-hearts.toml"
    path.parent.mkdir(parents=True)
    path.write_text(HEARTS, encoding="utf-8")
    sk("new", "plain-hearts", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann")
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2").first.wait_for()
        tap(page, "Card by card instead")
        page.locator("#entry", has_text="Who led 2♣?").wait_for()
        assert page.locator("#entry").get_by_role("button", name="Send trick", exact=True).count() == 0
        tap(page, "Bob")
        page.locator("#entry", has_text="Bob leads. Tap the cards in the order played.").wait_for()
        assert page.locator("#entry p.check").inner_text() == "2C"
        for card in ("2♣", "3♣", "2♣", "4♣"):  # 2♣ taken back and tapped again: no longer first
            tap(page, card)
        tap(page, "5♣")
        tap(page, "Send trick")
        refusal = page.locator("#reply.refused")
        refusal.wait_for()
        assert refusal.inner_text() == (
            "refused: the first trick opens with 2♣, led by whoever holds it: tap 2♣ first (not 3♣)"
        )
        tap(page, "Bob")  # said again: 2♣ alone, first
        for card in ("3♣", "4♣", "5♣"):
            tap(page, card)
        tap(page, "Send trick")
        assert recorded(page, "trick 1 of 13")[:2] == [
            "Hand 1, trick 1 of 13: Bob 2♣ Cat 3♣ Dan 4♣ Ann 5♣",
            "Ann takes it — 5♣ wins: highest club.",
        ]
        page.locator("#entry", has_text="Ann leads. Tap the cards in the order played.").wait_for()
        assert page.locator("#entry", has_text="Who led").count() == 0
    assert sk("log").splitlines()[-1].split()[4:-1] == [
        "trick", "2C", "3C", "4C", "5C", "(led", "by", "Bob)", "from", "the", "phone",
    ]  # fmt: skip


def test_held_nothing_else_is_said_of_one_player_and_unsaid_when_another_sets_the_suit(
    sk, home, serving, chromium
):
    """RULES §2 (trump must be broken, Jokers led): the scorer says Cat held nothing else, then
    puts the trick right: Cat played the other Joker and Dan's 7♥ set the suit. What was said
    of Cat is not said of Dan: his lead of unbroken trump is refused until the scorer says it."""
    office_hand_bid(sk, "--set", "must_break=true")
    server = serving()
    with opened(chromium) as page:
        begin_card_by_card(page, server)
        for card in ("Joker", "7♥", "2♣"):
            tap(page, card)
        cat = page.locator("#entry").get_by_role("button", name="Cat held nothing else", exact=True)
        cat.click()
        assert cat.get_attribute("aria-pressed") == "true"
        for card in ("7♥", "2♣"):  # taken back
            tap(page, card)
        page.locator("#entry .cards").get_by_role("button", name="Joker", exact=True).nth(1).click()
        for card in ("7♥", "3♣"):
            tap(page, card)
        assert page.locator("#entry p.check").inner_text() == "JK JK 7H 3C"
        dan = page.locator("#entry").get_by_role("button", name="Dan held nothing else", exact=True)
        assert cat.count() == 0 and dan.get_attribute("aria-pressed") == "false"
        tap(page, "Send trick")
        page.locator("#reply.refused", has_text="so Dan may not set the led suit").wait_for()
        dan.click()
        tap(page, "Send trick")
        assert recorded(page, "trick 1 of 5")[1] == "Dan takes it — 7♥ wins: the only trump (hearts)."
    last = sk("log").splitlines()[-1].split()
    assert last[4:-1] == ["trick", "JK", "JK", "7H", "3C", "(forced", "lead)", "from", "the", "phone"]
