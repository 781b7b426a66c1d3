#!/usr/bin/python3
"""Runs a command on a new pseudo-terminal (its controlling terminal and standard input, output and error), the way
a person at a terminal runs it, answering its prompts:

    in_terminal.py PROMPT ANSWER [PROMPT ANSWER ...] -- COMMAND [ARGUMENT ...]

Each ANSWER is typed (with Return) once PROMPT has appeared in what the command wrote since the previous answer.
Prints everything the command wrote, then exits with the command's status (124 when a prompt did not come within
20 seconds, or the command did not end within 30)."""
import os
import pty
import select
import sys
import time

separator = sys.argv.index("--")
pairs = sys.argv[1:separator]
command = sys.argv[separator + 1:]
exchanges = list(zip(pairs[0::2], pairs[1::2]))

pid, terminal = pty.fork()
if pid == 0:
    os.execv(command[0], command)

transcript = b""
pending = b""
deadline = time.time() + 30


def read_some(seconds):
    """Reads what the command wrote within `seconds`; False at its end (the pty reports EIO once it closes)."""
    global transcript, pending
    ready, _, _ = select.select([terminal], [], [], seconds)
    if not ready:
        return True
    try:
        chunk = os.read(terminal, 4096)
    except OSError:
        return False
    if not chunk:
        return False
    transcript += chunk
    pending += chunk
    return True


status = None
for prompt, answer in exchanges:
    prompt_deadline = time.time() + 20
    while prompt.encode() not in pending:
        if time.time() > prompt_deadline or not read_some(0.1):
            sys.stdout.write(transcript.decode(errors="replace"))
            sys.stdout.write("\n[in_terminal.py: no prompt %r]\n" % prompt)
            os.kill(pid, 9)
            sys.exit(124)
    pending = b""
    os.write(terminal, answer.encode() + b"\r")
while time.time() < deadline and read_some(0.1):
    pass
# The terminal closes as the command exits, a moment before it can be reaped.
finished, wait_status = os.waitpid(pid, os.WNOHANG)
while finished == 0 and time.time() < deadline:
    time.sleep(0.02)
    finished, wait_status = os.waitpid(pid, os.WNOHANG)
if finished == 0:
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    sys.stdout.write(transcript.decode(errors="replace") + "\n[in_terminal.py: the command did not end]\n")
    sys.exit(124)
sys.stdout.write(transcript.decode(errors="replace"))
sys.exit(os.waitstatus_to_exitcode(wait_status))
