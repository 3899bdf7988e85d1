/** The part of madge 8's API (it ships no types) that scripts/import-cycles.ts uses. */
declare module 'madge' {
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    excludeRegExp?: (string | RegExp)[];
    detectiveOptions?: Record<string, Record<string, unknown>>;
  }
  interface MadgeResult {
    /** Each file (relative to baseDir) and the files it imports. */
    obj(): Record<string, string[]>;
    /** Each circle of files, as the files along it. */
    circular(): string[][];
    /** Files madge could not resolve (packages it does not follow, type-only paths). */
    warnings(): { skipped: string[] };
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
