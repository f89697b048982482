#include "digests.h"

#include <nettle/md5.h>
#include <nettle/sha2.h>

void cellscape_md5(const unsigned char *data, size_t length, unsigned char digest[16]) {
    struct md5_ctx context;
    md5_init(&context);
    md5_update(&context, length, data);
    md5_digest(&context, MD5_DIGEST_SIZE, digest);
}

void cellscape_sha256(const unsigned char *data, size_t length, unsigned char digest[32]) {
    struct sha256_ctx context;
    sha256_init(&context);
    sha256_update(&context, length, data);
    sha256_digest(&context, SHA256_DIGEST_SIZE, digest);
}
