"""One function per ``vtm`` rule, its rule ID first in its docstring."""
