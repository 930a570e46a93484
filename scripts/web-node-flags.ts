/**
 * How production runs the web's node (npm start, the bench; docker-entrypoint.sh says the same):
 * its old generation capped, so a busy minute does not leave it at twice its size (V8 grows the
 * heap under load and does not give it back); the page slots (web-server/page-slots.ts) keep what
 * is live well below the cap (docs/decisions/180). The young generation is 16 MB a half: at 8 the
 * 16 pages in flight outlived each scavenge and were copied again and again (docs/decisions/182).
 */
export const WEB_NODE_FLAGS = ['--max-old-space-size=128', '--max-semi-space-size=16'];
