/*
 * libjpeg's "large object" allocator, replaced: large blocks are anonymous
 * mappings backed by transparent huge pages, and a freed one is kept for the
 * next decode while another decode is still running.
 *
 * Why: a progressive JPEG is decoded into a whole-image coefficient array
 * (128 bytes a block: 127 MiB for a 5760x3840 4:4:4 photo) that every scan
 * walks again. Fresh memory is expensive: with 4 KiB pages, faulting that
 * array in takes 32,000 kernel entries, and the kernel zeroes every page
 * (about 0.1 s of system time for that photo on this project's 2-core VM).
 * Huge pages cut the faults and the TLB misses of each scan by 512x; reusing
 * a block saves the faults and the kernel's zeroing altogether (libjpeg
 * zeroes the arrays itself either way). On the reference job from
 * progressive photos run back to back, system time fell from 0.27 s to
 * 0.09 s and CPU time from 2.03 s to 1.72 s (README "Bounded memory").
 * glibc can madvise huge pages for every malloc (GLIBC_TUNABLES=
 * glibc.malloc.hugetlb=1), but it reads tunables only at process start, so
 * a library cannot turn that on.
 *
 * How: jpeg_get_large and jpeg_free_large are libjpeg's documented
 * replacement point for system-dependent memory (jmemsys.h; IJG's
 * structure.txt: "jmemnobs.c ... can be replaced"). libjpeg-turbo exports
 * both and its memory manager (jmemmgr.c) calls them through the PLT, so a
 * definition in the executable takes precedence for every libjpeg user in
 * the process. The contract is malloc's: NULL on failure (libjpeg reports
 * it as out of memory) and no promise of zeroed memory (libjpeg zeroes the
 * arrays that need it: request_virt_barray's pre_zero), so other users in
 * the same process are served correctly too.
 *
 * Reuse never holds memory nobody will ask for: a freed block stays only
 * while some other large block is still in use (another decode is running,
 * so its thread or this one will start the next decode soon), and all are
 * unmapped as soon as none is; a request that no kept block fits unmaps the
 * kept ones before it maps a new one, so kept blocks and new mappings never
 * add up; and a kept block larger than a request gives back its excess
 * beyond the next huge page.
 *
 * jmemmgr.c frees a block with a size that is not the size it asked for
 * (it drops its alignment slack), so each block carries its own header.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <pthread.h>
#include <sys/mman.h>
#include <jpeglib.h>
#include "internal.h"

/* Blocks at least this large are mapped; smaller ones come from malloc. */
#define MAPPED_MIN ((size_t)4 << 20)
#define HUGE_PAGE ((size_t)2 << 20)
#define PAGE ((size_t)4096)
/* The header in front of every block; a multiple of libjpeg's ALIGN_SIZE (32). */
#define HEADER 64
/* At most this many freed blocks are kept (a photo has 1 to 4 components). */
#define KEPT_MAX 8

enum { BLOCK_MALLOC = 0x4d414c4c, BLOCK_MAPPED = 0x4d415050 };

typedef struct {
    uint32_t kind;
    size_t mapped_length;   /* BLOCK_MAPPED: the whole mapping, header included */
} block_header;

_Static_assert(sizeof(block_header) <= HEADER, "header fits");

/* jmemsys.h, which libjpeg does not install, declares these two. */
void *jpeg_get_large(j_common_ptr cinfo, size_t sizeofobject);
void jpeg_free_large(j_common_ptr cinfo, void *object, size_t sizeofobject);

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static block_header *kept[KEPT_MAX];
static int kept_count;
static int in_use;                       /* mapped blocks handed out, not freed */
static collage_jpeg_block_counts counts;

collage_jpeg_block_counts collage_jpeg_large_blocks(void) {
    pthread_mutex_lock(&lock);
    collage_jpeg_block_counts result = counts;
    pthread_mutex_unlock(&lock);
    return result;
}

