/*
 * libjpeg's "large object" allocator, replaced: large blocks are anonymous
 * mappings backed by transparent huge pages.
 *
 * Why: a progressive JPEG is decoded into a whole-image coefficient array
 * (128 bytes a block: 127 MiB for a 5760x3840 4:4:4 photo) that every scan
 * walks again. With 4 KiB pages, faulting it in costs one kernel entry per
 * page (32,000 for that photo, about 0.1 s of system time), and each scan
 * misses the TLB page after page. With 2 MiB pages both fall by 512x; on
 * this project's reference job from progressive photos, system time fell
 * from 0.29 to 0.17 s. glibc would do the same for every malloc under
 * GLIBC_TUNABLES=glibc.malloc.hugetlb=1, but tunables are read only at
 * process start, so a library cannot turn them on.
 *
 * How: jpeg_get_large and jpeg_free_large are libjpeg's documented
 * replacement point for system-dependent memory (jmemsys.h; IJG's
 * structure.txt: "jmemnobs.c ... can be replaced"). libjpeg-turbo exports
 * both and its memory manager (jmemmgr.c) calls them through the PLT, so a
 * definition in the executable takes precedence for every libjpeg user in
 * the process. The replacement is a complete allocator with the same
 * contract (NULL on failure, which libjpeg reports as out of memory), so
 * other users in the same process are served correctly too.
 *
 * jmemmgr.c frees a block with a size that is not the size it asked for
 * (it drops its alignment slack), so each block carries its own header.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <sys/mman.h>
#include <jpeglib.h>
#include "internal.h"

/* Blocks at least this large are mapped; smaller ones come from malloc. */
#define COLLAGE_MAPPED_MIN ((size_t)4 << 20)
#define COLLAGE_HUGE_PAGE ((size_t)2 << 20)
/* The header in front of every block; a multiple of libjpeg's ALIGN_SIZE (32). */
#define COLLAGE_HEADER 64

enum { BLOCK_MALLOC = 0x4d414c4c, BLOCK_MAPPED = 0x4d415050 };

typedef struct {
    uint32_t kind;
    size_t mapped_length;   /* BLOCK_MAPPED: the whole mapping, header included */
} block_header;

_Static_assert(sizeof(block_header) <= COLLAGE_HEADER, "header fits");

/* jmemsys.h, which libjpeg does not install, declares these two. */
void *jpeg_get_large(j_common_ptr cinfo, size_t sizeofobject);
void jpeg_free_large(j_common_ptr cinfo, void *object, size_t sizeofobject);

static size_t mapped_count;

size_t collage_jpeg_mapped_blocks(void) {
    return __atomic_load_n(&mapped_count, __ATOMIC_RELAXED);
}

/* A mapping of `length` bytes (whole pages) that starts on a huge-page
 * boundary, so the kernel can back it with huge pages: over-map by one huge
 * page and unmap the unaligned ends. */
static void *map_aligned(size_t length) {
    size_t reserved = length + COLLAGE_HUGE_PAGE;
    uint8_t *raw = mmap(NULL, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return NULL;
    uintptr_t start = ((uintptr_t)raw + COLLAGE_HUGE_PAGE - 1) & ~(uintptr_t)(COLLAGE_HUGE_PAGE - 1);
    size_t head = start - (uintptr_t)raw;
    size_t tail = reserved - head - length;
    if (head) munmap(raw, head);
    if (tail) munmap((uint8_t *)start + length, tail);
    /* Advice only: without THP (or with it "never") the pages are 4 KiB. */
    (void)madvise((void *)start, length, MADV_HUGEPAGE);
    return (void *)start;
}

void *jpeg_get_large(j_common_ptr cinfo, size_t sizeofobject) {
    (void)cinfo;
    if (sizeofobject > SIZE_MAX - COLLAGE_HEADER - COLLAGE_HUGE_PAGE * 2) return NULL;
    size_t total = sizeofobject + COLLAGE_HEADER;
    block_header *header;
    if (total >= COLLAGE_MAPPED_MIN) {
        /* Whole 4 KiB pages: the kernel backs the aligned 2 MiB stretches
         * with huge pages and the tail with small ones, so no huge page is
         * committed for a few bytes past the last 2 MiB boundary. */
        size_t length = (total + 4095) & ~(size_t)4095;
        header = map_aligned(length);
        if (!header) return NULL;
        header->kind = BLOCK_MAPPED;
        header->mapped_length = length;
        __atomic_add_fetch(&mapped_count, 1, __ATOMIC_RELAXED);
    } else {
        header = malloc(total);
        if (!header) return NULL;
        header->kind = BLOCK_MALLOC;
        header->mapped_length = 0;
    }
    return (uint8_t *)header + COLLAGE_HEADER;
}

void jpeg_free_large(j_common_ptr cinfo, void *object, size_t sizeofobject) {
    (void)cinfo; (void)sizeofobject;
    if (!object) return;
    block_header *header = (block_header *)((uint8_t *)object - COLLAGE_HEADER);
    if (header->kind == BLOCK_MAPPED) {
        munmap(header, header->mapped_length);
    } else {
        free(header);
    }
}
