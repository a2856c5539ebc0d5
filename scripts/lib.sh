# Shared by scripts/demo and scripts/test: install what Ferry needs, build it.
set -euo pipefail
FERRY_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH=/opt/swift/usr/bin:$PATH

# Debian packages the demo, the tests and the benchmarks use.
# libavahi-client-dev builds ferryd's discovery; avahi-daemon, avahi-utils, dbus and iproute2 run
# the LAN test bed (Tests/LAN), which starts its avahi-daemons in network namespaces only.
# libsystemd-dev builds FerryDBus; python3-dbusmock, dunst, xvfb and x11-apps/imagemagick test the
# desktop notifications on a private session bus.
FERRY_APT_PACKAGES=(xdg-utils libglib2.0-bin desktop-file-utils python3
  libavahi-client-dev avahi-daemon avahi-utils dbus iproute2 util-linux zsh fish
  libsystemd-dev python3-dbusmock dunst xvfb x11-apps imagemagick)

ferry_install_packages() {
  local missing=()
  for p in "${FERRY_APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "== installing ${missing[*]}"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  # Installing avahi-daemon must not start it on this machine's real network: a policy-rc.d that
  # refuses every start, for the length of the install only (and only if none exists).
  local policy=/usr/sbin/policy-rc.d guard=""
  if [ ! -e "$policy" ]; then
    guard=$policy
    printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
    $sudo chmod 755 "$policy"
  fi
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null || {
    [ -z "$guard" ] || $sudo rm -f "$guard"
    return 1
  }
  [ -z "$guard" ] || $sudo rm -f "$guard"
}

# ferry is linked as a fully static executable: no dynamic loader work, about 1 ms less per
# `ferry open` (Benchmarks/open-latency). Its own scratch path keeps the debug build untouched.
ferry_build_release() {
  echo "== building ferry (release, static)"
  (cd "$FERRY_ROOT" && swift build -c release --product ferry -Xswiftc -static-executable \
     --scratch-path .build-static 2>&1 | tail -n 1)
  FERRY_BIN="$FERRY_ROOT/.build-static/release/ferry"
  # ferryd and the managed apps link the Swift runtime statically: measured, ferryd's RSS drops by
  # 2 MB and batches through it run faster (Benchmarks/daemon).
  echo "== building ferryd, todo-managed and ferry-bench-app (release)"
  local product
  for product in ferryd todo-managed ferry-bench-app ferry-restore-bench-app; do
    (cd "$FERRY_ROOT" && swift build -c release --product "$product" --static-swift-stdlib \
       --scratch-path .build-release 2>&1 | tail -n 1)
  done
  # ferry starts the ferryd it finds beside itself.
  # Copy then rename: a running ferryd keeps its old file ("text file busy" otherwise).
  cp "$FERRY_ROOT/.build-release/release/ferryd" "$FERRY_ROOT/.build-static/release/ferryd.new"
  mv -f "$FERRY_ROOT/.build-static/release/ferryd.new" "$FERRY_ROOT/.build-static/release/ferryd"
  FERRYD_BIN="$FERRY_ROOT/.build-static/release/ferryd"
  TODO_MANAGED_BIN="$FERRY_ROOT/.build-release/release/todo-managed"
  BENCH_APP_BIN="$FERRY_ROOT/.build-release/release/ferry-bench-app"
  RESTORE_APP_BIN="$FERRY_ROOT/.build-release/release/ferry-restore-bench-app"
}

# Shell completions and the man page, generated from ferry's argument parser, into the user's
# XDG folders: bash-completion loads $XDG_DATA_HOME/bash-completion/completions by itself, fish
# ~/.config/fish/completions, man ~/.local/share/man when ~/.local/bin is in PATH; zsh needs
# fpath+=(~/.local/share/zsh/site-functions) before compinit. The man page comes from
# swift-argument-parser's generate-manual tool (the engine of its generate-manual plugin), run on
# the built binary.
ferry_install_shell_files() {
  local bin=${1:-$FERRY_BIN}
  local data=${XDG_DATA_HOME:-$HOME/.local/share} config=${XDG_CONFIG_HOME:-$HOME/.config}
  local tool=${FERRY_MANUAL_TOOL:-}
  if [ -z "$tool" ]; then
    (cd "$FERRY_ROOT" && swift build -c release --product generate-manual --scratch-path .build-release 2>&1 | tail -n 1)
    # The tool is called generate-manual-tool or generate-manual depending on how SwiftPM built it.
    tool="$FERRY_ROOT/.build-release/release/generate-manual-tool"
    [ -x "$tool" ] || tool="$FERRY_ROOT/.build-release/release/generate-manual"
  fi
  mkdir -p "$data/bash-completion/completions" "$data/zsh/site-functions" "$config/fish/completions" "$data/man/man1"
  "$bin" --generate-completion-script bash > "$data/bash-completion/completions/ferry"
  "$bin" --generate-completion-script zsh > "$data/zsh/site-functions/_ferry"
  "$bin" --generate-completion-script fish > "$config/fish/completions/ferry.fish"
  "$tool" "$bin" --output-directory "$data/man/man1"
  echo "== installed completions: $data/bash-completion/completions/ferry, $data/zsh/site-functions/_ferry, $config/fish/completions/ferry.fish; man page: $data/man/man1/ferry.1"
}
