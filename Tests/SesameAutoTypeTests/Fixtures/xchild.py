#!/usr/bin/python3
"""Another program's attack on Auto-Type: puts a 1x1 window of its own inside the window that has the focus, focuses
it, and counts the keys it receives for SECONDS (libX11 through ctypes):

    xchild.py SECONDS       prints "focused" once its window has the focus, then the number of keys it received"""
import ctypes
import ctypes.util
import sys
import time

x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XGetInputFocus.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_int)]
x11.XCreateSimpleWindow.restype = ctypes.c_ulong
x11.XCreateSimpleWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                    ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_ulong]
x11.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
x11.XMapWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
x11.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
x11.XPending.argtypes = [ctypes.c_void_p]
x11.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]

KEY_PRESS_MASK, EXPOSURE_MASK, KEY_PRESS, REVERT_TO_PARENT = 1, 1 << 15, 2, 2
display = x11.XOpenDisplay(None)
if not display:
    sys.exit("xchild.py: cannot open the display")
focus, revert = ctypes.c_ulong(), ctypes.c_int()
x11.XGetInputFocus(display, ctypes.byref(focus), ctypes.byref(revert))
if focus.value <= 1:
    sys.exit("xchild.py: no window has the focus")
child = x11.XCreateSimpleWindow(display, focus.value, 0, 0, 1, 1, 0, 0, 0)
x11.XSelectInput(display, child, KEY_PRESS_MASK | EXPOSURE_MASK)
x11.XMapWindow(display, child)
x11.XSync(display, 0)
x11.XSetInputFocus(display, child, REVERT_TO_PARENT, 0)
x11.XSync(display, 0)
print("focused", flush=True)
event = (ctypes.c_long * 24)()
keys = 0
deadline = time.monotonic() + float(sys.argv[1])
while time.monotonic() < deadline:
    while x11.XPending(display):
        x11.XNextEvent(display, event)
        if ctypes.cast(event, ctypes.POINTER(ctypes.c_int))[0] == KEY_PRESS:
            keys += 1
    time.sleep(0.01)
print(keys, flush=True)
