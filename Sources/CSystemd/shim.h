#ifndef FERRY_CSYSTEMD_SHIM_H
#define FERRY_CSYSTEMD_SHIM_H
#include <poll.h>
#include <sys/eventfd.h>
#include <systemd/sd-bus.h>

#endif
