#ifndef COURIER_CPUBLICSUFFIX_H
#define COURIER_CPUBLICSUFFIX_H

/// Whether `domain` (lower case, ASCII or UTF-8) is a public suffix (`com`, `co.uk`,
/// `github.io`, `s3.amazonaws.com`) by libpsl's built-in copy of the Public Suffix List, the
/// one curl uses. 1 yes, 0 no; without a built-in list, only one-label names count.
int courier_is_public_suffix(const char *domain);

#endif
