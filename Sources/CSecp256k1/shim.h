#include <secp256k1_recovery.h>
