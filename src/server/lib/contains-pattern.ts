/**
 * A LIKE pattern that matches `text` literally anywhere: %, _ and the escape character lose their
 * meaning (backslash, PostgreSQL's default escape, written out as ESCAPE '\' where the SQL is ours).
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
