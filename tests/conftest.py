"""Settings for the whole suite."""

from hypothesis import settings

# Hypothesis draws the same examples on every run and keeps no database of failures: the suite
# checks the same cases on every machine, so its time does not wander, and a failure one person
# sees, everyone sees. Each property's max_examples says how many cases it is worth.
settings.register_profile("suite", derandomize=True, database=None)
settings.load_profile("suite")
