/*
 * libjpeg's "large object" allocator, replaced: large blocks are anonymous
 * mappings, and the pages of a freed one are kept for the next decode while
 * another decode is still running.
 *
 * Why: a progressive JPEG is decoded into a whole-image coefficient array
 * (128 bytes a block: 127 MiB for a 5760x3840 4:4:4 photo) that every scan
 * walks again. Fresh memory is expensive: the kernel faults in and zeroes
 * every page, and on a virtual machine the host may first have to back it
 * (pages left free for a while are handed back to the host). On the
 * progressive reference job the kernel's zeroing of fresh coefficient
 * memory was 15-18% of the CPU time. Reusing pages saves the faults and the
 * zeroing altogether (libjpeg zeroes the arrays itself either way).
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
 * Reuse: freed memory is kept as ranges of resident pages, merged with a
 * kept neighbour. A request takes the smallest kept range that holds it
 * (the rest stays kept); when none does, the largest kept range is grown to
 * the size asked (in place, or moved by mremap: the kernel copies nothing),
 * so only the growth is fresh memory. Photos differ in size, so reusing
 * whole blocks alone left most requests fresh: on the progressive reference
 * job 350 MiB of the 446 MiB its nine photos' arrays take, now 170 MiB,
 * about the two largest photos decoded at once.
 *
 * No huge pages: advising them (MADV_HUGEPAGE) halves the faults of memory
 * the process takes again soon after it freed some, but a huge page needs
 * 2 MiB of free contiguous memory, which after other processes ran must be
 * compacted or taken back from the host, and that cost more than it saved
 * (README, "Bounded memory").
 *
 * What bounds the kept memory: it is kept only while some block is still in
 * use (another decode is running, so its thread or this one will start the
 * next decode soon), and unmapped as soon as none is; a request that no
 * kept range holds unmaps every kept range but the one it grows. So the
 * resident memory (in use plus kept) never exceeds the most that was in use
 * at once since the allocator was last idle, which the render's memory
 * budget bounds. A render that has handed its last image to a worker
 * releases the kept ranges at once (collage_jpeg_release_kept, on the
 * worker that found nothing left to do), and blocks freed after that are
 * unmapped as they are freed, until the next request: no decode of that
 * render will take them, and unmapping them then, on threads that have
 * nothing else to do, keeps that cost (15 to 30 ms for the 170 MiB of the
 * progressive reference job) off the end of the render.
 *
 * A process that decodes one photo after another (`collage batch`: one
 * photo a row, rows on `--jobs` threads) would find the allocator idle
 * between rows, unmap everything and fault the next row's arrays in
 * afresh: on the batch of 200 distinct progressive photos that was 8-10%
 * of the CPU time (page faults and the kernel's zeroing). While a retainer
 * is registered (collage_jpeg_retain_begin), freed pages are kept when
 * idle too and collage_jpeg_release_kept does nothing, up to the
 * retainers' largest limit of kept bytes (the smallest ranges go first);
 * the last collage_jpeg_retain_end unmaps what is kept if nothing is in
 * use (else the usual rule applies from then on). Kept pages are only
 * ever pages a decode had in use, so the resident memory still never
 * exceeds the most in use at once since the allocator was last idle
 * without a retainer.
 *
 * jmemmgr.c frees a block with a size that is not the size it asked for
 * (it drops its alignment slack), so each block carries its own header.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <pthread.h>
#include <sys/mman.h>
#include <jpeglib.h>
#include "internal.h"

/* Blocks at least this large are mapped; smaller ones come from malloc. */
#define MAPPED_MIN ((size_t)4 << 20)
#define PAGE ((size_t)4096)
/* The header in front of every block; a multiple of libjpeg's ALIGN_SIZE (32). */
#define HEADER 64
/* At most this many kept ranges (a photo has 1 to 4 components). */
#define KEPT_MAX 8

enum { BLOCK_MALLOC = 0x4d414c4c, BLOCK_MAPPED = 0x4d415050 };

