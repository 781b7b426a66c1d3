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

/// The bits of a resource id that number one client's resources; the server gives every client the same mask, so two
/// ids that agree outside it were made by the same client. Xlib keeps it in a field its public header leaves unnamed
/// (Xlibint.h's resource_mask).
static inline XID sesame_x_resource_mask(Display *display) { return ((_XPrivDisplay)display)->private4; }

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
