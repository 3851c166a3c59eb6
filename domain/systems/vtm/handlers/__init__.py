"""Guards and handlers: every check, then the dice, then the events."""
