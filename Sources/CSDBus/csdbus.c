#include "csdbus.h"
#include <stdlib.h>
#include <string.h>

static char *copy(const char *text) { return strdup(text ? text : ""); }

sd_bus_vtable *csdbus_vtable_new(const csdbus_method *methods, size_t method_count,
                                 const csdbus_property *properties, size_t property_count,
                                 const csdbus_signal *signals, size_t signal_count,
                                 sd_bus_message_handler_t handler,
                                 sd_bus_property_get_t getter, sd_bus_property_set_t setter) {
    size_t count = method_count + property_count + signal_count + 2;
    sd_bus_vtable *vtable = calloc(count, sizeof(sd_bus_vtable));
    if (!vtable) return NULL;
    size_t at = 0;
    vtable[at++] = (sd_bus_vtable) SD_BUS_VTABLE_START(0);
    for (size_t i = 0; i < method_count; i++) {
        vtable[at++] = (sd_bus_vtable) SD_BUS_METHOD(copy(methods[i].name), copy(methods[i].signature),
                                                     copy(methods[i].result), handler, SD_BUS_VTABLE_UNPRIVILEGED);
    }
    for (size_t i = 0; i < property_count; i++) {
        uint64_t emits = properties[i].invalidates ? SD_BUS_VTABLE_PROPERTY_EMITS_INVALIDATION
                                                   : SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE;
        if (properties[i].writable) {
            vtable[at++] = (sd_bus_vtable) SD_BUS_WRITABLE_PROPERTY(
                copy(properties[i].name), copy(properties[i].signature), getter, setter, 0,
                emits | SD_BUS_VTABLE_UNPRIVILEGED);
        } else {
            vtable[at++] = (sd_bus_vtable) SD_BUS_PROPERTY(copy(properties[i].name), copy(properties[i].signature),
                                                           getter, 0, emits);
        }
    }
    for (size_t i = 0; i < signal_count; i++) {
        vtable[at++] = (sd_bus_vtable) SD_BUS_SIGNAL(copy(signals[i].name), copy(signals[i].signature), 0);
    }
    vtable[at] = (sd_bus_vtable) SD_BUS_VTABLE_END;
    return vtable;
}

void csdbus_vtable_free(sd_bus_vtable *vtable) {
    if (!vtable) return;
    for (sd_bus_vtable *entry = vtable + 1; entry->type != _SD_BUS_VTABLE_END; entry++) {
        switch (entry->type) {
        case _SD_BUS_VTABLE_METHOD:
            free((char *)entry->x.method.member);
            free((char *)entry->x.method.signature);
            free((char *)entry->x.method.result);
            break;
        case _SD_BUS_VTABLE_PROPERTY:
        case _SD_BUS_VTABLE_WRITABLE_PROPERTY:
            free((char *)entry->x.property.member);
            free((char *)entry->x.property.signature);
            break;
        case _SD_BUS_VTABLE_SIGNAL:
            free((char *)entry->x.signal.member);
            free((char *)entry->x.signal.signature);
            break;
        default:
            break;
        }
    }
    free(vtable);
}
