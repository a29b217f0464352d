export declare const PATH_ALIASES: Record<string, string>;
export declare const jestModuleNameMapper: Record<string, string>;
export declare const viteAliases: { find: RegExp; replacement: string }[];
