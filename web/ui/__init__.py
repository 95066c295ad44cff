"""The page's DOM layer, on MicroPython: `dom` holds what every table draws with, `prefs` the
person's choices and the start screen, `link` the requests to the engine's worker, `table` what
every game's table does, `gin` and `basic` draw their tables; main.py routes between them."""
