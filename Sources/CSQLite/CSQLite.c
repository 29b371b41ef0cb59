#include "CSQLite.h"

// Any libc header defines __GLIBC__ on glibc.
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int courier_sqlite_configure(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int courier_sqlite_keep_wal_on_close(sqlite3 *db) {
    int applied = 0;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &applied);
}

int courier_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    // An empty Swift string may hand over no pointer at all; SQLite reads NULL as SQL NULL.
    return sqlite3_bind_text(statement, index, text ? text : "", length, SQLITE_TRANSIENT);
}

int courier_sqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    // Likewise, a blob of no bytes must not become NULL.
    static const char empty = 0;
    return sqlite3_bind_blob(statement, index, bytes ? bytes : &empty, length, SQLITE_TRANSIENT);
}

void courier_tune_malloc(int trim_threshold, int top_pad) {
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, trim_threshold);
    mallopt(M_TOP_PAD, top_pad);
#else
    (void)trim_threshold;
    (void)top_pad;
#endif
}
