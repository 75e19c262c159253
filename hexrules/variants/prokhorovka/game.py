"""A game that moves on: :class:`ProkGame` (new, apply, legal orders, views, save / load,
replay, clone, random play).

The game keeps the pure state (:class:`~hexrules.variants.prokhorovka.state.PState`), its
seeded dice (:class:`hexrules.dice.Dice`) and the log of every order with its record. A save
is the scenario, the starting dice and the log; loading replays it through
:func:`hexrules.replay.replay` (shared with every game of the project), which checks every
roll and record.

>>> g = ProkGame.new("cut", seed=3)
>>> rec = g.apply(EndPhase())                 # no mortar call this turn
>>> back = ProkGame.load(g.save())
>>> back.state == g.state, back.log == g.log
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hexrules.dice import Dice, DiceSource, DiceState
from hexrules.errors import GameFormatError, RulesError
from hexrules.records import RecordFormatError, decode, encode
from hexrules.replay import replay as replay_log
from hexrules.variants.prokhorovka.engine import apply, new_state
from hexrules.variants.prokhorovka.legal import legal_orders, unit_orders
from hexrules.variants.prokhorovka.orders import EndPhase, Order
from hexrules.variants.prokhorovka.scenario import SCENARIO_DIR, Scenario, load_scenario
from hexrules.variants.prokhorovka.state import OrderRecord, PState
from hexrules.variants.prokhorovka.view import PView, view

__all__ = ["SAVE_FORMAT", "ProkGame", "random_order"]

SAVE_FORMAT = "hexrules-prokhorovka-game"


def random_order(s: PState, rng: random.Random) -> Order:
    """A random legal order for the side to act (random play, benchmarks).

    In the fire and movement phases it first picks one of the side's units that may still
    act, or the phase's end (as one more choice), then one of that unit's orders; elsewhere
    it picks among all legal orders. Every order it returns is legal.
    """
    if s.phase in ("fire", "movement") and s.mover is None and not s.over:
        uids = [u.id for u in s.units if u.side == s.to_act and u.on_map
                and (not u.declared if s.phase == "fire" else True)]
        rng.shuffle(uids)
        k = rng.randrange(len(uids) + 1)
        if k < len(uids):
            for uid in uids[k:] + uids[:k]:
                orders = unit_orders(s, uid)
                if orders:
                    return orders[rng.randrange(len(orders))]
        return EndPhase()
    orders = legal_orders(s)
    return orders[rng.randrange(len(orders))]


class ProkGame:
    """A Prokhorovka game: state, dice and log (see the module docstring)."""

    def __init__(self, scenario: Scenario, state: PState, dice: DiceSource, origin: DiceState,
                 log: list[tuple[Order, OrderRecord]]) -> None:
        self.scenario, self.state, self.dice, self.origin = scenario, state, dice, origin
        self.log = log

    @classmethod
    def new(cls, scenario: str | Scenario = "cut", *, seed: int | str | None = None,
            dice: DiceSource | None = None) -> ProkGame:
        """A new game of ``scenario`` (a name in ``maps/prokhorovka/`` or a loaded one)."""
        sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
        d = dice if dice is not None else Dice(seed=seed)
        return cls(sc, new_state(sc), d, d.getstate(log=False), [])

    def apply(self, order: Order) -> OrderRecord:
        """Apply ``order``; an illegal one raises and changes nothing."""
        state, rec = apply(self.state, order, self.dice)
        self.state = state
        self.log.append((order, rec))
        return rec

    def legal_orders(self) -> Sequence[Order]:
        """The legal orders now."""
        return legal_orders(self.state)

    def view(self, side: str) -> PView:
        """``side``'s view (fog of war)."""
        if side not in ("german", "soviet"):
            raise RulesError(f"a side is 'german' or 'soviet', got {side!r} (P-2)")
        return view(self.state, side)

    def play_random(self, *, seed: int = 0, max_orders: int | None = None) -> int:
        """Play random legal orders (from a :class:`random.Random` of ``seed``, not the game's
        dice) until the game ends or ``max_orders`` were given; the number given."""
        rng = random.Random(seed)
        n = 0
        while not self.state.over and (max_orders is None or n < max_orders):
            self.apply(random_order(self.state, rng))
            n += 1
        return n

    def replay(self) -> PState:
        """The state reached by replaying the log from the start (checks every roll)."""
        return _replay(self.scenario, self.log, self.origin)[0]

    def clone(self) -> ProkGame:
        """An independent copy (same state, dice and log)."""
        return ProkGame(self.scenario, self.state, DiceSource.from_state(self.dice.getstate()),
                        self.origin, list(self.log))

    def save(self) -> dict[str, Any]:
        """A JSON-safe dictionary: scenario (a shipped one by name, else its path), starting
        dice, every order and record."""
        src = Path(self.scenario.source)
        shipped = src.parent == SCENARIO_DIR.resolve() and src.suffix == ".toml"
        return {"format": SAVE_FORMAT, "schema_version": 1,
                "scenario": src.stem if shipped else str(src),
                "scenario_name": self.scenario.name, "digest": self.scenario.digest,
                "dice": self.origin.to_dict(),
                "log": [[encode(o), encode(r)] for o, r in self.log]}

    @classmethod
    def load(cls, data: Mapping[str, Any], scenario: Scenario | None = None) -> ProkGame:
        """The game of a :meth:`save` dictionary, replayed and checked.

        Raises
        ------
        GameFormatError
            Naming the bad entry; :class:`~hexrules.errors.ReplayDivergedError` if the log
            does not replay.
        """
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise GameFormatError(f"not a saved Prokhorovka game (format {SAVE_FORMAT!r})")
        try:
            sc = scenario if scenario is not None else load_scenario(data["scenario"])
            if sc.digest != data["digest"]:
                raise GameFormatError(f"saved game: scenario {data['scenario_name']!r} has "
                                      f"changed since the game was saved (P-24)")
            origin = DiceState.from_dict(data["dice"])
            log = [(decode(o), decode(r)) for o, r in data["log"]]
        except (KeyError, TypeError, ValueError, RecordFormatError) as exc:
            if isinstance(exc, GameFormatError):
                raise
            raise GameFormatError(f"saved game: {exc!r}") from None
        state, dice = _replay(sc, log, origin)
        return cls(sc, state, dice, origin, log)


def _replay(sc: Scenario, log: Sequence[tuple[Order, OrderRecord]], origin: DiceState
            ) -> tuple[PState, DiceSource]:
    """Replay ``log`` through :func:`hexrules.replay.replay`: the start of the game rolls no
    die, and every order is applied on the replay's dice."""
    dice: list[DiceSource] = []

    def start(d: DiceSource) -> PState:
        dice.append(d)
        return new_state(sc)

    entries = [(None, None), *log]
    return replay_log(start, entries, lambda s, o: apply(s, o, dice[0]), origin,
                      order_of=lambda e: e[0],
                      rolls_of=lambda e: () if e[1] is None else e[1].rolls,
                      record_of=lambda e: e[1])