static size_t round_up(size_t value, size_t unit) { return (value + unit - 1) & ~(unit - 1); }

/* A mapping of `length` bytes (whole pages) that starts on a huge-page
 * boundary, so the kernel can back its 2 MiB stretches with huge pages (and
 * the tail past the last boundary with small ones): over-map by one huge
 * page and unmap the unaligned ends. */
static block_header *map_aligned(size_t length) {
    size_t reserved = length + HUGE_PAGE;
    uint8_t *raw = mmap(NULL, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return NULL;
    uintptr_t start = round_up((uintptr_t)raw, HUGE_PAGE);
    size_t head = start - (uintptr_t)raw;
    size_t tail = reserved - head - length;
    if (head) munmap(raw, head);
    if (tail) munmap((uint8_t *)start + length, tail);
    /* Advice only: without THP (or with it "never") the pages are 4 KiB. */
    (void)madvise((void *)start, length, MADV_HUGEPAGE);
    block_header *header = (block_header *)start;
    header->kind = BLOCK_MAPPED;
    header->mapped_length = length;
    return header;
}

/* A block of at least `length` bytes: the smallest kept one that fits, its
 * excess past the next huge page unmapped; or a new mapping, after every
 * kept block is unmapped (none fits). */
static block_header *take_mapped(size_t length) {
    block_header *drop[KEPT_MAX];
    int dropped = 0;
    pthread_mutex_lock(&lock);
    int best = -1;
    for (int i = 0; i < kept_count; i++) {
        if (kept[i]->mapped_length >= length && (best < 0 || kept[i]->mapped_length < kept[best]->mapped_length))
            best = i;
    }
    block_header *header = NULL;
    if (best >= 0) {
        header = kept[best];
        kept[best] = kept[--kept_count];
        counts.reused++;
    } else {
        while (kept_count) drop[dropped++] = kept[--kept_count];
    }
    in_use++;
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < dropped; i++) munmap(drop[i], drop[i]->mapped_length);
    if (header) {
        size_t keep = round_up(length, HUGE_PAGE);
        if (header->mapped_length > keep) {
            munmap((uint8_t *)header + keep, header->mapped_length - keep);
            header->mapped_length = keep;
        }
        return header;
    }
    header = map_aligned(length);
    pthread_mutex_lock(&lock);
    if (header) counts.mapped++; else in_use--;
    pthread_mutex_unlock(&lock);
    return header;
}

/* Keeps a freed block while another is in use and there is room; otherwise
 * unmaps it, and every kept block once none is in use. */
static void give_back(block_header *header) {
    block_header *drop[KEPT_MAX + 1];
    int dropped = 0;
    pthread_mutex_lock(&lock);
    in_use--;
    if (in_use > 0 && kept_count < KEPT_MAX) kept[kept_count++] = header;
    else drop[dropped++] = header;
    if (in_use == 0) {
        while (kept_count) drop[dropped++] = kept[--kept_count];
    }
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < dropped; i++) munmap(drop[i], drop[i]->mapped_length);
}

void *jpeg_get_large(j_common_ptr cinfo, size_t sizeofobject) {
    (void)cinfo;
    if (sizeofobject > SIZE_MAX - HEADER - HUGE_PAGE * 2) return NULL;
    size_t total = sizeofobject + HEADER;
    block_header *header;
    if (total >= MAPPED_MIN) {
        header = take_mapped(round_up(total, PAGE));
        if (!header) return NULL;
    } else {
        header = malloc(total);
        if (!header) return NULL;
        header->kind = BLOCK_MALLOC;
        header->mapped_length = 0;
    }
    return (uint8_t *)header + HEADER;
}

void jpeg_free_large(j_common_ptr cinfo, void *object, size_t sizeofobject) {
    (void)cinfo; (void)sizeofobject;
    if (!object) return;
    block_header *header = (block_header *)((uint8_t *)object - HEADER);
    if (header->kind == BLOCK_MAPPED) give_back(header);
    else free(header);
}
