# Shared by scripts/demo and scripts/test: install what Ferry needs, build it.
set -euo pipefail
FERRY_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH=/opt/swift/usr/bin:$PATH

# Debian packages the demo, the tests and the benchmarks use.
FERRY_APT_PACKAGES=(xdg-utils libglib2.0-bin desktop-file-utils python3)

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
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
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
