"""Debian's Firefox ESR, driven over WebDriver BiDi (issue 31).

Firefox speaks WebDriver BiDi itself (`--remote-debugging-port`): no geckodriver,
which Debian does not package and which the npm and PyPI packages of that name
download from outside at install time. This is a small BiDi client over
websocket-client (pinned in constraints.txt; Selenium brings it too), with
only the commands the tests need: navigate, reload, script.callFunction,
input.performActions, setViewport, screenshot; and two event streams kept:
log.entryAdded (console errors and uncaught exceptions) and
network.beforeRequestSent (every URL asked for).

Firefox runs headless on a profile folder of its own (user.js below), so that
kill() and start() again find what the page kept (localStorage, IndexedDB, the
service worker's cache), as after a crash. Every request for another host
goes to `proxy` (the tests' trap: e2e/conftest.py TrapProxy), loopback never.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import signal
import subprocess
import threading
from pathlib import Path
from typing import Any

import websocket  # websocket-client

from tools.browsers.tab import Browser, BrowserError, Tab

FIREFOX = "/usr/bin/firefox-esr"
LISTENING = re.compile(r"WebDriver BiDi listening on (ws://\S+)")
START_TIMEOUT = 60.0
COMMAND_TIMEOUT = 120.0

# On top of the automation defaults Firefox applies itself (remote.prefs.recommended):
# nothing of Firefox's own may leave the machine, and no crash-recovery page.
PREFS: dict[str, object] = {
    "app.normandy.enabled": False,
    "app.update.disabledForTesting": True,
    "app.update.auto": False,
    "app.update.background.enabled": False,
    "app.update.checkInstallTime": False,
    "app.update.service.enabled": False,
    "app.update.staging.enabled": False,
    "app.update.url": "data:,#app-update-off",
    "toolkit.startup.max_resumed_crashes": -1,
    "media.gmp-manager.url": "data:,#gmp-off",
    "media.gmp-manager.updateEnabled": False,
    "media.gmp-provider.enabled": False,
    "media.gmp-gmpopenh264.autoupdate": False,
    "media.gmp-widevinecdm.autoupdate": False,
    "browser.region.network.url": "",
    "browser.region.update.enabled": False,
    "browser.safebrowsing.downloads.remote.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.provider.mozilla.updateURL": "",
    "browser.search.update": False,
    "browser.sessionstore.resume_from_crash": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.tabs.warnOnClose": False,
    "datareporting.healthreport.uploadEnabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "dom.push.connection.enabled": False,
    "extensions.blocklist.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "extensions.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.dns.disablePrefetch": True,
    "network.http.speculative-parallel-limit": 0,
    "network.predictor.enabled": False,
    "privacy.resistFingerprinting": False,
    "services.settings.server": "data:,#remote-settings-off/v1",
    "security.remote_settings.crlite_filters.enabled": False,
    "security.remote_settings.intermediates.enabled": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "nimbus.remote-settings.enabled": False,
    "app.shield.optoutstudies.enabled": False,
    "browser.newtabpage.enabled": False,
    "browser.discovery.enabled": False,
    "extensions.systemAddon.update.enabled": False,
    "network.trr.mode": 5,
    "toolkit.crashreporter.enabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.server": "",
}


def user_js(prefs: dict[str, object]) -> str:
    return "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items())


def firefox_version() -> str:
    try:
        done = subprocess.run([FIREFOX, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.strip()


class BiDi:
    """A WebDriver BiDi connection: commands by id, events kept as they arrive."""

    def __init__(self, url: str) -> None:
        # Firefox refuses a connection that sends an Origin header it was not told of
        self.ws = websocket.create_connection(url, timeout=COMMAND_TIMEOUT, suppress_origin=True)
        self.next = 0
        self.logs: list[dict[str, Any]] = []
        self.requests: list[str] = []

    def send(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.next += 1
        mine = self.next
        self.ws.send(json.dumps({"id": mine, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == mine:
                if message.get("type") == "error":
                    raise BrowserError(f"firefox: {method}: {message.get('message')}")
                result: dict[str, Any] = message.get("result") or {}
                return result
            self.event(message)

    def event(self, message: dict[str, Any]) -> None:
        params = message.get("params") or {}
        if message.get("method") == "log.entryAdded":
            self.logs.append(params)
        elif message.get("method") == "network.beforeRequestSent":
            self.requests.append(str((params.get("request") or {}).get("url", "")))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


class FirefoxTab(Tab):
    engine = "firefox"

    def __init__(self, bidi: BiDi, context: str) -> None:
        self.bidi = bidi
        self.context = context

    def goto(self, url: str) -> None:
        self.bidi.send(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"}
        )

    def reload(self) -> None:
        self.bidi.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def set_viewport(self, width: int, height: int) -> None:
        self.bidi.send(
            "browsingContext.setViewport",
            {"context": self.context, "viewport": {"width": width, "height": height}},
        )

    def _evaluate(self, wrapped: str, args_json: str) -> str:
        reply = self.bidi.send(
            "script.callFunction",
            {
                "functionDeclaration": wrapped,
                "arguments": [{"type": "string", "value": args_json}],
                "target": {"context": self.context},
                "awaitPromise": True,
                "resultOwnership": "none",
            },
        )
        if reply.get("type") != "success":
            details = reply.get("exceptionDetails") or {}
            raise BrowserError(f"firefox: script failed: {details.get('text')}")
        return str(reply["result"].get("value"))

    def pointer(self, path: list[tuple[float, float]], touch: bool = False) -> None:
        moves: list[dict[str, Any]] = [
            {"type": "pointerMove", "x": round(x), "y": round(y), "duration": 16} for x, y in path
        ]
        steps = [moves[0], {"type": "pointerDown", "button": 0}, *moves[1:]]
        steps.append({"type": "pointerUp", "button": 0})
        kind = "touch" if touch else "mouse"
        source = {
            "type": "pointer",
            "id": kind,
            "parameters": {"pointerType": kind},
            "actions": steps,
        }
        self.bidi.send("input.performActions", {"context": self.context, "actions": [source]})
        self.bidi.send("input.releaseActions", {"context": self.context})

    def screenshot(self, path: Path) -> None:
        shot = self.bidi.send("browsingContext.captureScreenshot", {"context": self.context})
        path.write_bytes(base64.b64decode(shot["data"]))

    def console_errors(self) -> list[str]:
        self.run("() => null")  # take the events that arrived since the last command
        return [
            f"{entry.get('type')}: {entry.get('text')}"
            for entry in self.bidi.logs
            if entry.get("level") == "error"
        ]

    def requests(self) -> list[str]:
        self.run("() => null")
        return list(self.bidi.requests)


class Firefox(Browser):
    """Headless Firefox ESR on its own profile folder."""

    engine = "firefox"

    def __init__(
        self,
        profile: Path,
        proxy: str | None = None,
        viewport: tuple[int, int] = (1280, 800),
        reduced_motion: bool = True,
        prefs: dict[str, object] | None = None,
    ) -> None:
        self.profile = profile
        self.proxy = proxy
        self.size = viewport
        self.reduced_motion = reduced_motion
        self.extra_prefs = prefs or {}
        self.process: subprocess.Popen[str] | None = None
        self.bidi: BiDi | None = None
        self._tab: FirefoxTab | None = None
        self.output: list[str] = []
        self.version = firefox_version()

    def prefs(self) -> dict[str, object]:
        prefs = dict(PREFS)
        prefs["ui.prefersReducedMotion"] = 1 if self.reduced_motion else 0
        if self.proxy:
            host, port = self.proxy.removeprefix("http://").rsplit(":", 1)
            for scheme in ("http", "ssl"):
                prefs[f"network.proxy.{scheme}"] = host
                prefs[f"network.proxy.{scheme}_port"] = int(port)
            prefs["network.proxy.type"] = 1
            prefs["network.proxy.no_proxies_on"] = ""  # loopback is never proxied anyway
        prefs.update(self.extra_prefs)
        return prefs

    def start(self) -> None:
        if not Path(FIREFOX).exists():
            raise BrowserError(f"{FIREFOX} is missing: apt-get install -y firefox-esr")
        self.profile.mkdir(parents=True, exist_ok=True)
        (self.profile / "user.js").write_text(user_js(self.prefs()), encoding="utf-8")
        args = [FIREFOX, "--headless", "--no-remote", "--remote-debugging-port=0"]
        args += ["--profile", str(self.profile), "about:blank"]
        # a release build honours services.settings.server only with this set
        env = {**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1", "MOZ_REMOTE_SETTINGS_DEVTOOLS": "1"}
        self.process = subprocess.Popen(
            args,
            stderr=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            text=True,
            env=env,
            start_new_session=True,  # its own process group: kill() ends every child too
        )
        url = self.listening_on(self.process)
        self.bidi = BiDi(url + "/session")
        self.bidi.send(
            "session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": False}}}
        )
        self.bidi.send(
            "session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent"]}
        )
        tree = self.bidi.send("browsingContext.getTree", {})
        self._tab = FirefoxTab(self.bidi, tree["contexts"][0]["context"])
        self._tab.set_viewport(*self.size)

    def listening_on(self, process: subprocess.Popen[str]) -> str:
        """Read Firefox's output until it says where BiDi listens; keep reading after."""
        assert process.stderr is not None
        found: list[str] = []
        ready = threading.Event()

        def read() -> None:
            assert process.stderr is not None
            for line in process.stderr:
                self.output.append(line.rstrip())
                match = LISTENING.search(line)
                if match and not ready.is_set():
                    found.append(match.group(1))
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(START_TIMEOUT) or not found:
            self.kill()
            tail = "\n".join(self.output[-20:])
            raise BrowserError(f"firefox did not start its WebDriver BiDi server:\n{tail}")
        return found[0]

    def tab(self) -> FirefoxTab:
        if self._tab is None:
            raise BrowserError("firefox is not started")
        return self._tab

    def kill(self) -> None:
        if self.bidi is not None:
            self.bidi.close()
            self.bidi = None
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)
            self.process = None
        self._tab = None

    def close(self) -> None:
        if self.bidi is not None:
            with contextlib.suppress(Exception):
                self.bidi.send("browser.close", {})
        if self.process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
        self.kill()
