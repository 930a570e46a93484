/**
 * How production runs each process's node (npm start, the bench; docker-entrypoint.sh says the same).
 *
 * The web: its old generation capped, so a busy minute does not leave it at twice its size (V8 grows
 * the heap under load and does not give it back); the page slots (web-server/page-slots.ts) keep
 * what is live well below the cap (docs/decisions/180). The young generation is 16 MB a half: at 8
 * the 16 pages in flight outlived each scavenge and were copied again and again (docs/decisions/182).
 */
export const WEB_NODE_FLAGS = ['--max-old-space-size=128', '--max-semi-space-size=16'];

/**
 * The api: its old generation capped at 256 MB, about twice the most it was seen to use (a
 * summary of 200 items saved and read, three 200-connection minutes). Without a cap of that size
 * V8 lets the heap grow to four times what is live before it collects (its factor for machines
 * with memory to spare), and the embedded default passed its 400 MB goal after a busy minute
 * (docs/decisions/198).
 */
export const API_NODE_FLAGS = ['--max-old-space-size=256'];