typedef struct {
    uint32_t kind;
    size_t mapped_length;   /* BLOCK_MAPPED: the whole block, header included */
} block_header;

_Static_assert(sizeof(block_header) <= HEADER, "header fits");

/* Resident pages nobody uses: whole pages from `start`. */
typedef struct {
    uint8_t *start;
    size_t length;
} kept_range;

/* jmemsys.h, which libjpeg does not install, declares these two. */
void *jpeg_get_large(j_common_ptr cinfo, size_t sizeofobject);
void jpeg_free_large(j_common_ptr cinfo, void *object, size_t sizeofobject);

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static kept_range kept[KEPT_MAX];
static int kept_count;
static int in_use;                       /* mapped blocks handed out, not freed */
/* Cleared by collage_jpeg_release_kept until the next request: blocks
 * freed meanwhile are unmapped at once. */
static int keeping = 1;
/* collage_jpeg_retain_begin calls not ended, and the largest limit they gave. */
static int retainers;
static size_t retain_limit;
static collage_jpeg_block_counts counts;

collage_jpeg_block_counts collage_jpeg_large_blocks(void) {
    pthread_mutex_lock(&lock);
    collage_jpeg_block_counts result = counts;
    pthread_mutex_unlock(&lock);
    return result;
}

static size_t round_up(size_t value, size_t unit) { return (value + unit - 1) & ~(unit - 1); }

static void take_kept(int index) { kept[index] = kept[--kept_count]; }

static uint8_t *map_fresh(size_t length) {
    void *start = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return start == MAP_FAILED ? NULL : start;
}

/* `length` bytes whose first `from.length` are kept range `from`'s pages
 * and the rest fresh; *moved says whether that worked (if not, `from` is
 * unmapped and all of it is fresh). In place when the addresses after
 * `from` are free (MAP_FIXED_NOREPLACE: a kernel older than 4.17 takes it
 * as a hint, and a mapping elsewhere is undone); else moved by mremap,
 * which refuses a range that spans two mappings (neighbours merged by
 * give_back). */
static uint8_t *grow(kept_range from, size_t length, int *moved) {
    *moved = 1;
    uint8_t *end = from.start + from.length;
    void *more = mmap(end, length - from.length, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (more == end) return from.start;
    if (more != MAP_FAILED) munmap(more, length - from.length);
    void *moved_to = mremap(from.start, from.length, length, MREMAP_MAYMOVE);
    if (moved_to != MAP_FAILED) return moved_to;
    munmap(from.start, from.length);
    *moved = 0;
    return map_fresh(length);
}

/* A block of `length` bytes (whole pages): the head of the smallest kept
 * range that holds it, or the largest kept range grown to it (every other
 * kept range unmapped), or a new mapping. */
static block_header *take_mapped(size_t length) {
    kept_range drop[KEPT_MAX];
    int dropped = 0;
    kept_range grown_from = { NULL, 0 };
    uint8_t *start = NULL;
    size_t block_length = length;
    pthread_mutex_lock(&lock);
    keeping = 1;
    int best = -1, largest = -1;
    for (int i = 0; i < kept_count; i++) {
        if (kept[i].length >= length && (best < 0 || kept[i].length < kept[best].length)) best = i;
        if (largest < 0 || kept[i].length > kept[largest].length) largest = i;
    }
    if (best >= 0) {
        kept_range range = kept[best];
        take_kept(best);
        start = range.start;
        /* The rest stays kept, unless it is too small to serve a request. */
        if (length + MAPPED_MIN <= range.length) {
            kept[kept_count++] = (kept_range){ range.start + length, range.length - length };
        } else {
            block_length = range.length;
        }
        counts.reused++;
    } else {
        if (largest >= 0) {
            grown_from = kept[largest];
            take_kept(largest);
        }
        while (kept_count) drop[dropped++] = kept[--kept_count];
    }
    in_use++;
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < dropped; i++) munmap(drop[i].start, drop[i].length);
    if (!start) {
        int moved = 0;
        start = grown_from.start ? grow(grown_from, length, &moved) : map_fresh(length);
        pthread_mutex_lock(&lock);
        if (start) {
            counts.mapped++;
            counts.fresh_bytes += length - (moved ? grown_from.length : 0);
            if (moved) counts.grown++;
        } else {
            in_use--;
        }
        pthread_mutex_unlock(&lock);
        if (!start) return NULL;
    }
    block_header *header = (block_header *)start;
    header->kind = BLOCK_MAPPED;
    header->mapped_length = block_length;
    return header;
}

