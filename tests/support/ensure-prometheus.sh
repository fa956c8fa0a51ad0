#!/usr/bin/env bash
# The alert rules' check (promtool, npm run check:ops) and the system test with a real Prometheus
# (tests/system/prometheus.test.ts) use Debian's `prometheus` package. Where it is missing, install
# it (never a downloaded build: this machine reaches only package registries). Installing it may
# start its service on :9090; the system test never uses that port (its own Prometheus takes a spare one).
set -euo pipefail
if command -v promtool >/dev/null && command -v prometheus >/dev/null; then exit 0; fi
echo "No Prometheus found: installing Debian's prometheus package" >&2
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends prometheus >/dev/null
