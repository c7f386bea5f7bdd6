/* Intentionally empty: this target exports nothing to Swift; it only completes the link (see
 * no_dbus.c). */
