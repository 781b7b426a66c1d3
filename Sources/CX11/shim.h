#ifndef SESAME_CX11_SHIM_H
#define SESAME_CX11_SHIM_H
// libX11 and libXtst (Debian libx11-dev, libxtst-dev) for the Auto-Type helper, plus what Swift cannot call: the
// XKB client map is read through macros.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/XKBlib.h>
#include <X11/keysym.h>
#include <X11/extensions/XTest.h>

static inline int sesame_xkb_group_count(XkbDescPtr xkb, KeyCode code) { return XkbKeyNumGroups(xkb, code); }

static inline int sesame_xkb_group_width(XkbDescPtr xkb, KeyCode code, int group) {
    return XkbKeyGroupWidth(xkb, code, group);
}

static inline KeySym sesame_xkb_keysym(XkbDescPtr xkb, KeyCode code, int group, int level) {
    return XkbKeySymEntry(xkb, code, level, group);
}

/// The modifiers that select `level` of the key's type in `group`; -1 when no map entry selects it.
static inline int sesame_xkb_level_modifiers(XkbDescPtr xkb, KeyCode code, int group, int level) {
    XkbKeyTypePtr type = XkbKeyKeyType(xkb, code, group);
    if (level == 0) return 0;
    for (int i = 0; i < type->map_count; i++) {
        XkbKTMapEntryPtr entry = &type->map[i];
        if (entry->active && entry->level == level) return entry->mods.mask;
    }
    return -1;
}
#endif
