/** The pages a matching folder may place (resource.json pages): the alias page asks this before it loads the matching pages' chunk. */
export const MATCHING_PAGE_KINDS: readonly string[] = ['match', 'matches', 'rules', 'rule', 'hub'];
