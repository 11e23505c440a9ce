/** LIKE's own wildcards in a user's text are literal characters (used with ESCAPE '\'). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
