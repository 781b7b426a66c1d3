#pragma once
// sd-bus for Swift: the vtable macros (designated initialisers into a union, bitfields) cannot be expanded in
// Swift, so this target builds vtables from plain arrays. No logic lives here.
#include <stddef.h>
#include <systemd/sd-bus.h>

typedef struct {
    const char *name;
    const char *signature;
    const char *result;
} csdbus_method;

typedef struct {
    const char *name;
    const char *signature;
    int writable;
    /// Changes are announced by name only (`invalidated_properties`), so announcing one never computes its value.
    int invalidates;
} csdbus_property;

typedef struct {
    const char *name;
    const char *signature;
} csdbus_signal;

/// A vtable of one interface whose methods all go to `handler` and whose properties go to `getter` / `setter`
/// (writable ones announce changes). Strings are copied, since sd-bus keeps pointers into the table for as long
/// as it is exported; free it with `csdbus_vtable_free` after removing its slot. NULL when out of memory.
sd_bus_vtable *csdbus_vtable_new(const csdbus_method *methods, size_t method_count,
                                 const csdbus_property *properties, size_t property_count,
                                 const csdbus_signal *signals, size_t signal_count,
                                 sd_bus_message_handler_t handler,
                                 sd_bus_property_get_t getter, sd_bus_property_set_t setter);

void csdbus_vtable_free(sd_bus_vtable *vtable);
