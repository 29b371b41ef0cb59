#include "CPublicSuffix.h"

#include <libpsl.h>
#include <string.h>

int courier_is_public_suffix(const char *domain) {
    const psl_ctx_t *list = psl_builtin();
    if (list == NULL) return strchr(domain, '.') == NULL;
    return psl_is_public_suffix(list, domain);
}
