/**
 * glibc's allocator settings of both processes (`npm start`, the bench; the Dockerfile sets the
 * same), each kept when the environment names it:
 * - two arenas: glibc gives each thread that allocates (sharp, argon2, libuv's pool) an arena of
 *   its own and rarely returns their memory (docs/decisions/096);
 * - blocks of 128 KB and more mapped on their own, and the heap's free top given back past 128 KB.
 *   Left to itself glibc raises both thresholds as large blocks come and go (sharp's image
 *   buffers, the embedded database's start), so what they used stayed resident
 *   (docs/decisions/198).
 */
export function mallocEnv(env: Record<string, string | undefined> = process.env) {
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
    MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ ?? '131072',
  };
}
