# The game's sounds (MicroPython, main thread), made here with the Web Audio
# API as they are played: no recordings, nothing fetched. motion.py decides
# when (in step with what is seen) and whether (muted, reduced motion); this
# module is loaded, and its AudioContext made, on the first tap or key after
# start, since browsers let audio start only after a gesture.
#
# A device that is silenced: where the browser tells (Safari's audio session:
# "ambient" sounds follow the ring/silent switch), the sounds follow it; a
# context the system has interrupted or suspended plays nothing.
#
# Test hooks: <body data-audio> is the context's state, <body data-sound> the
# last sound played and data-sounds how many; each also a performance mark
# "scopa-sound-<name>".

from pyscript import document, window

VOLUME = 0.35
STARTING_MS = 1500  # a context made in a gesture is still starting: its notes wait for it

# Each sound is a list of notes: (start s, frequency Hz, length s, wave, level, glide to Hz).
# A card is a short falling click; captures and wins are small tunes.
C5, E5, G5, C6 = 523.25, 659.25, 783.99, 1046.5
SOUNDS = {
    "deal": [(k * 0.07, 1500, 0.035, "square", 0.05, 400) for k in range(4)],
    "put": [(0, 900, 0.06, "triangle", 0.18, 250)],
    "capture": [(0, 440, 0.08, "triangle", 0.3, None), (0.07, 660, 0.14, "triangle", 0.26, None)],
    "scopa": [
        (0, C5, 0.2, "triangle", 0.28, None),
        (0.08, E5, 0.2, "triangle", 0.28, None),
        (0.16, G5, 0.2, "triangle", 0.28, None),
        (0.24, C6, 0.55, "triangle", 0.3, None),
    ],
    "hand": [(0, 392, 0.3, "sine", 0.3, None), (0.16, C5, 0.45, "sine", 0.3, None)],
    "won": [
        (0, C5, 0.22, "triangle", 0.26, None),
        (0.14, E5, 0.22, "triangle", 0.26, None),
        (0.28, G5, 0.22, "triangle", 0.26, None),
        (0.42, C6, 0.8, "triangle", 0.3, None),
        (0.42, G5, 0.8, "sine", 0.18, None),
    ],
    "lost": [
        (0, 392, 0.3, "sine", 0.3, None),
        (0.22, 311.13, 0.3, "sine", 0.3, None),
        (0.44, 261.63, 0.8, "sine", 0.3, 246.94),
    ],
}


def follow_silent_switch():
    """Safari: "ambient" sounds are silenced by the device's ring/silent switch."""
    try:
        session = window.navigator.audioSession
        if session:
            session.type = "ambient"
    except Exception:
        pass  # other browsers have no audio session: nothing to follow


def now_ms():
    return window.performance.now()


class Sound:
    def __init__(self):
        self.ctx = None
        self.out = None
        self.made = 0  # when the context was made: it starts running a moment later
        self.count = 0

    def wake(self):
        """In a gesture: make the context (the first time) or resume it."""
        try:
            if self.ctx is None:
                follow_silent_switch()
                self.ctx = window.AudioContext.new()
                self.made = now_ms()
                self.out = self.ctx.createGain()
                self.out.gain.value = VOLUME
                self.out.connect(self.ctx.destination)
            if str(self.ctx.state) != "running":
                self.ctx.resume()
        except Exception:
            self.ctx = None  # no Web Audio here: the game is silent
        self.say_state()

    def say_state(self):
        document.body.dataset.audio = str(self.ctx.state) if self.ctx is not None else "none"

    def play(self, name):
        ctx = self.ctx
        notes = SOUNDS.get(name)
        if ctx is None or notes is None or document.hidden:
            return
        self.say_state()
        state = str(ctx.state)
        starting = state == "suspended" and now_ms() - self.made < STARTING_MS
        if state != "running" and not starting:
            return  # interrupted or suspended: the device or the system is quiet
        now = ctx.currentTime + 0.01
        try:
            for note in notes:
                self.note(now, *note)
        except Exception:
            return
        self.count += 1
        body = document.body.dataset
        body.sound = name
        body.sounds = str(self.count)
        window.performance.mark("scopa-sound-" + name)

    def note(self, now, start, freq, length, wave, level, glide):
        ctx = self.ctx
        t0 = now + start
        t1 = t0 + length
        osc = ctx.createOscillator()
        osc.type = wave
        osc.frequency.setValueAtTime(freq, t0)
        if glide:
            osc.frequency.exponentialRampToValueAtTime(glide, t1)
        gain = ctx.createGain()
        env = gain.gain
        env.setValueAtTime(0.0001, t0)
        env.exponentialRampToValueAtTime(level, t0 + 0.008)
        env.exponentialRampToValueAtTime(0.0001, t1)
        osc.connect(gain)
        gain.connect(self.out)
        osc.start(t0)
        osc.stop(t1 + 0.02)
