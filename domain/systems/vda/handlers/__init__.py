"""One module per group of commands: each checks a command with the rules' guards
and returns the events to write. ``decide.py`` only picks the handler."""
