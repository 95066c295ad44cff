"""Helpers the tests share (and the benches that time the same references): independent
references, random play, agents from outside the engine, playing a session by codes."""
