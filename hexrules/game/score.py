"""Scoring a scenario's end state (§9): points per side, each objective's share, the winner.

:func:`score_scenario` (also :meth:`Scenario.score <hexrules.game.scenario.Scenario.score>`)
is a pure function the game engine calls once the last turn is over: it reads the units'
hexes and *Destroyed* markers and returns a :class:`Score`, a frozen value with one
:class:`ObjectiveScore` line per objective and side, that renders itself (``str``,
``_repr_html_``) and goes into a game log (``to_dict``). The objectives and the victory rule
are described in :mod:`hexrules.game.scenario`: a hex is held by a side when at least one of
its living units is there and no living enemy unit is.

Examples
--------
>>> from hexrules import Scenario, Status
>>> s = Scenario.load("duel")
>>> end = s.units()
>>> end["B1"] = end["B1"].with_status(Status.DESTROYED)
>>> score = s.score(end)
>>> score.red, score.blue, score.winner
(3, 0, Side.RED)
>>> print(score)
Scenario 想定: Duel at the saddle 鞍部对决
  [saddle] Hold 控制 The saddle 鞍部 4563PJ: — 0 (no unit there)
  [tanks] Destroyed 歼灭 Enemy tank 敌方坦克: Red 红方 +3 (B1 destroyed, 1 × 3)
  [tanks] Destroyed 歼灭 Enemy tank 敌方坦克: Blue 蓝方 +0 (none destroyed)
Points 得分: Red 红方 3, Blue 蓝方 0 — Win 胜: Red 红方
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexrules.errors import RulesError, RulesTypeError
from hexrules.game.scenariofile import VictoryRule
from hexrules.glossary import label, term
from hexrules.language import localized
from hexrules.records import decode_as, encode, register
from hexrules.units import Side, Unit

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.game.scenario import Objective, Scenario

__all__ = ["ObjectiveScore", "Score", "score_scenario"]


@dataclass(frozen=True)
class ObjectiveScore:
    """One objective's contribution to one side's points (or, for a hex nobody holds, to
    nobody).

    Attributes
    ----------
    objective : str
        The objective's id.
    kind : str
        ``'hold'`` or ``'destroy'``.
    title : str
        The objective's bilingual name (and hex).
    side : Side or None
        The side this line is for: the holder of the hex, or the side scoring the kills;
        ``None`` for a hex nobody holds.
    points : int
        The points it gives ``side``.
    note : str
        Why, in words: who holds the hex, which units were destroyed.
    """

    objective: str
    kind: str
    title: str
    side: Side | None
    points: int
    note: str

    @property
    def kind_label(self) -> str:
        """``'Hold 控制'`` or ``'Destroyed 歼灭'``."""
        return label("hold" if self.kind == "hold" else "destroyed")

    @localized
    def __str__(self) -> str:
        who = self.side.label if self.side is not None else "—"
        sign = "+" if self.side is not None else ""
        return (f"[{self.objective}] {self.kind_label} {self.title}: {who} {sign}{self.points} "
                f"({self.note})")


@dataclass(frozen=True)
class Score:
    """The score of a scenario's end state: the lines, each side's points, the result.

    ``winner`` is ``None`` for a draw. The constructor checks that the totals add up and
    that ``winner`` follows from them (a lead of at least ``min_lead``).

    Examples
    --------
    >>> from hexrules import Scenario
    >>> score = Scenario.load("meeting").score(Scenario.load("meeting").units())
    >>> score.points("red"), score.points("blue"), score.draw, score.result
    (0, 0, True, 'Draw 平局')
    >>> Score.from_dict(score.to_dict()) == score
    True
    """

    scenario: str
    lines: tuple[ObjectiveScore, ...]
    red: int
    blue: int
    winner: Side | None
    min_lead: int = 1

    def __post_init__(self) -> None:
        for side in Side:
            total = sum(x.points for x in self.lines if x.side is side)
            if total != getattr(self, side.value):
                raise RulesError(f"score of {self.scenario!r}: {side.value} has {total} points "
                                 f"in its lines, not {getattr(self, side.value)}")
        expected = VictoryRule(min_lead=self.min_lead).winner(self.red, self.blue)
        if self.winner is not expected:
            raise RulesError(f"score of {self.scenario!r}: red {self.red}, blue {self.blue} "
                             f"(lead needed {self.min_lead}) gives "
                             f"{expected.value if expected else 'a draw'}, not {self.winner!r}")

    def points(self, side: Side | str) -> int:
        """The points of one side."""
        return getattr(self, Side.parse(side).value)

    @property
    def draw(self) -> bool:
        """Whether neither side won."""
        return self.winner is None

    @property
    def result(self) -> str:
        """``'Win 胜: Red 红方'`` or ``'Draw 平局'``."""
        return label("draw") if self.winner is None else f"{label('win')}: {self.winner.label}"

    def to_dict(self) -> dict[str, object]:
        """JSON-safe dictionary (the records codec, :func:`hexrules.records.encode`)."""
        return encode(self)  # type: ignore[return-value]

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Score:
        """The score of a :meth:`to_dict` dictionary."""
        return decode_as(cls, data)

    @localized
    def __str__(self) -> str:
        lines = [f"{label('scenario')}: {self.scenario}"]
        lines += [f"  {x}" for x in self.lines]
        lines.append(f"{label('points')}: {Side.RED.label} {self.red}, {Side.BLUE.label} "
                     f"{self.blue} — {self.result}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from hexrules.render.html import score_html

        return score_html(self)


def score_scenario(scenario: Scenario, units: Mapping[str, Unit] | Iterable[Unit]) -> Score:
    """Score the end state ``units`` of ``scenario``.

    Parameters
    ----------
    scenario : Scenario
    units : mapping of id to Unit, or iterable of Unit
        Every unit of the scenario, destroyed ones included, as the game ends.

    Raises
    ------
    RulesError
        If a unit of the scenario is missing, a unit is not in the scenario or is on the
        other side, an id appears twice, or a unit stands off the map.
    RulesTypeError
        If an item is not a :class:`~hexrules.units.Unit`.

    Examples
    --------
    >>> from hexrules import Scenario
    >>> s = Scenario.load("duel")
    >>> score_scenario(s, list(s.units().values())).draw
    True
    >>> score_scenario(s, [s.units()["R1"]])
    Traceback (most recent call last):
    ...
    hexrules.errors.RulesError: score: the end state has no unit 'B1' of scenario 'Duel at \
the saddle': pass every unit, destroyed ones too
    """
    end = _end_state(scenario, units)
    m = scenario.hexmap()
    lines: list[ObjectiveScore] = []
    for o in scenario.objectives:
        if o.kind == "hold":
            lines.append(_hold(o, m.parse(o.hex), end))
        else:
            lines.extend(_destroy(o, end))
    red = sum(x.points for x in lines if x.side is Side.RED)
    blue = sum(x.points for x in lines if x.side is Side.BLUE)
    return Score(scenario.name.label, tuple(lines), red, blue,
                 scenario.victory.winner(red, blue), scenario.victory.min_lead)


def _end_state(scenario: Scenario, units: Mapping[str, Unit] | Iterable[Unit]
               ) -> dict[str, Unit]:
    where = f"scenario {scenario.name.en!r}"
    if isinstance(units, Mapping):
        items = list(units.values())
    else:
        try:
            items = list(units)
        except TypeError:
            raise RulesTypeError(f"score: expected the units (a mapping of id to Unit or an "
                                 f"iterable of Unit), got {units!r}") from None
    start = scenario.units()
    m = scenario.hexmap()
    end: dict[str, Unit] = {}
    for u in items:
        if not isinstance(u, Unit):
            raise RulesTypeError(f"score: expected Unit values, got {u!r}")
        if u.id in end:
            raise RulesError(f"score: unit {u.id!r} appears twice in the end state")
        if u.id not in start:
            raise RulesError(f"score: unit {u.id!r} is not in {where} (its units: "
                             f"{', '.join(start)})")
        if u.side is not start[u.id].side:
            raise RulesError(f"score: unit {u.id!r} is {start[u.id].side.value} in {where}, "
                             f"not {u.side.value}")
        if u.hex not in m:
            raise RulesError(f"score: unit {u.id!r} stands at {u.hex!r}, off the map "
                             f"{scenario.map!r}")
        end[u.id] = u
    for uid in start:
        if uid not in end:
            raise RulesError(f"score: the end state has no unit {uid!r} of {where}: pass "
                             "every unit, destroyed ones too")
    return end


def _hold(o: Objective, h: object, end: dict[str, Unit]) -> ObjectiveScore:
    """A hold objective: held by the one side with living units in the hex."""
    title = f"{o.name.label} {o.hex}"
    here = [u for u in end.values() if u.alive and u.hex == h]
    sides = {u.side for u in here}
    if not here:
        return ObjectiveScore(o.id, o.kind, title, None, 0, "no unit there")
    if len(sides) > 1:
        return ObjectiveScore(o.id, o.kind, title, None, 0,
                              "both sides are there: nobody holds it (V-10)")
    holder = sides.pop()
    ids = ", ".join(u.id for u in here)
    if o.side is not None and o.side is not holder:
        return ObjectiveScore(o.id, o.kind, title, None, 0,
                              f"held by {term(holder.value).both} ({ids}); only "
                              f"{term(o.side.value).both} scores it")
    return ObjectiveScore(o.id, o.kind, title, holder, o.points,
                          f"held by {term(holder.value).both}: {ids}")


def _destroy(o: Objective, end: dict[str, Unit]) -> list[ObjectiveScore]:
    """A destroy objective: one line per scoring side, ``points`` per enemy destroyed."""
    targets = list(end.values()) if o.units is None else [end[uid] for uid in o.units]
    out = []
    for scorer in [o.side] if o.side is not None else list(Side):
        victims = [u for u in targets if u.side is scorer.opponent]
        if o.units is not None and not victims:
            continue  # a list naming only the other side's units
        dead = [u.id for u in victims if u.destroyed]
        note = (f"{', '.join(dead)} destroyed, {len(dead)} × {o.points}" if dead
                else "none destroyed")
        out.append(ObjectiveScore(o.id, o.kind, o.name.label, scorer, o.points * len(dead),
                                  note))
    return out


register(ObjectiveScore, Score)
