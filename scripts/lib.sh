# Shared by scripts/demo and scripts/test: install what Ferry needs, build it.
set -euo pipefail
FERRY_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# The link order files (scripts/order): beside this file, also when FERRY_ROOT is pointed elsewhere.
FERRY_ORDER_DIR=$FERRY_ROOT/scripts/order
export PATH=/opt/swift/usr/bin:$PATH

# Debian packages the demo, the tests and the benchmarks use.
# libavahi-client-dev builds ferryd's discovery; avahi-daemon, avahi-utils, dbus and iproute2 run
# the LAN test bed (Tests/LAN), which starts its avahi-daemons in network namespaces only.
# libsystemd-dev builds FerryDBus; python3-dbusmock, dunst, xvfb and x11-apps/imagemagick test the
# desktop notifications on a private session bus.
FERRY_APT_PACKAGES=(xdg-utils libglib2.0-bin shared-mime-info desktop-file-utils python3
  libavahi-client-dev avahi-daemon avahi-utils dbus iproute2 util-linux zsh fish strace
  libsystemd-dev python3-dbusmock dunst xvfb x11-apps imagemagick
  chromium python3-gi gir1.2-glib-2.0 bind9 bind9-utils bind9-dnsutils)

ferry_install_packages() {
  local missing=()
  for p in "${FERRY_APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  # Not fatal: without them the tests that need them skip, saying so.
  ferry_install_pip_packages || echo "== pip install of ${FERRY_PIP_PACKAGES[*]} failed; the tests that need them will skip"
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

# PyPI packages the tests use: localsendd (a LocalSend v2.2 daemon, Tests/LAN/localsend).
FERRY_PIP_PACKAGES=(localsendd)

ferry_install_pip_packages() {
  command -v python3 >/dev/null || return 1
  local missing=()
  for p in "${FERRY_PIP_PACKAGES[@]}"; do
    python3 -m pip show -q "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== pip installing ${missing[*]}"
  python3 -m pip install -q "${missing[@]}"
}

# Every Swift module of the release build, Ferry's and its dependencies', compiles with these
# (issue 26). Swift marks each public function SHF_GNU_RETAIN, so --gc-sections could drop none of
# NIO's, X509's or AsyncAlgorithms' unused API; -internalize-at-link leaves that mark off (a static
# executable is the whole link unit) and -function-sections keeps one section per function. lld
# then drops what nothing reaches: ferryd 3.5 MB smaller. No code changes, so no speed changes.
# -Xcc -ffunction-sections does the same for the C and C++ targets (BoringSSL twice, NIO's shims),
# so the link order (scripts/order) can place their functions one by one rather than whole files:
# an idle ferryd maps 1 MB less of its binary, and ferryd is 1.1 MB smaller.
FERRY_RELEASE_SWIFT_FLAGS=(-Xswiftc -Xfrontend -Xswiftc -internalize-at-link
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections)

# One release build of every product, in one scratch path: the demo, the installer and the
# package all use it, so dependencies compile once (two scratch paths took 12½ minutes on a fresh
# 2-core machine). Everything links the Swift runtime statically (--static-swift-stdlib): ferryd's
# RSS drops by 2 MB and batches through it run faster (Benchmarks/daemon); only libc and, for
# ferryd, libavahi-client stay dynamic. ferry is then linked again, from the same objects, as a fully
# static executable (ferry_link_static_ferry). The man page tool is built in the same scratch path,
# with the same flags (other flags would compile the shared dependencies a second time).
ferry_build_release() {
  echo "== building ferry, ferryd and the example apps (release, one build)"
  (cd "$FERRY_ROOT" && swift build -c release --static-swift-stdlib --scratch-path .build-release \
     "${FERRY_RELEASE_SWIFT_FLAGS[@]}" 2>&1 | tail -n 1)
  echo "== building generate-manual (the man page tool)"
  (cd "$FERRY_ROOT" && swift build -c release --static-swift-stdlib --scratch-path .build-release \
     "${FERRY_RELEASE_SWIFT_FLAGS[@]}" --product generate-manual 2>&1 | tail -n 1)
  ferry_link_static_ferry
  ferry_use_bin_dir "$FERRY_ROOT/.build-release/release"
}

# Replaces .build-release/release/ferry (a PIE) with the same objects linked -static-executable:
# no dynamic loader, no relocating a 34 MB PIE at every start. `ferry --version` takes 0.8 ms of CPU
# instead of 2.5 ms, with 104 page faults instead of 323 (issue 26). Only the link runs again (a
# second or two), not a second build. Static glibc looks users up (getpwuid_r, only without $HOME)
# through the machine's own NSS libraries, so the binary is for machines with this glibc, as the
# .deb already is. Copy then rename: a running ferry keeps its old file.
ferry_link_static_ferry() {
  local dir=$FERRY_ROOT/.build-release/release
  local objects=$dir/ferry.product/Objects.LinkFileList
  [ -f "$objects" ] || { echo "no $objects: build ferry (release) first" >&2; return 70; }
  echo "== linking ferry as a fully static executable"
  rm -f "$dir/ferry.static"
  # lld with scripts/order/ferry.txt (the functions `ferry --version`, `open`, `ps` and `apps` run,
  # first; scripts/order/profile.py): `ferry --version` touches 2.5 MB of its binary instead of 5.3.
  swiftc -static-executable -emit-executable -module-name ferry -o "$dir/ferry.static" \
    -Xlinker --gc-sections -Xlinker --defsym -Xlinker main=ferry_main "@$objects" -g -use-ld=lld \
    -Xlinker --symbol-ordering-file="$FERRY_ORDER_DIR/ferry.txt" -Xlinker --no-warn-symbol-ordering \
    -Xlinker -T -Xlinker "$FERRY_ROOT/scripts/link/unnamed-functions.ld" 2>&1 \
    | grep -v "statically linked applications requires at runtime\|use of .mktemp' is dangerous" || true
  [ -x "$dir/ferry.static" ] || { echo "linking the static ferry failed" >&2; return 70; }
  mv -f "$dir/ferry.static" "$dir/ferry"
}

# Points FERRY_BIN and friends at an already built folder (release or debug).
ferry_use_bin_dir() {
  local dir=$1
  FERRY_BIN="$dir/ferry"
  FERRYD_BIN="$dir/ferryd"
  TODO_MANAGED_BIN="$dir/todo-managed"
  BENCH_APP_BIN="$dir/ferry-bench-app"
  RESTORE_APP_BIN="$dir/ferry-restore-bench-app"
  # SwiftPM names the built tool generate-manual-tool or generate-manual.
  FERRY_MANUAL_TOOL=${FERRY_MANUAL_TOOL:-$dir/generate-manual-tool}
  [ -x "$FERRY_MANUAL_TOOL" ] || FERRY_MANUAL_TOOL="$dir/generate-manual"
}

# The layout the benchmarks read (.build-static/release: ferry and ferryd side by side, see
# Benchmarks/ab): copies of the release build's static ferry and its ferryd. It used to be a second
# full build (-Xswiftc -static-executable in its own scratch path); ferry_build_release links the
# static ferry itself now.
ferry_build_static_ferry() {
  local out=$FERRY_ROOT/.build-static/release
  mkdir -p "$out"
  # Copy then rename: a running ferryd keeps its old file ("text file busy" otherwise).
  local name
  for name in ferry ferryd; do
    cp "$FERRY_ROOT/.build-release/release/$name" "$out/$name.new"
    mv -f "$out/$name.new" "$out/$name"
  done
  FERRY_BIN="$out/ferry"
  FERRYD_BIN="$out/ferryd"
}

# Shell completions and the man page, generated from ferry's argument parser, into the user's
# XDG folders (the demo does this; scripts/install puts them under a prefix instead):
# bash-completion loads $XDG_DATA_HOME/bash-completion/completions by itself, fish
# ~/.config/fish/completions, man ~/.local/share/man when ~/.local/bin is in PATH; zsh needs
# fpath+=(~/.local/share/zsh/site-functions) before compinit.
ferry_install_shell_files() {
  local bin=${1:-$FERRY_BIN}
  local data=${XDG_DATA_HOME:-$HOME/.local/share} config=${XDG_CONFIG_HOME:-$HOME/.config}
  mkdir -p "$data/bash-completion/completions" "$data/zsh/site-functions" "$config/fish/completions" "$data/man/man1"
  "$bin" --generate-completion-script bash > "$data/bash-completion/completions/ferry"
  "$bin" --generate-completion-script zsh > "$data/zsh/site-functions/_ferry"
  "$bin" --generate-completion-script fish > "$config/fish/completions/ferry.fish"
  ferry_make_man_page "$bin" "$data/man/man1"
  echo "== installed completions: $data/bash-completion/completions/ferry, $data/zsh/site-functions/_ferry, $config/fish/completions/ferry.fish; man page: $data/man/man1/ferry.1"
}

# The man page: swift-argument-parser's generate-manual tool (the engine of its generate-manual
# plugin, offline) run on the built binary, with its stock EXIT STATUS section replaced by
# docs/man/ferry-sections.mdoc (ENVIRONMENT, FILES, EXIT STATUS, EXAMPLES, in mdoc's order).
ferry_make_man_page() {
  local bin=$1 out=$2 tool=${FERRY_MANUAL_TOOL:-}
  [ -x "$tool" ] || { echo "no generate-manual tool at '$tool'; build it: swift build --product generate-manual" >&2; return 66; }
  local scratch; scratch=$(mktemp -d)
  "$tool" "$bin" ${SOURCE_DATE_EPOCH:+--date "$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)"} --output-directory "$scratch"
  awk -v sections="$FERRY_ROOT/docs/man/ferry-sections.mdoc" '
    /^\.Sh / { skipping = 0 }
    /^\.Sh "?EXIT STATUS"?$/ { while ((getline line < sections) > 0) print line; skipping = 1; next }
    !skipping { print }
  ' "$scratch/ferry.1" >"$out/ferry.1"
  rm -rf "$scratch"
  grep -q '^\.Sh EXAMPLES' "$out/ferry.1" || { echo "the generated man page has no EXIT STATUS section to replace" >&2; return 70; }
}
