#!/usr/bin/env python3
"""notes-py: a managed Ferry app in plain Python, speaking the ferryd protocol directly.

    notes-py://add?text=Buy%20milk    appends "Buy milk" to Documents/notes.txt

ferryd starts it with FERRY_SOCKET, FERRY_LAUNCH_TOKEN_FD and FERRY_DOCUMENTS set. It connects,
says hello, and answers each lifecycle event with a reply; every event is logged as one line
"event NAME" on stdout and in Documents/events.log. It exits 0 after willTerminate or when
ferryd closes the connection, and 1 (one line on stderr, never a traceback) on a bad frame.
See docs/protocol.md.
"""
import json
import os
import socket
import sys
import urllib.parse

PROG = "notes.py"
MAX_FRAME = 1 << 20  # bytes, newline included
EVENTS = {"willFinishLaunching", "didFinishLaunching", "open", "didBecomeActive", "willResignActive",
          "didEnterBackground", "willEnterForeground", "willTerminate", "didReceiveMemoryWarning"}


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


def open_url(url, documents):
    """Handles notes-py://add?text=...; returns whether the URL was handled."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme.lower() != "notes-py" or "add" not in (parts.netloc, parts.path.strip("/")):
        return False
    texts = urllib.parse.parse_qs(parts.query).get("text", [])
    text = one_line(" ".join(texts)).strip()
    return bool(text) and append(os.path.join(documents, "notes.txt"), text)


def answer(frame, documents):
    """Logs and handles one event frame; returns the reply's result."""
    event, options = frame.get("event"), frame.get("options")
    options = options if isinstance(options, dict) else {}
    if not isinstance(event, str) or event not in EVENTS:
        return False
    print(f"event {event}", flush=True)
    append(os.path.join(documents, "events.log"), f"event {event}")
    launch_url = options.get("url") if isinstance(options.get("url"), str) else ""
    if event == "didFinishLaunching":
        return urllib.parse.urlsplit(launch_url).query != "decline"
    if event == "open":
        url = frame.get("url") if isinstance(frame.get("url"), str) else launch_url
        return open_url(url, documents)
    return True


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
    while True:
        frame = read_frame(stream)
        if frame is None:
            return 0
        event_id = frame.get("id")
        if frame["type"] != "event" or type(event_id) is not int:
            die(1, f"ferryd sent a bad frame: expected an event with an integer id, got \"{frame['type']}\"")
        result = answer(frame, documents)
        send(sock, {"type": "reply", "id": event_id, "result": result})
        if frame.get("event") == "willTerminate":
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
