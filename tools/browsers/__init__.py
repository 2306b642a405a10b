"""Real browsers for the cross-engine tests and benchmark (issue 31): one `Tab`
interface (tab.py) over Firefox ESR (WebDriver BiDi, firefox.py), WebKitGTK
(W3C WebDriver, webkit.py) and Chromium (Playwright, chromium.py)."""
