#include <lcrq.h>
