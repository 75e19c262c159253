"""The variant players: play the squad variant's lesson scenario or the Prokhorovka lesson
cut in the notebook, hot seat or against the computer on either side.

* :class:`~hexrules_widgets.squad_player.SquadPlayer` — the squad variant on the hex board
  (:class:`~hexrules_widgets.board.HexBoard`), writing each phase's plan by clicks;
* :class:`~hexrules_widgets.prok_player.ProkPlayer` — the Prokhorovka cut on the square
  board (:class:`~hexrules_widgets.grid_board.SquareBoard`).

Both are thin, in two halves as the tank game's scenario player: a controller
(:mod:`~hexrules_widgets.variant_control`) holds the game and hands the drawing a
:class:`~hexrules_widgets.variant_control.VariantScreen` — one side's view, what it may order,
the log as it may read it, the computer's reasoning — and the widget draws that screen only
and turns clicks into orders it passes back; the engine accepts or refuses them (its message
in the status line). What both draw alike is :mod:`~hexrules_widgets.variant_shell`'s
:class:`~hexrules_widgets.variant_shell.VariantShell`: the seats, the phase and status lines,
the order buttons, the log with each record expandable, the computer's reasoning and the hot
seat's curtain.

Examples
--------
>>> p = SquadPlayer(red="human", blue="objective", seed=2)
>>> p.press("Hand in")                        # the deployment as the scenario sets it up
>>> p.controller.game.state.phase.value
'action plans'
>>> q = ProkPlayer(german="human", soviet="greedy", seed=1)
>>> q.press("End phase")                      # no mortar call
>>> q.controller.game.state.phase
'movement'
"""

from hexrules_widgets.prok_player import ProkPlayer
from hexrules_widgets.squad_player import SquadPlayer
from hexrules_widgets.variant_control import ProkController, SquadController, VariantScreen
from hexrules_widgets.variant_shell import VariantShell

__all__ = ["ProkController", "ProkPlayer", "SquadController", "SquadPlayer", "VariantScreen",
           "VariantShell"]
