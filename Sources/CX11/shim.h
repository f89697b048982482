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

// XCreateIC and XGetICValues take variable arguments, which Swift cannot pass: an input context for `window`
// that draws no preedit or status of its own (the input method's window does, as for most applications), and
// the events it must see.
static inline XIC cellscape_create_input_context(XIM method, Window window) {
    return XCreateIC(method, XNInputStyle, XIMPreeditNothing | XIMStatusNothing, XNClientWindow, window,
                     XNFocusWindow, window, NULL);
}
static inline long cellscape_input_context_events(XIC context) {
    long mask = 0;
    return XGetICValues(context, XNFilterEvents, &mask, NULL) == NULL ? mask : 0;
}

#endif
