/** Escapes LIKE wildcards, so `%`, `_` and `\` typed in a search box are literal characters. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An (i)like pattern matching `text` anywhere: a search for "50%" means the text "50%". */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** A like pattern matching what starts with `text`, lower-cased (to rank prefix matches first). */
export const prefixPattern = (text: string) => `${escapeLike(text.toLowerCase())}%`;
