#!/usr/bin/python3
"""Runs a command on a new pseudo-terminal (its controlling terminal and standard input, output and error), the way
a person at a terminal runs it, answering its prompts:

    in_terminal.py [--size ROWSxCOLUMNS] PROMPT ANSWER [PROMPT ANSWER ...] -- COMMAND [ARGUMENT ...]

Each ANSWER is typed (with Return) once PROMPT has appeared in what the command wrote since the previous answer;
an ANSWER written "key:TEXT" is typed as TEXT alone, without Return (a pager's "q", a filter's letters). The
terminal has the given size (none by default, as pty.fork leaves it), and answers a cursor position request
(ESC [ 6 n, what fzf asks before drawing below the prompt) as a terminal would, with row 1, column 1.
Prints everything the command wrote, then exits with the command's status (124 when a prompt did not come within
20 seconds, or the command did not end within 30)."""
import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time

arguments = sys.argv[1:]
size = None
if arguments[:1] == ["--size"]:
    rows, columns = (int(part) for part in arguments[1].split("x"))
    size = struct.pack("HHHH", rows, columns, 0, 0)
    arguments = arguments[2:]
separator = arguments.index("--")
pairs = arguments[:separator]
command = arguments[separator + 1:]
exchanges = list(zip(pairs[0::2], pairs[1::2]))

pid, terminal = pty.fork()
if pid == 0:
    if size:
        # Set from the terminal's own side before the command starts, so its first look at the size sees it.
        fcntl.ioctl(0, termios.TIOCSWINSZ, size)
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
    for _ in range(chunk.count(b"\x1b[6n")):
        os.write(terminal, b"\x1b[1;1R")
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
    if answer.startswith("key:"):
        os.write(terminal, answer[len("key:"):].encode())
    else:
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
