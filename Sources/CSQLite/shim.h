#ifndef CELLSCAPE_CSQLITE_SHIM_H
#define CELLSCAPE_CSQLITE_SHIM_H

// SQLite (Debian's libsqlite3): the index of what was learnt of each picture.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import: SQLite copies the
// bytes bound before the call returns.
static inline sqlite3_destructor_type cellscape_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
