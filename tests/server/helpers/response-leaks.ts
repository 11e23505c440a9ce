/** What an answer must never show: how the server is built, where it runs, what its database said. */
const LEAKS: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a stack frame', pattern: /^\s+at [\w$.<>[\] ]+ \(|\bat [^\s()]+\.(?:ts|js|mjs|cjs):\d+:\d+/m },
  { what: 'an error with a file path', pattern: /\b\w*Error: [^"\n]*(?:\/[\w.-]+){2,}/ },
  {
    what: 'SQL',
    pattern:
      /\bselect\s+(?:\*|"|[a-z_]+\.[a-z_"])|\binsert into\b|\bupdate "?[a-z_]+"? set\b|\bdelete from\b|syntax error at|\bviolates\b|relation "[^"]+" does not exist|invalid input syntax for|unterminated quoted|null character not permitted|unsupported Unicode escape/i,
  },
  { what: 'a file system path', pattern: /\/work\/|\/tmp\/|node_modules|[A-Z]:\\\\/ },
  { what: 'a framework error code', pattern: /"FST_[A-Z_]+"|"code":"ERR_[A-Z_]+"/ },
];

/** The first kind of leak in a response body, with the text around it, or undefined. */
export function responseLeak(body: string): string | undefined {
  for (const { what, pattern } of LEAKS) {
    const match = pattern.exec(body);
    if (match) return `${what} (…${body.slice(Math.max(0, match.index - 40), match.index + 60)}…)`;
  }
  return undefined;
}
