#!/usr/bin/env bash
# Browser tests drive the system browsers: Debian's `chromium-headless-shell` for the whole suite
# (the old headless mode, which Playwright itself runs headless tests in: a third less processor time
# than `chromium` in its new headless mode), `chromium` for Lighthouse (`npm run bench`), and for the
# visitor journeys in the other engines (docs/decisions/0017-browser-engines.md) `firefox-esr`, with
# `xvfb` (and `xauth`, which xvfb-run needs) for a display, and `webkit2gtk-driver` (WebKitWebDriver
# and WebKitGTK's MiniBrowser). Whatever is missing is installed from Debian's packages, never as a
# downloaded browser build: this machine reaches only package registries.
set -euo pipefail
missing=()
chromium_found=""
for candidate in "${CHROME_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then chromium_found=1; break; fi
done
[ -n "$chromium_found" ] || missing+=(chromium)
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ] || missing+=(chromium-headless-shell)
[ -x "${FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
command -v xvfb-run >/dev/null || missing+=(xvfb)
command -v xauth >/dev/null || missing+=(xauth)
command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian's ${missing[*]} for the browser tests" >&2
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
