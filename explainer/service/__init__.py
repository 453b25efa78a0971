"""One game service: what every front end (web, terminal, command line) asks of the engine about a game.

The front ends only turn requests, keys and arguments into these calls and the answers into JSON, pixels or
text.  ``advice``: the hint a stuck player gets (a wrong flag's explanation, the simplest step or the guess
with the bot's pick) with the Learn lesson of its pattern, and the wrong flags a view proves; ``solutions``:
the per-position solve cache.  It sits above the bot and the words and below every front end
(``tests/import_graph.py``)."""

from explainer.service.advice import Advice, AdviceJson, advice_json, advice_on, advise, wrong_flag_hints, wrong_flags_now
from explainer.service.solutions import LruCache, Solutions

__all__ = ["Advice", "AdviceJson", "LruCache", "Solutions", "advice_json", "advice_on", "advise", "wrong_flag_hints", "wrong_flags_now"]
