"""The records of the three games share their codec and parts logic (hexrules.rulings)."""

from __future__ import annotations

import random

from hexrules.game import GameEvent, GameRecord
from hexrules.rulings import Codec, OrderParts, Ruling
from hexrules.variants.prokhorovka import ProkGame, ProkRecord
from hexrules.variants.prokhorovka.state import OrderRecord
from hexrules.variants.squad import SquadRecord, SquadState, random_order


def test_every_game_s_order_record_is_order_parts() -> None:
    assert all(issubclass(c, OrderParts) for c in (GameRecord, SquadRecord, OrderRecord))
    assert all(issubclass(c, Ruling) for c in (GameEvent, ProkRecord))
    assert issubclass(Ruling, Codec) and issubclass(OrderParts, Codec)


def test_P_8_order_records_list_the_parts_rules_only() -> None:
    g = ProkGame.new("cut", seed=1)
    g.play_random(seed=2, max_orders=30)
    assert g.log
    for _, record in g.log:
        expected: dict[str, None] = {}
        for p in record.parts:
            for r in p.rules:
                expected.setdefault(r, None)
        assert record.rules == tuple(expected)
        assert record.effects == ()
        assert OrderRecord.from_dict(record.to_dict()) == record


def test_Q_9_squad_records_put_the_order_rule_first_and_round_trip() -> None:
    s = SquadState.new("lesson", seed=4)
    rng = random.Random(4)
    for _ in range(6):
        if s.over:
            break
        s, rec = s.apply(random_order(s, rng))
        assert rec.rules[0] == rec.order.rule
        assert SquadRecord.from_dict(rec.to_dict()) == rec
