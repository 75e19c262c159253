"""Reliability of the game engine (T-6 and the whole of §2, §5, §8): random games, replays,
save / load / clone, legal orders, and a fuzz of illegal orders.

* Seeded random-legal games of every shipped scenario are played to the end with the
  invariants of ``game_support.Invariants`` checked after every order; each replays
  bit-identically from its log. The default run plays ``GAMES`` games in all; the ``slow``
  run 1,000 per scenario.
* Saving, loading and cloning at random points give an equal state with the same future.
* ``legal_orders()`` lists exactly the orders ``can()`` accepts.
* Every illegal order (hypothesis) is refused with the project's error, the state unchanged.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from game_support import PHASE_ORDER, Invariants, serial
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexrules import Hex
from hexrules.combat import FireKind, FireOrder
from hexrules.errors import ReplayDivergedError, RulesError
from hexrules.game import (
    Card,
    CoveringFire,
    DealCard,
    DeclareFire,
    Decline,
    EndMove,
    FieldRepair,
    GameLog,
    GameState,
    MovingFire,
    OpportunityFire,
    Pass,
    Phase,
    PlanFire,
    RapidReload,
    Scenario,
    ShortHaltFire,
    StartMove,
    StepTo,
)

SCENARIOS = Scenario.available()
#: Random games in the default run (split over the scenarios), and per scenario when slow.
GAMES, SLOW_GAMES = 210, 1000


def play(scenario: str, seed: int, check: bool = True) -> tuple[GameState, list[GameState]]:
    """One seeded random game to the end, invariants checked; the end and every state."""
    rng = random.Random(seed)
    s = GameState.from_scenario(scenario, seed=seed)
    inv = Invariants(s) if check else None
    states = [s]
    while not s.over:
        order = s.legal_orders().choice(rng)
        s, rec = s.apply(order)
        if inv is not None:
            inv.after(s, rec)
        states.append(s)
    return s, states


def _check_game(scenario: str, seed: int, through_json: bool) -> None:
    end, states = play(scenario, seed)
    assert end.over and end.score is not None
    assert end.turn == end.turns
    log = end.game_log()
    if through_json:
        log = GameLog.from_dict(json.loads(json.dumps(log.to_dict())))
    replayed = log.replay()
    assert replayed == end
    if through_json:
        assert serial(replayed) == serial(end)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_T6_random_games_keep_the_invariants_and_replay_bit_identically(scenario) -> None:
    for seed in range(GAMES // len(SCENARIOS)):
        _check_game(scenario, seed, through_json=seed % 10 == 0)


def _check_games(job: tuple[str, range]) -> None:
    scenario, seeds = job
    for seed in seeds:
        try:
            _check_game(scenario, seed, through_json=seed % 50 == 0)
        except AssertionError as exc:
            raise AssertionError(f"{scenario}, seed {seed}: {exc}") from None


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_T6_a_thousand_random_games_per_scenario(scenario) -> None:
    """On both cores: two processes (forked, so they have this module) play half each."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    half = SLOW_GAMES // 2
    jobs = [(scenario, range(1000, 1000 + half)), (scenario, range(1000 + half, 1000 + SLOW_GAMES))]
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        for done in pool.map(_check_games, jobs):
            assert done is None


def test_T6_a_diverging_replay_fails_at_the_first_differing_roll() -> None:
    end, _ = play("duel", 3, check=False)
    data = end.game_log().to_dict()
    # tamper with one logged face: the replay's record differs, or the seed disagrees
    for rec in data["records"]:
        if rec["rolls"]:
            roll = rec["rolls"][0]
            roll["value"] = roll["value"] % 6 + 1
            break
    with pytest.raises(ReplayDivergedError, match="diverged"):
        GameLog.from_dict(data).replay()
    # a log whose orders ask for other rolls than it holds stops at that roll
    log = end.game_log()
    shorter = GameLog(log.origin, log.records[:1] + log.records[2:])
    with pytest.raises(ReplayDivergedError):
        shorter.replay()


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_T6_save_load_and_clone_at_random_points_give_the_same_future(scenario) -> None:
    rng = random.Random(7)
    for seed in range(4):
        end, states = play(scenario, 500 + seed, check=False)
        orders = [r.order for r in end.log[1:]]
        picks = set(rng.sample(range(len(states)), 4))
        for wanted in (lambda x: x.move is not None, lambda x: x.window is not None,
                       lambda x: x.melee is not None):  # mid-move, in a window, in T-5
            picks.update([k for k, x in enumerate(states) if wanted(x)][:1])
        for k in sorted(picks):
            s = states[k]
            text = json.dumps(s.to_dict(), ensure_ascii=False)
            loaded = GameState.from_dict(json.loads(text))
            clone = s.clone()
            assert loaded == s and clone == s and serial(loaded) == serial(s)
            for copy in (loaded, clone):
                for o in orders[k:]:
                    copy, _ = copy.apply(o)
                assert copy == end


