#include "CSQLiteTuning.h"

int courier_sqlite_keep_wal_on_close(sqlite3 *db) {
    int applied = 0;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &applied);
}
