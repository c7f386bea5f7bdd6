/*
 * libzbar.a's image scanner (img_scanner.o) can broadcast each decoded symbol on the D-Bus
 * system bus, but only after zbar_image_scanner_request_dbus(scanner, 1); a new scanner starts
 * with the broadcast off (calloc'd), and Airsign never requests it. Its object file still
 * refers to libdbus-1, whose shared library would bring libsystemd and libgcrypt into the
 * offline signer: code that can open sockets. These definitions complete the link instead, so
 * libdbus-1 is not linked at all. They are never reached; if they were, every one refuses
 * (no bus, no name, no message) and zbar reports a D-Bus error, as when no bus is running.
 * The prototypes follow dbus/dbus.h (D-Bus 1.14); pointers to its opaque types are void here.
 */
#include <stddef.h>

typedef unsigned int dbus_bool_t;
typedef unsigned int dbus_uint32_t;

void *dbus_bus_get(int type, void *error) { (void)type; (void)error; return NULL; }
int dbus_bus_request_name(void *connection, const char *name, unsigned int flags, void *error) {
    (void)connection; (void)name; (void)flags; (void)error; return -1;
}
int dbus_bus_release_name(void *connection, const char *name, void *error) {
    (void)connection; (void)name; (void)error; return -1;
}
dbus_bool_t dbus_connection_send(void *connection, void *message, dbus_uint32_t *serial) {
    (void)connection; (void)message; (void)serial; return 0;
}
void dbus_connection_flush(void *connection) { (void)connection; }
void dbus_error_init(void *error) { (void)error; }
void dbus_error_free(void *error) { (void)error; }
dbus_bool_t dbus_error_is_set(const void *error) { (void)error; return 0; }
void *dbus_message_new_signal(const char *path, const char *interface, const char *name) {
    (void)path; (void)interface; (void)name; return NULL;
}
void dbus_message_unref(void *message) { (void)message; }
void dbus_message_iter_init_append(void *message, void *iter) { (void)message; (void)iter; }
dbus_bool_t dbus_message_iter_append_basic(void *iter, int type, const void *value) {
    (void)iter; (void)type; (void)value; return 0;
}
dbus_bool_t dbus_message_iter_append_fixed_array(void *iter, int element_type, const void *value, int n_elements) {
    (void)iter; (void)element_type; (void)value; (void)n_elements; return 0;
}
dbus_bool_t dbus_message_iter_open_container(void *iter, int type, const char *contained_signature, void *sub) {
    (void)iter; (void)type; (void)contained_signature; (void)sub; return 0;
}
dbus_bool_t dbus_message_iter_close_container(void *iter, void *sub) { (void)iter; (void)sub; return 0; }
