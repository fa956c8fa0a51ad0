#!/usr/bin/env bash
# Browser tests drive the system Chromium. Where none is found, install Debian's `chromium`
# package (never a downloaded browser build: this machine reaches only package registries).
set -euo pipefail
for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then exit 0; fi
done
echo "No Chromium found: installing Debian's chromium package" >&2
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
