"""The ``muggins`` command: its options (`parser`), the dispatch (`main`) and the plain
subcommands, one module per group."""
