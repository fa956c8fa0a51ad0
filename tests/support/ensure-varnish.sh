#!/usr/bin/env bash
# The system test with a real Varnish in front of built servers (tests/system/varnish.test.ts, the VCL of
# ops/varnish/) and the bench's day replay through it (bench/cdn-share.mjs) use Debian's `varnish` and,
# for the purge by tag, `varnish-modules` (xkey). Where either is missing, install it (never a downloaded
# build: this machine reaches only package registries). Installing may start Varnish's service on :6081;
# the test and the bench never use that port (their own varnishd takes a spare one).
set -euo pipefail
VMODS=$(ls -d /usr/lib/*/varnish/vmods 2>/dev/null | head -n 1 || true)
if { command -v varnishd >/dev/null || [ -x /usr/sbin/varnishd ]; } && [ -n "$VMODS" ] && [ -e "$VMODS/libvmod_xkey.so" ]; then exit 0; fi
echo "No Varnish with the xkey module found: installing Debian's varnish and varnish-modules" >&2
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends varnish varnish-modules >/dev/null
