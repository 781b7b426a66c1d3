#!/usr/bin/python3
"""Presses keys on the X server named by $DISPLAY through XTest (libX11 and libXtst through ctypes), as a person's
fingers would for the Auto-Type tests:

    xkeys.py tap KEYSYM            press and release (Caps_Lock: turns Caps Lock on or off)
    xkeys.py hold KEYSYM MS        hold down for MS milliseconds, then release; prints "down" once it is held

Exits 1 with a message when the key is not on the keyboard map."""
import ctypes
import ctypes.util
import sys
import time

x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
xtst = ctypes.CDLL(ctypes.util.find_library("Xtst") or "libXtst.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XStringToKeysym.restype = ctypes.c_ulong
x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
x11.XKeysymToKeycode.restype = ctypes.c_ubyte
x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]

display = x11.XOpenDisplay(None)
if not display:
    sys.exit("xkeys.py: cannot open the display")
command, name = sys.argv[1], sys.argv[2]
keycode = x11.XKeysymToKeycode(display, x11.XStringToKeysym(name.encode()))
if keycode == 0:
    sys.exit("xkeys.py: no key for " + name)


def key(down):
    xtst.XTestFakeKeyEvent(display, keycode, 1 if down else 0, 0)
    x11.XSync(display, 0)


if command == "tap":
    key(True)
    key(False)
elif command == "hold":
    key(True)
    print("down", flush=True)
    time.sleep(int(sys.argv[3]) / 1000)
    key(False)
else:
    sys.exit("xkeys.py: unknown command " + command)
x11.XCloseDisplay(display)
