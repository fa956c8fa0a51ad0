#!/usr/bin/env bash
# The Nu HTML Checker (vnu-jar from npm, tests/system/valid-html.test.ts) runs on Java. Where there is
# none, install Debian's `default-jre-headless` (never a downloaded build: this machine reaches only
# package registries); vnu-jar's own downloader is not allowed to run (package.json allowScripts).
set -euo pipefail
if command -v java >/dev/null; then exit 0; fi
echo "No Java found: installing Debian's default-jre-headless for the Nu HTML Checker" >&2
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends default-jre-headless >/dev/null
