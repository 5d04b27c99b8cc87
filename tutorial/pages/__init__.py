"""Tables and stories drawn from the engine at build time for the pages (``{tarot-table}``, hand steps)."""
