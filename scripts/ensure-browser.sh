#!/usr/bin/env bash
# Browser tests run in Debian's Chromium (Playwright cannot download its own browsers here);
# zip tests check archives with Info-ZIP's `unzip -t`, an independent reader.
set -euo pipefail
missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
command -v unzip >/dev/null || missing+=(unzip)
if (( ${#missing[@]} )); then
  echo "› installing ${missing[*]} (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq || true
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
/usr/bin/chromium --version
