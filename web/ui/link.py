"""The page's link to the engine: the PyScript worker named "engine" (web/engine_worker.py,
Pyodide with the `rummy` wheel), reached through `pyscript.workers`.

Every request is JSON text both ways. Until the worker is up, requests wait for it; a worker
that fails to start, or a request that raises, puts a clear message and a retry on the page
(`failed`), never a blank or frozen table. Nothing here knows a rule: the replies are drawn as
they are.
"""

import asyncio
import json

import js

from .dom import THINKING_AFTER, notice, t


class Link:
    worker = None  # the worker's exported functions, once it is up
    ready = asyncio.Event()  # set once the worker is up (or has failed)

    @classmethod
    async def connect(cls):
        """Wait for the worker to start. Returns True when it is up."""
        from pyscript import workers

        try:
            cls.worker = await workers["engine"]
        except Exception as error:  # the worker's own start failed (a download, an import)
            why = detail(error)
            js.console.warn("the engine did not start: " + why)
            notice(t("loading.failed", detail=why), retry=True)
        cls.ready.set()
        if cls.worker is None:
            return False
        reply = await cls.call("started", {})
        if reply is not None:  # how the worker's Pyodide started (docs/web.md's test hooks)
            js.document.body.dataset.pyodide = reply["start"]
        return True

    @classmethod
    async def call(cls, name, request):
        """The reply to request `name` (a dict), or None when the engine failed (the page then
        shows why, with a retry)."""
        await cls.ready.wait()
        if cls.worker is None:
            return None
        try:
            text = await getattr(cls.worker, name)(json.dumps(request))
        except Exception as error:  # a bug in the engine: say so, keep the page alive
            failed(detail(error))
            return None
        return json.loads(str(text))

    @classmethod
    async def call_showing_thinking(cls, name, request, indicator):
        """`call`, with `indicator` shown while the reply takes longer than THINKING_AFTER."""
        state = {"done": False}

        async def show_later():
            await asyncio.sleep(THINKING_AFTER)
            if not state["done"]:
                indicator.hidden = False

        timer = asyncio.create_task(show_later())
        try:
            return await cls.call(name, request)
        finally:
            state["done"] = True
            timer.cancel()
            indicator.hidden = True


def failed(text):
    js.console.warn("the engine failed: " + text)
    notice(t("error.engine", detail=text), retry=True)


def detail(error):
    """What went wrong, in one line (a JavaScript error's name and message, or Python's)."""
    parts = [str(part) for part in getattr(error, "args", ()) if isinstance(part, str)]
    text = parts[-1] if parts else str(error)
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "error"
