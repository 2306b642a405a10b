# Background coroutines on the page (MicroPython, main thread).
#
# asyncio keeps only weak references to tasks: a task nobody holds may be
# collected before it finishes. spawn() keeps each one until it is done.
#
# next_task() ends the browser's task: what follows runs in a new one. Not
# asyncio.sleep(): MicroPython's loop (its webassembly asyncio) runs every
# coroutine that is due in one browser task, and a short sleep is due again
# before the loop has finished, so the work "after" it ran in the same long task
# (a phone felt it, Lighthouse counted it). A promise resolved by the browser in a
# later task (web/pyscript-strict.mjs scopaNextTask) resumes the coroutine there.

import asyncio

_tasks = []


def spawn(coro):
    """Run a coroutine in the background, keeping a reference until it is done."""
    task = asyncio.create_task(coro)
    _tasks[:] = [t for t in _tasks if not t.done()]
    _tasks.append(task)
    return task


async def next_task():
    """Continue in a new browser task (see above)."""
    from pyscript import window

    await window.scopaNextTask()
