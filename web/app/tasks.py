# Background coroutines on the page (MicroPython, main thread).
#
# asyncio keeps only weak references to tasks: a task nobody holds may be
# collected before it finishes. spawn() keeps each one until it is done.

import asyncio

_tasks = []


def spawn(coro):
    """Run a coroutine in the background, keeping a reference until it is done."""
    task = asyncio.create_task(coro)
    _tasks[:] = [t for t in _tasks if not t.done()]
    _tasks.append(task)
    return task
