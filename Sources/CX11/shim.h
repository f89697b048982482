#ifndef CELLSCAPE_CX11_SHIM_H
#define CELLSCAPE_CX11_SHIM_H

// Xlib, its UTF-8 properties and MIT-SHM. XTest is not linked here: libxtst-dev is not on every machine, so the
// end-to-end tests load libXtst at run time.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>

// Macros that do not import into Swift, as functions.
static inline unsigned long cellscape_all_planes(void) { return AllPlanes; }
static inline int cellscape_ipc_private(void) { return IPC_PRIVATE; }

#endif
