"""A stand-in pinentry for the browser host's passkey question, installed as `pinentry` in a folder put first on
PATH: it appends every Assuan line it receives to the file FAKE_PINENTRY_LOG and answers CONFIRM by the word in the
file FAKE_PINENTRY_ANSWER ("yes": OK; "no": cancelled; "timeout": pinentry's timeout error; "hold": waits until the
file says something else, then answers that).

install(folder) writes the program and returns the environment that selects it."""

import os
import stat
import sys
import time

PROGRAM = """#!/bin/sh
exec %s %s serve
"""


def install(folder, answer="yes"):
    os.makedirs(folder, exist_ok=True)
    program = os.path.join(folder, "pinentry")
    with open(program, "w") as file:
        file.write(PROGRAM % (sys.executable, os.path.abspath(__file__)))
    os.chmod(program, stat.S_IRWXU)
    log, answer_file = os.path.join(folder, "pinentry.log"), os.path.join(folder, "answer")
    open(log, "w").close()
    set_answer(answer_file, answer)
    return {"PATH": folder + os.pathsep + os.environ.get("PATH", ""), "FAKE_PINENTRY_LOG": log,
            "FAKE_PINENTRY_ANSWER": answer_file}


def set_answer(answer_file, answer):
    # Replaced whole, never truncated in place: a waiting pinentry must not read an empty answer.
    with open(answer_file + ".new", "w") as file:
        file.write(answer)
    os.replace(answer_file + ".new", answer_file)


def questions(log):
    """The descriptions pinentry was asked to show, unescaped, in order."""
    with open(log) as file:
        lines = file.read().splitlines()
    return [line[len("SETDESC "):].replace("%0A", "\n").replace("%0D", "\r").replace("%25", "%")
            for line in lines if line.startswith("SETDESC ")]


def serve():
    out = sys.stdout
    out.write("OK Pleased to meet you\n")
    out.flush()
    for line in sys.stdin:
        line = line.rstrip("\n")
        with open(os.environ["FAKE_PINENTRY_LOG"], "a") as log:
            log.write(line + "\n")
        if line == "CONFIRM":
            while True:
                with open(os.environ["FAKE_PINENTRY_ANSWER"]) as file:
                    answer = file.read().strip()
                if answer != "hold":
                    break
                time.sleep(0.05)
            out.write({"yes": "OK\n", "no": "ERR 83886179 Operation cancelled <Pinentry>\n",
                       "timeout": "ERR 83886142 Timeout <Pinentry>\n"}[answer])
        elif line == "BYE":
            out.write("OK closing connection\n")
            out.flush()
            return
        else:
            out.write("OK\n")
        out.flush()


if __name__ == "__main__" and sys.argv[1:] == ["serve"]:
    serve()
