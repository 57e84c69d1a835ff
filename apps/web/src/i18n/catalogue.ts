/** A language's texts by key: flat keys grouped by screen, a plural one key per form ('_one', '_other'). */
export type Catalogue = Record<string, string>;
