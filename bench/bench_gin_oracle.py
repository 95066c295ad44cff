"""What seeing the opponent's hand would be worth to gin's hard player: its ceiling.

    python bench/bench_gin_oracle.py [--deals 1000] [--matches 0] [--seed 5] [--rules pagat]
                                     [--against easy|normal] [--jobs 2]

An *oracle* is hard with one thing added: for some of its decisions it prices them on the
opponent's true hand instead of on its 32 sampled deals. No computer player may do that; it
exists only here, to split what hard leaves on the table into what better play could win and
what only hidden information could. Variants, each measured side by side with plain hard on the
same deals against `easy` (or `--against normal`):

- `knocks`: the true hand prices every knock (undercut risk known exactly);
- `discards`: the true hand decides which discards feed a meld of the opponent's;
- `both`;
- `discards 25%`: a quarter of its discard decisions (picked at random) see the true hand.

`--deals N` plays the first hand of N deals twice (hard dealing, then the opponent) and prints
points per hand with 95% intervals, and each variant's gain over hard on the same hands.
`--matches N` plays N whole matches per variant through the arena's pairs and prints match wins,
to show how many points a hand it takes to win a given share of matches.

The oracle learns the true hand from a spy wrapped around the opponent: the opponent's own view
shows its hand, and the spy publishes what it holds after each of its moves. The hand drivers
stay untouched.
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool

from rummy.cards import to_mask
from rummy.gin import Discard, HardAgent, Knock, Match, PassUpcard, make_agent, play_round, preset
from rummy.gin.agents.simulate import Deal
from rummy.gin.arena import play_pair, summarize
from rummy.intervals import mean_interval
from rummy.rng import derive_seed

VARIANTS = {  # name: (sees knocks, share of discard decisions that see)
    "hard": (False, 0.0),
    "knocks": (True, 0.0),
    "discards": (False, 1.0),
    "both": (True, 1.0),
    "discards 25%": (False, 0.25),
}


class Table:
    """What the spy last saw of the opponent's hand: (the hand's identity, turns, card mask)."""

    def __init__(self) -> None:
        self.seen: tuple[object, int, int] | None = None


def hand_identity(view) -> tuple:
    """Which hand of the match a view is of: the scores by seat before it, and its dealer."""
    return (view.scores[::-1] if view.seat else view.scores, view.dealer)


class Spy:
    """The opponent, publishing the cards it holds after each of its moves (from its own view)."""

    def __init__(self, agent, table: Table) -> None:
        self.agent, self.table = agent, table

    def act(self, view):
        action = self.agent.act(view)
        if isinstance(action, (Discard, Knock)):
            held = to_mask(view.hand) ^ 1 << action.card.index
            self.table.seen = (hand_identity(view), view.turns + 1, held)
        elif isinstance(action, PassUpcard):
            self.table.seen = (hand_identity(view), view.turns, to_mask(view.hand))
        return action


class Oracle(HardAgent):
    """Hard that prices knocks and/or some discards on the opponent's true hand."""

    def __init__(self, seed: int, table: Table, knocks: bool, share: float) -> None:
        super().__init__(seed)
        self.table, self.knocks, self.share = table, knocks, share

    def _true_deal(self, view, knowledge) -> list[Deal] | None:
        """The opponent's hand as the spy saw it, when it is this very position's."""
        if self.table.seen is None:
            return None
        identity, turns, held = self.table.seen
        if identity != hand_identity(view) or turns != view.turns:
            return None
        if (
            held & (knowledge.own | to_mask(view.pile))
            or held.bit_count() != view.opponent_card_count
        ):
            return None
        return [Deal(held, knowledge.unseen & ~held)]

    def _deals(self, view, knowledge):
        self._truth = self._true_deal(view, knowledge)
        # Still sampled when the truth replaces them: the `knocks` variant then makes every
        # other decision exactly as plain hard would.
        return super()._deals(view, knowledge)

    def _discards(self, view, knowledge, evaluator, deals, margin):
        sees = self._truth is not None and self.share > 0 and self._rng.random() < self.share
        truth = self._truth if sees else deals
        return super()._discards(view, knowledge, evaluator, truth, margin)

    def _knocks(self, view, knowledge, deals):
        sees = self._truth is not None and self.knocks
        return super()._knocks(view, knowledge, self._truth if sees else deals)


def players(variant: str, against: str):
    """(p1, p2) factories sharing one table: the variant's hard, and the opponent behind a spy."""
    knocks, share = VARIANTS[variant]
    table = Table()
    return (
        lambda seed: Oracle(seed, table, knocks, share),
        lambda seed: Spy(make_agent(against, seed), table),
    )


def deal_points(args) -> list[float]:
    """Each variant's mean points over the first hand of one deal, dealt by each seat in turn."""
    deal, seed, rules_name, against = args
    rules = preset(rules_name)
    points = []
    for variant in VARIANTS:
        total = 0
        for dealer in (0, 1):
            hard, opponent = players(variant, against)
            agents = [hard(derive_seed(seed, deal, 1)), opponent(derive_seed(seed, deal, 2))]
            match = play_round(
                Match.start(rules, derive_seed(seed, deal), first_dealer=dealer), agents
            )
            total += match.round.result.points_for(0)
        points.append(total / 2)
    return points


def match_pair(args):
    pair, seed, rules_name, against, variant = args
    return play_pair(pair, seed, preset(rules_name), *players(variant, against))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--matches", type=int, default=0, help="per variant, an even number")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--rules", choices=["house", "pagat"], default="pagat")
    parser.add_argument("--against", choices=["easy", "normal"], default="easy")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.deals < 2 or args.matches < 0 or args.matches % 2 or args.jobs < 1:
        parser.error("--deals needs at least 2, --matches an even number, --jobs at least 1")
    with Pool(args.jobs) as pool:
        rows = pool.map(
            deal_points, [(d, args.seed, args.rules, args.against) for d in range(args.deals)]
        )
        print(
            f"{args.deals} deals, each first hand played twice ({args.rules}), "
            f"against {args.against}:"
        )
        for k, variant in enumerate(VARIANTS):
            mean, low, high = mean_interval(row[k] for row in rows)
            gain, gain_low, gain_high = mean_interval(row[k] - row[0] for row in rows)
            print(
                f"  {variant:13s} points per hand {mean:+6.2f} ({low:+.2f} to {high:+.2f}), "
                f"over hard {gain:+6.2f} ({gain_low:+.2f} to {gain_high:+.2f})"
            )
        if args.matches:
            print(f"{args.matches} matches per variant, to {preset(args.rules).target} points:")
        for variant in VARIANTS if args.matches else ():
            items = [
                (i, args.seed, args.rules, args.against, variant) for i in range(args.matches // 2)
            ]
            stats = summarize(o for pair in pool.map(match_pair, items) for o in pair)
            print(
                f"  {variant:13s} match wins {stats.p1_win_rate:6.1%} "
                f"({stats.p1_win_rate_low:.1%}-{stats.p1_win_rate_high:.1%}), "
                f"points per hand {stats.p1_points_per_hand:+.2f}"
            )


if __name__ == "__main__":
    main()
