// The fonts of every PDF, loaded once per process: read from the installed npm packages in development and
// from the single executable's SEA assets in a release (tools/build-exe.ts packs FONT_FILES). fontkit parses
// each file once; every document registers the same parsed fonts, and pdfkit embeds only the glyphs it uses.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { seaApi } from '../sea-runtime.js';
import { FONT_FILES, type FontId } from './font-files.js';

export type { FontId };
export type Fonts = Record<FontId, Font>;

/** The bytes of one font file: the SEA asset inside the executable, else the file in node_modules. */
export function fontBytes(id: FontId): Uint8Array {
  const { key, specifier } = FONT_FILES[id];
  const sea = seaApi();
  if (sea) return new Uint8Array(sea.getRawAsset(key));
  // import.meta.url is empty only in the executable's bundle, which took the branch above.
  return fs.readFileSync(createRequire(import.meta.url).resolve(specifier));
}

let loading: Promise<Fonts> | undefined;
const parsed = new Set<FontId>();

/** The fonts read and parsed so far in this process (a Latin-only shop never needs the 10 MB Chinese font). */
export function parsedFontIds(): FontId[] {
  return [...parsed];
}

/**
 * Every font, each read and parsed the first time a document asks for it (fontkit itself is loaded on the first
 * call: it is slow to initialise). Most shops print Latin only: the Chinese font alone is 10 MB held for the
 * life of the process, so the fallback fonts stay on disk until a name or address needs one of their glyphs.
 */
export function loadFonts(): Promise<Fonts> {
  loading ??= (async () => {
    const fontkit = await import('fontkit');
    const create = fontkit.create ?? (fontkit as unknown as { default: typeof fontkit }).default.create;
    const fonts = {} as Fonts;
    for (const id of Object.keys(FONT_FILES) as FontId[]) {
      let font: Font | undefined;
      Object.defineProperty(fonts, id, {
        enumerable: true,
        get: () => {
          if (!font) {
            font = create(fontBytes(id));
            parsed.add(id);
          }
          return font;
        },
      });
    }
    return fonts;
  })().catch((err) => {
    loading = undefined; // a later PDF tries again and reports the same problem
    throw err;
  });
  return loading;
}
