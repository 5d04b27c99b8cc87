"""The engine that every rule set shares: the registry of rule sets, the deal, a round of play, the
tricks, the scores' working, the reading of score requests and what one seat sees.

It knows no game: each rule set (in :mod:`tarot_core.games`) extends it through the public hooks of
:class:`~tarot_core.engine.round.Round` and registers itself in :mod:`tarot_core.engine.variant`.
"""
