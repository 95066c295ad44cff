"""A deal anyone can check: the hand's seed committed to before the deal, the person's cut,
and the seed revealed once the hand is over (docs/fair-deal.md gives the whole algorithm).

Before a hand the table shows the *commitment*, a fingerprint of the hand's seed. The person
then cuts: a number in `CUTS`, which `cut_seed` mixes into the seed to give the seed the deck
is shuffled from. The hand's seed was fixed before the cut and the cut was the person's, so
nobody, the computer included, chose the person's cards. Once the hand is over the seed is
shown, and `check` recomputes the commitment and the deal from it.

Cut 0 is no cut: the deck is shuffled from the hand's seed itself, as every deal was before
cuts existed, so every earlier save, link and daily deal deals as it did (the daily deal's cut
is fixed at 0: everyone plays the same deck).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from .errors import IllegalAction
from .rng import derive_seed

CUTS = range(1, 1000)  # the person's cuts: three digits to type, or a tap's timing
UNCUT = 0  # no cut: the deck of the seed itself
PREFIX = b"rummy-table/fair-deal/1/"  # what the commitment hashes before the seed
CUT_LABEL = 1 << 42  # the label `cut_seed` derives with, so no other derivation meets it
SEEDS = 1 << 64  # a hand's seed is a 64-bit whole number


def commitment(seed: int) -> str:
    """The fingerprint of a hand's seed shown before the deal: the first 16 bytes of
    SHA-256(PREFIX + the seed as 8 bytes, big-endian), in eight groups of four hex digits."""
    digest = hashlib.sha256(PREFIX + _checked_seed(seed).to_bytes(8, "big")).hexdigest()[:32]
    return " ".join(digest[i : i + 4] for i in range(0, 32, 4))


def cut_seed(seed: int, cut: int) -> int:
    """The seed the deck is shuffled from: the hand's seed itself uncut (cut 0), else
    `rng.derive_seed(seed, CUT_LABEL, cut)`. ValueError for a cut outside 0-999."""
    _checked_seed(seed)
    if type(cut) is not int or not (cut == UNCUT or cut in CUTS):
        raise ValueError(f"a cut is a whole number from {CUTS[0]} to {CUTS[-1]} (0: uncut)")
    return seed if cut == UNCUT else derive_seed(seed, CUT_LABEL, cut)


def person_cut(word: Any) -> int:
    """The cut a person typed (a number in CUTS, as text or a number); IllegalAction
    `bad_cut` for anything else, so a wrong cut changes nothing."""
    text = str(word).strip() if isinstance(word, (str, int)) and type(word) is not bool else ""
    if not (text.isascii() and text.isdigit() and len(text) <= 3 and int(text) in CUTS):
        raise IllegalAction(
            f"A cut is a whole number from {CUTS[0]} to {CUTS[-1]}, not {word!r}.",
            "bad_cut",
            low=CUTS[0],
            high=CUTS[-1],
        )
    return int(text)


def check(
    shown: str, seed: int, cut: int, deal: Callable[[int], Any], dealt: int | None = None
) -> dict[str, Any]:
    """The check of a revealed deal, JSON-ready: whether `seed` has the commitment `shown`
    before the deal, whether seed and cut give the deal played (`dealt`: the seed it was
    shuffled from; None: nothing to compare), and the whole deck they give (`deal`, the game's
    deck from a shuffle's seed). `matches` is true only when every comparison holds: a changed
    seed fails the first, a changed cut the second. ValueError for a seed or cut that is none."""
    computed = commitment(seed)
    shuffled = cut_seed(seed, cut)
    same_commitment = isinstance(shown, str) and "".join(shown.lower().split()) == "".join(
        computed.split()
    )
    same_deal = dealt is None or dealt == shuffled
    return {
        "matches": same_commitment and same_deal,
        "commitment_matches": same_commitment,
        "deal_matches": None if dealt is None else same_deal,
        "shown": shown,
        "commitment": computed,
        "seed": seed,
        "cut": cut,
        "deck": deal(shuffled),
    }


def _checked_seed(seed: int) -> int:
    if type(seed) is not int or not 0 <= seed < SEEDS:
        raise ValueError(f"a hand's seed is a 64-bit whole number, not {seed!r}")
    return seed
