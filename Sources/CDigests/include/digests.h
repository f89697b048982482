#ifndef CELLSCAPE_DIGESTS_H
#define CELLSCAPE_DIGESTS_H

#include <stddef.h>

/// The MD5 digest of `length` bytes (nettle), for the names of the shared thumbnail cache.
void cellscape_md5(const unsigned char *data, size_t length, unsigned char digest[16]);
/// SHA-256 (nettle): the names of the HTTP cache's files.
void cellscape_sha256(const unsigned char *data, size_t length, unsigned char digest[32]);

#endif
