#!/usr/bin/python3
"""A small login form for the Auto-Type tests: what it received is written as JSON to the file named on the
command line after every change (so a test sees partial typing too), with "submitted": true once Return is pressed
in the password field. Prints "ready" when it has the focus. With --steal-focus, the first key typed into the user name opens
a second window that takes the focus, as a pop-up would while Auto-Type runs."""
import json
import os
import sys
import tkinter

report = sys.argv[1]
steal = "--steal-focus" in sys.argv
title = os.environ.get("FORM_TITLE", "Example Login - example.com")
root = tkinter.Tk(className=os.environ.get("FORM_CLASS", "SesameTestLogin"))
root.title(title)
username = tkinter.Entry(root)
password = tkinter.Entry(root, show="*")
username.pack()
password.pack()
state = {"submitted": False, "other": ""}
other = {"window": None}


def write(*_):
    state["username"] = username.get()
    state["password"] = password.get()
    if other["window"] is not None:
        state["other"] = other["entry"].get()
    temporary = report + ".tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        json.dump(state, file, ensure_ascii=False)
    os.replace(temporary, report)


def submit(_):
    state["submitted"] = True
    write()


def steal_focus(_):
    if not steal or other["window"] is not None:
        return
    window = tkinter.Toplevel(root, class_="SesameTestPopup")
    window.title("Unrelated pop-up")
    entry = tkinter.Entry(window)
    entry.pack()
    entry.bind("<KeyRelease>", write)
    other["window"], other["entry"] = window, entry
    window.update()
    window.focus_force()
    entry.focus_force()


def write_then_steal(event):
    write()
    steal_focus(event)


username.bind("<KeyRelease>", write_then_steal)
password.bind("<KeyRelease>", write)
password.bind("<Return>", submit)


focused = {"yes": False}


def note_focus(_):
    focused["yes"] = True


username.bind("<FocusIn>", note_focus, add="+")


def announce():
    # "ready" only once the X server has given the user name field the focus: the window manager may take a while.
    if not focused["yes"]:
        root.focus_force()
        username.focus_force()
        root.after(50, announce)
        return
    root.update()
    write()
    print("ready", flush=True)


root.after(300, announce)
root.mainloop()
