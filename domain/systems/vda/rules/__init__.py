"""The ``vda`` rules, one module per chapter of ``rules/vda.md``; one small pure
function per rule, its first docstring line naming the rule ID."""
