"""Rummy Table's game engine: pure Python, no I/O, deterministic given a seed."""

__version__ = "0.1.0"
