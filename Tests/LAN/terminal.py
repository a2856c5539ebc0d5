#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal, typing a line after each expected prompt, as a user would.
Usage: terminal.py '["/path/ferry", "send", "x"]' '[["[y/N]", "y"], ...]'
Prints everything the command wrote (the terminal's echo included); exits with its status."""
import json
import os
import pty
import select
import sys
import time

argv, answers = json.loads(sys.argv[1]), json.loads(sys.argv[2])
pid, fd = pty.fork()
if pid == 0:
    os.execv(argv[0], argv)
out, seen, deadline = b"", 0, time.time() + 60
while time.time() < deadline:
    if select.select([fd], [], [], 0.05)[0]:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        out += data
    if answers and answers[0][0].encode() in out[seen:]:
        seen = len(out)
        os.write(fd, (answers.pop(0)[1] + "\n").encode())
else:
    os.kill(pid, 9)
sys.stdout.write(out.decode(errors="replace").replace("\r\n", "\n"))
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
