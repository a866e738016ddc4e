// fontkit ships no types; the pack reads only which characters a font covers.
declare module 'fontkit' {
  export interface Font {
    /** Every code point the font maps to a glyph. */
    characterSet: number[];
  }
  export function create(buffer: Buffer): Font;
}
