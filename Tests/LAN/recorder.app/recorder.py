#!/usr/bin/env python3
"""A managed app for the LAN scenarios: owns Markdown files and writes every lifecycle event it
gets, with its PID and the URL for launches and opens, as one line to Documents/events."""
import json
import os
import socket

documents = os.environ["FERRY_DOCUMENTS"]
os.makedirs(documents, exist_ok=True)
connection = socket.socket(socket.AF_UNIX)
connection.connect(os.environ["FERRY_SOCKET"])
frames = connection.makefile("r")


def say(frame):
    connection.sendall((json.dumps(frame) + "\n").encode())


token_fd = int(os.environ["FERRY_LAUNCH_TOKEN_FD"])
token = os.read(token_fd, 256).decode()
os.close(token_fd)
say({"type": "hello", "protocol": 2, "role": "app", "token": token})
welcome = json.loads(frames.readline())
assert welcome["type"] == "welcome" and welcome["protocol"] == 2, welcome
for line in frames:
    frame = json.loads(line)
    event = frame.get("event", "")
    url = frame.get("url") or (frame.get("options") or {}).get("url") or ""
    with open(os.path.join(documents, "events"), "a") as log:
        log.write(f"{os.getpid()} {event} {url}".rstrip() + "\n")
    say({"type": "reply", "id": frame["id"], "result": True})
    if event == "willTerminate":
        break
