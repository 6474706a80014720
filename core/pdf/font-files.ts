// The font files every PDF embeds (data only: tools/build-exe.ts packs them as SEA assets under `key`).
// Noto fonts (SIL Open Font License 1.1) from the @expo-google-fonts packages, pinned in package.json:
// Latin incl. Malay accents (Noto Sans), Tamil (Noto Sans Tamil), Chinese, Simplified and most Traditional
// (Noto Sans SC: all of GB 2312 and ~97% of Big5's hanzi), and monochrome emoji (Noto Emoji).

export interface FontFile {
  /** SEA asset key, also the font's name inside a document. */
  key: string;
  /** The file, as a module specifier Node can resolve. */
  specifier: string;
}

export const FONT_FILES = {
  latin: { key: 'fonts/NotoSans-Regular.ttf', specifier: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf' },
  latinBold: { key: 'fonts/NotoSans-Bold.ttf', specifier: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' },
  latinItalic: { key: 'fonts/NotoSans-Italic.ttf', specifier: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf' },
  tamil: { key: 'fonts/NotoSansTamil-Regular.ttf', specifier: '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf' },
  tamilBold: { key: 'fonts/NotoSansTamil-Bold.ttf', specifier: '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf' },
  cjk: { key: 'fonts/NotoSansSC-Regular.ttf', specifier: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf' },
  emoji: { key: 'fonts/NotoEmoji-Regular.ttf', specifier: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf' },
} satisfies Record<string, FontFile>;

export type FontId = keyof typeof FONT_FILES;
