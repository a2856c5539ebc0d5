#!/usr/bin/env python3
"""Reads `ferry peers --json` on stdin; exits 0 when a peer NAME exists and the optional
Python expression over it (bound to `p`) holds. `--absent` inverts: exits 0 when NAME is not listed.
`--status` prints the status and message instead. Exits 3 on empty input."""
import json
import sys

args = sys.argv[1:]
text = sys.stdin.read()
if not text.strip():
    sys.exit(3)  # `ferry peers` printed nothing (its ferryd not answering yet): a poll tries again
document = json.loads(text)
if args and args[0] == "--status":
    print(document["status"], document["message"])
    sys.exit(0)
absent = bool(args) and args[0] == "--absent"
if absent:
    args = args[1:]
name = args[0]
expression = args[1] if len(args) > 1 else "True"
peers = [p for p in document["peers"] if p["name"] == name]
if absent:
    sys.exit(0 if not peers else 1)
if not peers:
    sys.exit(1)
p = peers[0]
sys.exit(0 if eval(expression, {}, {"p": p}) else 2)
