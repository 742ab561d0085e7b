#include "capdoc_system.h"
#include <signal.h>
#include <stddef.h>

int capdoc_signal_is_ignored(int signal_number) {
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return 0;
    return current.sa_handler == SIG_IGN;
}
