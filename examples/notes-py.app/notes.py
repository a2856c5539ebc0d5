#!/usr/bin/env python3
"""notes-py: a managed Ferry app in plain Python, speaking the ferryd protocol directly.

    notes-py://add?text=Buy%20milk    appends "Buy milk" to Documents/notes.txt

The user default NotePrefix (`ferry defaults write org.ferry.examples.notes-py NotePrefix "- "`),
read from Library/Preferences/ID.plist in the container at each note, goes before every note. The
welcome's identifierForVendor is printed as "identifierForVendor UUID" on stdout.

ferryd starts it with FERRY_SOCKET, FERRY_LAUNCH_TOKEN_FD and FERRY_DOCUMENTS set. It connects,
says hello, and answers each lifecycle event with a reply; every event is logged as one line
"event NAME [VALUE]" on stdout and in Documents/events.log (VALUE: what a queued notification
carries, such as "significantTimeChange time-zone"; a suspended app gets those on resume). When it
enters the background it holds a background task while it syncs its notes to disk, so ferryd does
not suspend it mid-write (docs/app-services.md). It exits 0 after willTerminate or when
ferryd closes the connection, and 1 (one line on stderr, never a traceback) on a bad frame.
See docs/protocol.md.
"""
import json
import os
import plistlib
import socket
import sys
import urllib.parse

PROG = "notes.py"
MAX_FRAME = 1 << 20  # bytes, newline included
PREFIX_KEY = "NotePrefix"  # the user default put before every note
EVENTS = {"willFinishLaunching", "didFinishLaunching", "open", "didBecomeActive", "willResignActive",
          "didEnterBackground", "willEnterForeground", "willTerminate", "didReceiveMemoryWarning",
          "backgroundTaskWillExpire", "significantTimeChange", "currentLocaleDidChange", "userDefaultsDidChange",
          "protectedDataWillBecomeUnavailable", "protectedDataDidBecomeAvailable"}
SYNC_TASK = 1  # the background task's id: the app picks it


def die(status, message):
    print(f"{PROG}: {message}", file=sys.stderr, flush=True)
    sys.exit(status)


def one_line(text):
    """Control characters (newlines too) become spaces: one note, one line."""
    return "".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in text)


def append(path, line):
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(line + "\n")
        return True
    except OSError as error:
        print(f"{PROG}: cannot write {path}: {error.strerror}", file=sys.stderr, flush=True)
        return False


def reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def read_frame(stream, refusal="ferryd reported an error"):
    """The next frame as a dict, or None when ferryd closed the connection."""
    line = stream.readline(MAX_FRAME)
    if not line.endswith(b"\n"):
        if len(line) >= MAX_FRAME:
            die(1, f"ferryd sent a frame longer than {MAX_FRAME} bytes")
        return None  # end of stream (a cut-off last line counts as closed)
    try:
        frame = json.loads(line.decode("utf-8"), parse_constant=reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        die(1, f"ferryd sent a bad frame: not UTF-8 JSON ({error.__class__.__name__})")
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        die(1, "ferryd sent a bad frame: expected a JSON object with a string \"type\"")
    if frame["type"] == "error":
        die(1, f"{refusal}: {frame.get('code', 'error')}: {frame.get('message', 'no reason given')}")
    return frame


def send(sock, frame):
    try:
        sock.sendall((json.dumps(frame) + "\n").encode("utf-8"))
    except OSError:
        sys.exit(0)  # ferryd is gone: nothing left to answer


def note_prefix():
    """The NotePrefix user default: the app's domain is Library/Preferences/ID.plist in its
    container (docs/app-services.md); none, or a damaged domain, is no prefix."""
    container, bundle = os.environ.get("FERRY_CONTAINER"), os.environ.get("FERRY_BUNDLE_ID")
    if not container or not bundle:
        return ""
    try:
        with open(os.path.join(container, "Library", "Preferences", bundle + ".plist"), "rb") as f:
            values = plistlib.load(f)
    except (OSError, plistlib.InvalidFileException, ValueError):
        return ""
    prefix = values.get(PREFIX_KEY) if isinstance(values, dict) else None
    return one_line(prefix) if isinstance(prefix, str) else ""


def open_url(url, documents):
    """Handles notes-py://add?text=...; returns whether the URL was handled."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme.lower() != "notes-py" or "add" not in (parts.netloc, parts.path.strip("/")):
        return False
    texts = urllib.parse.parse_qs(parts.query).get("text", [])
    text = one_line(" ".join(texts)).strip()
    return bool(text) and append(os.path.join(documents, "notes.txt"), note_prefix() + text)


def answer(frame, documents):
    """Logs and handles one event frame; returns the reply's result."""
    event, options = frame.get("event"), frame.get("options")
    options = options if isinstance(options, dict) else {}
    if not isinstance(event, str) or event not in EVENTS:
        return False
    value = frame.get("value")
    line = f"event {event}" + (f" {value}" if isinstance(value, str) else "")
    print(line, flush=True)
    append(os.path.join(documents, "events.log"), line)
    launch_url = options.get("url") if isinstance(options.get("url"), str) else ""
    if event == "didFinishLaunching":
        return urllib.parse.urlsplit(launch_url).query != "decline"
    if event == "open":
        url = frame.get("url") if isinstance(frame.get("url"), str) else launch_url
        return open_url(url, documents)
    return True


def sync_notes(documents):
    """The work the background task covers: the notes reach the disk before a suspension."""
    try:
        fd = os.open(os.path.join(documents, "notes.txt"), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def background_task(sock, action, task=SYNC_TASK):
    frame = {"type": "background-task", "id": task, "action": action}
    send(sock, {**frame, "name": "sync-notes"} if action == "begin" else frame)


def read_token(descriptor):
    """The launch token from the pipe ferryd passed (not the environment, which other processes
    of the user can read); read once, then closed."""
    try:
        fd = int(descriptor)
        token = os.read(fd, 256).decode().strip()
        os.close(fd)
    except (ValueError, OSError):
        token = ""
    if not token:
        die(78, f"FERRY_LAUNCH_TOKEN_FD={descriptor} holds no launch token; open one of the app's URLs with 'ferry open URL'")
    return token


def main():
    env = os.environ
    if not env.get("FERRY_SOCKET") or not env.get("FERRY_LAUNCH_TOKEN_FD"):
        die(78, "not started by ferryd (FERRY_SOCKET or FERRY_LAUNCH_TOKEN_FD is not set); "
                "install the app and open one of its URLs with 'ferry open URL'")
    token = read_token(env["FERRY_LAUNCH_TOKEN_FD"])
    documents = env.get("FERRY_DOCUMENTS") or die(78, "FERRY_DOCUMENTS is not set; ferryd sets it when it launches the app")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(env["FERRY_SOCKET"])
    except OSError as error:
        die(69, f"cannot reach ferryd at {env['FERRY_SOCKET']}: {error.strerror}")
    stream = sock.makefile("rb")
    send(sock, {"type": "hello", "protocol": 2, "role": "app", "token": token})
    welcome = read_frame(stream, "ferryd refused the app")
    if welcome is None:
        die(1, "ferryd closed the connection before its welcome")
    if welcome["type"] != "welcome":
        die(1, f"ferryd answered hello with a \"{welcome['type']}\" frame, not welcome")
    if welcome.get("protocol") != 2:
        die(1, f"ferryd speaks protocol {welcome.get('protocol')}, this app protocol 2; update ferryd")
    # The same UUID for every app of this vendor on this machine; it never leaves ferryd's socket.
    print(f"identifierForVendor {welcome.get('identifierForVendor')}", flush=True)
    while True:
        frame = read_frame(stream)
        if frame is None:
            return 0
        event_id = frame.get("id")
        if frame["type"] != "event" or type(event_id) is not int:
            die(1, f"ferryd sent a bad frame: expected an event with an integer id, got \"{frame['type']}\"")
        event = frame.get("event")
        if event == "didEnterBackground":
            background_task(sock, "begin")  # before the reply: no suspension in between
        result = answer(frame, documents)
        send(sock, {"type": "reply", "id": event_id, "result": result})
        if event == "didEnterBackground":
            sync_notes(documents)
            background_task(sock, "end")
        if event == "backgroundTaskWillExpire" and type(frame.get("task")) is int:
            background_task(sock, "end", frame["task"])  # out of time: give it up
        if event == "willTerminate":
            return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
    except ConnectionError:  # reset by ferryd: it is gone, as on end of stream
        sys.exit(0)
    except OSError as error:  # a socket failing mid-read: ferryd is gone
        die(1, f"connection to ferryd failed: {error.strerror or error}")
