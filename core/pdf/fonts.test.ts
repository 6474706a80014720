// #18: the fallback fonts (Chinese alone is 10 MB held for the life of the process) are read only when a
// document draws a glyph Latin lacks. Its own file: the fonts load once per process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsedFontIds } from './fonts.js';
import { pdfText } from './pdf-text.js';
import { renderPdf } from './render.js';
import { drawText } from './text.js';

test('a Latin receipt parses Latin fonts only; a Chinese name then brings the Chinese font in', async () => {
  const latin = await renderPdf({ size: 'A4', margin: 50 }, (doc) => {
    drawText(doc, 'Nurul Äisyah, Kasut Sukan $129.90', 50, 50, { width: 400, size: 11 });
    drawText(doc, 'TOTAL', 50, 80, { width: 400, size: 11, style: 'bold' });
  });
  assert.ok((await pdfText(latin)).text.includes('Kasut Sukan'));
  assert.equal(parsedFontIds().sort(), ['latin', 'latinBold']);

  const chinese = await renderPdf({ size: 'A4', margin: 50 }, (doc) => {
    drawText(doc, '陈大文 鞋店', 50, 50, { width: 400, size: 11 });
  });
  assert.ok((await pdfText(chinese)).text.includes('陈大文 鞋店'));
  assert.ok(parsedFontIds().includes('cjk'), parsedFontIds().join(', '));
  assert.not.ok(parsedFontIds().includes('emoji'), 'emoji still unread');
});

test.run();
