#ifndef COURIER_SQLITE_TUNING_H
#define COURIER_SQLITE_TUNING_H

#include <sqlite3.h>

/// Leaves the write-ahead log for the next connection instead of checkpointing it when the
/// last connection closes. sqlite3_db_config is variadic, which Swift cannot call.
/// Returns an SQLite result code.
int courier_sqlite_keep_wal_on_close(sqlite3 *db);

#endif
