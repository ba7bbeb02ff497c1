#!/usr/bin/env bash
# Browser tests run in Debian's Chromium (Playwright cannot download its own browsers here).
set -euo pipefail
if [[ ! -x /usr/bin/chromium ]]; then
  echo "› installing Debian's chromium (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq || true
  $SUDO apt-get install -y -qq chromium >/dev/null
fi
/usr/bin/chromium --version
