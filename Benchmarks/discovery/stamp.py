#!/usr/bin/env python3
"""stamp.py COMMAND...: runs COMMAND and prints each line of its output prefixed with the time it
arrived (seconds since the epoch). Stops COMMAND when stopped itself."""
import signal
import subprocess
import sys
import time

child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
signal.signal(signal.SIGTERM, lambda *_: (child.terminate(), sys.exit(0)))
for line in child.stdout:
    print(f"{time.time():.6f} {line.decode(errors='replace').rstrip()}", flush=True)
