/** An ILIKE pattern for "contains": `%`, `_` and `\` typed by a person are searched literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
