"""The rule sets, one package each: modern French Tarot (``fft``), the older French rules
(``classic``, which builds on ``fft``), Mathers' 1888 game (``mathers``) and Chambéry Tarot
(``chambery``).

Each package's own modules hold its rules (the variants and the round), its scoring and score
requests; the package itself gathers their public names, so ``from tarot_core.games.fft import
FrenchVariant`` works whichever module defines the name.
"""
