#ifndef COURIER_CSQLITE_H
#define COURIER_CSQLITE_H

// The system's SQLite for the history database, and the few calls Swift cannot make itself.
#include <sqlite3.h>

/// Turns SQLite's memory statistics off: each of its allocations then takes no global lock.
/// Only before SQLite's first use (sqlite3_config is variadic, which Swift cannot call); later
/// it does nothing and returns SQLITE_MISUSE. Returns an SQLite result code.
int courier_sqlite_configure(void);

/// Leaves the write-ahead log for the next connection instead of checkpointing it when the
/// last connection closes. sqlite3_db_config is variadic, which Swift cannot call.
/// Returns an SQLite result code.
int courier_sqlite_keep_wal_on_close(sqlite3 *db);

/// Binds a copy of `length` bytes of UTF-8 text (`text` may be NULL when `length` is 0).
/// SQLITE_TRANSIENT (SQLite copies the bytes before returning) is a macro cast Swift cannot
/// import.
int courier_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length);

/// Binds a copy of `length` bytes as a blob (`bytes` may be NULL when `length` is 0).
int courier_sqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length);

/// Sets glibc's allocator: free memory at an arena's top kept up to `trim_threshold` bytes,
/// and arenas grown `top_pad` bytes beyond what is asked (see `MemoryTuning`). mallopt and its
/// M_ constants are in <malloc.h>, which Swift's Glibc module leaves out. Does nothing
/// elsewhere.
void courier_tune_malloc(int trim_threshold, int top_pad);

#endif