def _states(n_per: int = 40) -> list[GameState]:
    """States sampled along a few random games of each scenario (fixed seeds)."""
    out = []
    for scenario in SCENARIOS:
        for seed in (11, 12):
            _, states = play(scenario, seed, check=False)
            step = max(1, len(states) // n_per)
            out += [s for s in states[::step] if not s.over]
            # the card pauses: a field repair due (T-1), a fire plan to name (T-4), E-5, E-2
            for wanted in (lambda x: x.phase is Phase.PREPARATION,
                           lambda x: x.phase is Phase.RANDOM_EVENT and not x.over,
                           lambda x: any(isinstance(o, RapidReload) for o in x.legal_orders()),
                           lambda x: any(getattr(o, "enhance", None)
                                         for o in x.legal_orders())):
                out += [x for x in states if not x.over and wanted(x)][:2]
    return out


STATES = _states()


def _candidates(s: GameState) -> list:
    """Orders of every type with every unit, target and neighbouring hex (in set-up order)."""
    ids = [u.id for u in s.units]
    out = [Pass(), Decline(), EndMove()]
    for a in ids:
        out += [StartMove(a), StartMove(a, march=True), MovingFire(a), ShortHaltFire(a)]
    for t in ids:
        for n in range(1, min(len(ids), 4) + 1):
            for group in itertools.combinations([i for i in ids if i != t], n):
                out += [DeclareFire(group, t), OpportunityFire(group), CoveringFire(group, t)]
        for a in ids:
            if a != t:
                out.append(DeclareFire(FireOrder(a, t, FireKind.CLOSE_COMBAT)))
    if s.move is not None:
        out += [StepTo(h) for h in s.move.hex.neighbors()]
    # the card orders (E-2 with one shooter, E-3, E-5, A-1)
    for t in ids:
        out += [FieldRepair(t), RapidReload(t), RapidReload(t, enhance=True),
                PlanFire(s.unit_map[t].hex), MovingFire(t, enhance=True)]
        for a in ids:
            if a != t:
                out += [DeclareFire(a, t, enhance=a), OpportunityFire(a, enhance=a),
                        CoveringFire(a, t, enhance=a)]
    out += [PlanFire(Hex(-5, -5)), PlanFire("4599AA")]
    return out


def test_legal_orders_are_exactly_the_orders_can_accepts() -> None:
    for s in STATES:
        legal = list(s.legal_orders())
        assert len(legal) == len(s.legal_orders()) == len(set(legal))
        assert all(s.can(o) for o in legal)
        listed = set(legal)
        for o in _candidates(s):  # shooters in set-up order, as listed
            assert s.can(o) == (o in listed), (s, o)


def test_legal_orders_are_indexable_and_describe_the_choices() -> None:
    s = STATES[1]
    legal = s.legal_orders()
    assert list(legal) == [legal[i] for i in range(len(legal))] == legal[:]
    assert legal[-1] == list(legal)[-1]
    with pytest.raises(IndexError):
        legal[len(legal)]
    assert s.to_act.label in legal.describe()


_ids = st.sampled_from(["R1", "R2", "R3", "R4", "B1", "B2", "B3", "B4", "X9"])
_hexes = st.builds(Hex, st.integers(-3, 33), st.integers(-3, 33))
ORDERS = st.one_of(
    st.just(Pass()), st.just(Decline()), st.just(EndMove()),
    st.builds(StartMove, _ids, st.booleans()),
    st.builds(StepTo, _hexes),
    st.builds(StepTo, st.sampled_from(["4563AA", "4563ZZ", "4599AA", "4563PJ"])),
    st.builds(MovingFire, _ids), st.builds(ShortHaltFire, _ids),
    st.builds(lambda s, t, k: DeclareFire(s, t, k),
              st.lists(_ids, min_size=1, max_size=3, unique=True), _ids,
              st.sampled_from(list(FireKind))),
    st.builds(lambda s: OpportunityFire(s), st.lists(_ids, min_size=1, max_size=3, unique=True)),
    st.builds(lambda s, t: CoveringFire(s, t),
              st.lists(_ids, min_size=1, max_size=3, unique=True), st.one_of(st.none(), _ids)),
    # the card orders (E-2…E-7, A-1) and the instructor's deal (§7)
    st.builds(FieldRepair, _ids), st.builds(RapidReload, _ids, enhance=st.booleans()),
    st.builds(PlanFire, _hexes), st.builds(PlanFire, st.sampled_from(["4563AA", "4563ZZ"])),
    st.builds(lambda s, t, e: DeclareFire(s, t, enhance=e),
              st.lists(_ids, min_size=1, max_size=3, unique=True), _ids, _ids),
    st.builds(DealCard, st.sampled_from(["red", "blue"]),
              st.sampled_from([c.rule for c in Card]), st.booleans()),
)


def _head(state: GameState) -> str:
    """The saved form of a state without its log (the log is checked by identity)."""
    data = state.to_dict()
    del data["log"]
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


HEADS: dict[int, str] = {}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(STATES) - 1), ORDERS)
def test_illegal_orders_are_refused_with_the_projects_error_and_change_nothing(i, order) -> None:
    s = STATES[i]
    log = s.log
    before = HEADS.setdefault(i, _head(s))
    if s.can(order):
        s.apply(order)  # a legal order applies (it returns a new state)
    else:
        with pytest.raises(RulesError):
            s.apply(order)
        with pytest.raises(RulesError):
            s.verify(order)
    assert _head(s) == before and s.log is log and len(log) == len(s.log)


def test_apply_never_changes_the_state_it_is_given() -> None:
    s = STATES[3]
    before = serial(s)
    for o in list(s.legal_orders())[:10]:
        s.apply(o)
        s.apply(o)  # the same order twice from the same state gives the same record
    assert serial(s) == before
    a, ra = s.apply(s.legal_orders()[0])
    b, rb = s.apply(s.legal_orders()[0])
    assert a == b and ra == rb


def test_phases_run_in_order_in_every_game() -> None:
    end, states = play("meeting", 2, check=False)
    seq = [(s.turn, s.phase) for s in states]
    order = PHASE_ORDER  # with the cards: T-1 may wait for E-3, T-4 for a fire plan
    for (t0, p0), (t1, p1) in itertools.pairwise(seq):
        assert (t1, order.index(p1)) >= (t0, order.index(p0)) or t1 == t0 + 1
