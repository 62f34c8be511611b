#!/usr/bin/env bash
# Installs the Debian packages the test suite needs (Chromium for end-to-end tests, ffmpeg,
# espeak-ng and sox for test audio, cmake and g++ to build whisper.cpp for this CPU, LibreOffice
# Writer, poppler's pdftotext and the Carlito font (Calibri's metrics) to check how the Word
# verbale renders). The app
# itself needs none of them: ffmpeg also ships with its npm dependencies, and without cmake the
# local transcription uses the prebuilt whisper binding. Skips what is already installed; needs root (or sudo) and apt-get.
set -euo pipefail
needed=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || needed+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || needed+=(ffmpeg)
command -v espeak-ng >/dev/null 2>&1 || needed+=(espeak-ng)
command -v sox >/dev/null 2>&1 || needed+=(sox)
command -v cmake >/dev/null 2>&1 || needed+=(cmake)
command -v c++ >/dev/null 2>&1 || needed+=(g++)
command -v soffice >/dev/null 2>&1 || needed+=(libreoffice-writer-nogui)
command -v pdftotext >/dev/null 2>&1 || needed+=(poppler-utils)
fc-list 2>/dev/null | grep -qi carlito || needed+=(fonts-crosextra-carlito)
if [ ${#needed[@]} -eq 0 ]; then
  echo "Pacchetti di sistema già presenti."
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Installa a mano: ${needed[*]} (apt-get non disponibile)." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${needed[@]}" fonts-dejavu-core
