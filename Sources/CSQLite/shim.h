#pragma once
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro that casts -1 to a function pointer, which Swift
// cannot import; expose it as a function so bindings can make SQLite copy.
static inline sqlite3_destructor_type etl_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