/* Keeps a freed block's pages while another block is in use, merged with a
 * kept neighbour (a block split from a range meets the rest again);
 * unmaps it when there is no room (the smallest range goes), and every kept
 * range once no block is in use. */
static void give_back(block_header *header) {
    kept_range drop[KEPT_MAX + 1];
    int dropped = 0;
    kept_range range = { (uint8_t *)header, header->mapped_length };
    pthread_mutex_lock(&lock);
    in_use--;
    if (!retainers && (in_use == 0 || !keeping)) {
        drop[dropped++] = range;
        while (kept_count) drop[dropped++] = kept[--kept_count];
    } else {
        for (int i = 0; i < kept_count;) {
            if (kept[i].start + kept[i].length == range.start) {
                range.start = kept[i].start;
                range.length += kept[i].length;
                take_kept(i);
            } else if (range.start + range.length == kept[i].start) {
                range.length += kept[i].length;
                take_kept(i);
            } else {
                i++;
            }
        }
        if (kept_count == KEPT_MAX) {
            int smallest = 0;
            for (int i = 1; i < kept_count; i++) if (kept[i].length < kept[smallest].length) smallest = i;
            if (kept[smallest].length < range.length) {
                drop[dropped++] = kept[smallest];
                kept[smallest] = range;
            } else {
                drop[dropped++] = range;
            }
        } else {
            kept[kept_count++] = range;
        }
        if (retainers) {
            /* Over the retainers' limit: the smallest ranges go. */
            size_t total = 0;
            for (int i = 0; i < kept_count; i++) total += kept[i].length;
            while (total > retain_limit && kept_count) {
                int smallest = 0;
                for (int i = 1; i < kept_count; i++) if (kept[i].length < kept[smallest].length) smallest = i;
                total -= kept[smallest].length;
                drop[dropped++] = kept[smallest];
                take_kept(smallest);
            }
        }
    }
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < dropped; i++) munmap(drop[i].start, drop[i].length);
}

void collage_jpeg_retain_begin(size_t limit) {
    pthread_mutex_lock(&lock);
    retainers++;
    if (limit > retain_limit) retain_limit = limit;
    keeping = 1;
    pthread_mutex_unlock(&lock);
}

void collage_jpeg_retain_end(void) {
    kept_range drop[KEPT_MAX];
    int dropped = 0;
    pthread_mutex_lock(&lock);
    if (retainers > 0 && --retainers == 0) {
        retain_limit = 0;
        if (in_use == 0) while (kept_count) drop[dropped++] = kept[--kept_count];
    }
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < dropped; i++) munmap(drop[i].start, drop[i].length);
}

void collage_jpeg_release_kept(void) {
    kept_range drop[KEPT_MAX];
    int dropped = 0;
    pthread_mutex_lock(&lock);
    if (retainers) {
        pthread_mutex_unlock(&lock);
        return;
    }
    keeping = 0;
    while (kept_count) drop[dropped++] = kept[--kept_count];
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < dropped; i++) munmap(drop[i].start, drop[i].length);
}

void *jpeg_get_large(j_common_ptr cinfo, size_t sizeofobject) {
    (void)cinfo;
    if (sizeofobject > SIZE_MAX - HEADER - PAGE) return NULL;
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
