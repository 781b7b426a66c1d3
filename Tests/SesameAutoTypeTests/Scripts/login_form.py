"""A small login form for Auto-Type tests: a Tk window of class SesameTestLogin titled TITLE, with a user name and
a password field (the user name field focused). Return writes {"username", "password"} as JSON to OUT and exits.

Usage: login_form.py OUT TITLE"""

import json
import sys
import tkinter

out, title = sys.argv[1], sys.argv[2]
root = tkinter.Tk(className="SesameTestLogin")
root.title(title)
username = tkinter.Entry(root)
password = tkinter.Entry(root, show="*")
username.pack()
password.pack()


def submit(_event):
    with open(out + ".tmp", "w", encoding="utf-8") as file:
        json.dump({"username": username.get(), "password": password.get()}, file, ensure_ascii=False)
    import os
    os.rename(out + ".tmp", out)
    root.destroy()


root.bind_all("<Return>", submit)
root.after(100, lambda: (root.focus_force(), username.focus_set()))
root.mainloop()
