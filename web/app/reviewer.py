# Reviews computed in the background (MicroPython, main thread). The engine
# worker is single-threaded, so a review runs one position at a time
# (scopa_core/table/coaching.py `review_move`, about a tenth of a second or two each) and
# only while the game is not waiting for the worker: a game call waits at most
# one review step, and the game stays playable. Each job reviews one seat's
# moves in one hand of a record (a copy taken when it was asked for, so
# dealing the next hand, or starting another match, leaves it as it was).
#
# performance measure "scopa-review": a job from its request to its last
# position (detail: positions, hand), for tools/coachbench.py.

import asyncio
import json

from engine import now_ms
from pyscript import window
from tasks import spawn

IDLE_POLL_S = 0.03


class Job:
    """One seat's moves of one hand of a record, reviewed position by position."""

    def __init__(self, key, record_text, seat, hand):
        self.key = key
        self.record_text = record_text
        self.seat = seat
        self.hand = hand
        self.positions = None  # [{"hand", "move", "seat"}] once listed
        self.lines = []  # per position: {"review": LINE, "position": FACTS}
        self.error = None  # a failed reply
        self.started = now_ms()
        self.wanted = True

    @property
    def total(self):
        return len(self.positions) if self.positions is not None else None

    @property
    def done(self):
        return self.error is not None or (
            self.positions is not None and len(self.lines) == len(self.positions)
        )

    def next_request(self):
        """The worker call that moves this job on: (name, JSON argument)."""
        if self.positions is None:
            spec = {"record": self.record_text, "seat": self.seat, "hand": self.hand}
            return "review_positions", json.dumps(spec)
        position = self.positions[len(self.lines)]
        spec = {"record": self.record_text, "hand": position["hand"], "move": position["move"]}
        return "review_move", json.dumps(spec)

    def take(self, reply):
        if not reply.get("ok"):
            self.error = reply
        elif self.positions is None:
            self.positions = reply.get("positions") or []
        else:
            self.lines.append({"review": reply["review"], "position": reply.get("position")})


class Reviewer:
    def __init__(self, manager):
        self.m = manager
        self.jobs = []
        self.listeners = []  # (job) -> None, after each step of a job
        self.running = False

    def request(self, key, record_text, seat, hand, first=True):
        """The job for `key` (made if new); `first` puts it before the others."""
        job = self.find(key)
        if job is None:
            job = Job(key, record_text, seat, hand)
            self.jobs.append(job)
        job.wanted = True
        if first:
            self.jobs = [job] + [j for j in self.jobs if j is not job]
        self.wake()
        return job

    def find(self, key):
        for job in self.jobs:
            if job.key == key:
                return job
        return None

    def drop(self, keep):
        """Stop the unfinished jobs `keep(job)` refuses (a closed match review)."""
        for job in self.jobs:
            if not job.done and not keep(job):
                job.wanted = False

    def wake(self):
        if not self.running:
            self.running = True
            spawn(self.run())

    def next_job(self):
        for job in self.jobs:
            if job.wanted and not job.done:
                return job
        return None

    async def run(self):
        try:
            while True:
                job = self.next_job()
                if job is None:
                    return
                await self.idle()
                if job is self.next_job():  # still the one to do after the wait
                    await self.step(job)
        finally:
            self.running = False

    async def idle(self):
        """Wait until the game is not waiting for the worker."""
        m = self.m
        while m.calling > 0 or m.connecting or not m.engine.ready:
            await asyncio.sleep(IDLE_POLL_S)

    async def step(self, job):
        name, arg = job.next_request()
        job.take(await self.m.engine.call(name, arg))
        if job.done and job.error is None:
            measure(job)
        for listener in self.listeners:
            listener(job)


def measure(job):
    try:
        options = {"start": job.started, "detail": {"positions": job.total, "hand": job.hand}}
        window.performance.measure("scopa-review", window.JSON.parse(json.dumps(options)))
    except Exception:  # a measure is for the benchmark, never a failure
        pass
