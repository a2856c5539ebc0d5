#!/bin/sh
# Runs the example handlers directly, the way Ferry would start them, and
# checks what they do. Needs only POSIX sh and Debian base tools; python3 is
# used to validate the manifests when it is installed.
#
#   sh examples/selftest.sh
set -u

here=$(cd -- "$(dirname -- "$0")" && pwd) || exit 1
work=$(mktemp -d) || exit 1
trap 'rm -rf -- "$work"' EXIT
failures=0

fail() { printf 'FAIL: %s\n' "$1"; failures=$((failures + 1)); }
pass() { printf 'ok:   %s\n' "$1"; }

expect() { # NAME EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then pass "$1"; else fail "$1"; printf '  expected: %s\n  actual:   %s\n' "$2" "$3"; fi
}

# Give a handler the environment Ferry gives it: bundle id, container and an
# existing Documents folder; no FERRY_SOURCE_APPLICATION. The working
# directory is a scratch folder, so a handler must not depend on it.
as_app() { # BUNDLE-ID PROGRAM [ARG...]
    id=$1; shift
    container=$work/Containers/$id
    mkdir -p -- "$container/Documents" "$work/cwd"
    (cd -- "$work/cwd" &&
        FERRY_BUNDLE_ID=$id FERRY_CONTAINER=$container FERRY_DOCUMENTS=$container/Documents \
            "$@")
}

# Manifests
if command -v python3 >/dev/null 2>&1; then
    for plist in "$here/todo.app/Info.plist" "$here/notes.app/Info.plist" "$here/man.plist"; do
        if python3 -c 'import plistlib, sys; plistlib.load(open(sys.argv[1], "rb"))' "$plist"; then
            pass "plist loads: ${plist#"$here"/}"
        else
            fail "plist loads: ${plist#"$here"/}"
        fi
    done
else
    printf 'skip: python3 is not installed, manifests not checked\n'
fi
for exe in todo.app/todo notes.app/notes man-handler; do
    if [ -x "$here/$exe" ]; then pass "executable: $exe"; else fail "executable: $exe"; fi
done

# todo
docs=$work/Containers/com.acme.todo/Documents
out=$(as_app com.acme.todo "$here/todo.app/todo" 'todolist://www.acme.com?Quarterly%20Report#200806231300')
expect "todo: exit status" 0 $?
expect "todo: stdout" "todo: added \"Quarterly Report\" (due 2008-06-23 13:00, from www.acme.com) to $docs/todo.txt" "$out"
expect "todo: todo.txt" "2008-06-23 13:00  Quarterly Report  (from www.acme.com)" "$(cat "$docs/todo.txt")"
# shellcheck disable=SC2016 # the $(...) and backticks are meant literally
hostile='todolist://h?a%22b%27c$(touch${IFS}pwned)`touch${IFS}pwned`;touch%20pwned%0A2nd%20line'
as_app com.acme.todo "$here/todo.app/todo" "$hostile" >/dev/null
expect "todo: hostile URL stays one line" 2 "$(wc -l <"$docs/todo.txt" | tr -d ' ')"
if [ -e "$docs/pwned" ] || [ -e "$work/cwd/pwned" ]; then fail "todo: hostile URL runs nothing"; else pass "todo: hostile URL runs nothing"; fi
as_app com.acme.todo "$here/todo.app/todo" 'mailto:x@example.com' 2>/dev/null
expect "todo: wrong scheme is a usage error" 64 $?

# notes
docs=$work/Containers/org.ferry.examples.notes/Documents
out=$(as_app org.ferry.examples.notes "$here/notes.app/notes" 'notes://new?title=Shopping%20list')
expect "notes: new" "notes: created $docs/Shopping list.md" "$out"
expect "notes: content" "# Shopping list" "$(cat "$docs/Shopping list.md")"
out=$(as_app org.ferry.examples.notes "$here/notes.app/notes" 'notes://new?title=Shopping+list')
expect "notes: never overwrites" "notes: created $docs/Shopping list 2.md" "$out"
out=$(as_app org.ferry.examples.notes "$here/notes.app/notes" 'notes://new?title=..%2F..%2Fescape')
expect "notes: title cannot leave Documents" "notes: created $docs/escape.md" "$out"
mkdir -p -- "$docs/Inbox"
printf 'first line\nsecond line\n' >"$docs/Inbox/hello.txt"
out=$(as_app org.ferry.examples.notes "$here/notes.app/notes" "file://$docs/Inbox/hello.txt" | tail -n 2)
expect "notes: file URL shows the file" "first line
second line" "$out"

# man
out=$(PATH=/nonexistent "$here/man-handler" 'man:ls(1)' 2>&1)
status=$?
expect "man-handler: no man command exits 69" 69 "$status"
"$here/man-handler" 'man:-P/bin/sh' 2>/dev/null
expect "man-handler: option-like page refused" 64 $?
if command -v man >/dev/null 2>&1 && man -w ls >/dev/null 2>&1; then
    for url in 'man:ls(1)' 'man:ls' 'man:ls.1'; do
        out=$(MANPAGER=cat MANWIDTH=80 "$here/man-handler" "$url" 2>/dev/null | grep -c 'ls - list directory contents')
        expect "man-handler: $url" 1 "$out"
    done
else
    printf 'skip: man or the ls(1) page is not installed\n'
fi

if [ "$failures" -eq 0 ]; then
    printf 'all examples behave\n'
else
    printf '%s check(s) failed\n' "$failures"
    exit 1
fi
