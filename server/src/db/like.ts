/** A `%…%` ILIKE pattern in which `%` and `_` typed in a search box are letters, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
