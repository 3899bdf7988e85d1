/** The part of subset-font's API the font script uses (the package ships no types). */
declare module 'subset-font' {
  interface Options {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    variationAxes?: Record<string, number | { readonly min: number; readonly max: number; readonly default?: number }>;
  }
  export default function subsetFont(font: Buffer | Uint8Array, text: string, options?: Options): Promise<Buffer>;
}
