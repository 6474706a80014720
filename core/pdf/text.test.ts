// The shared PDF text helper on its own: font fallback, wrapping, and text that reads back in typed order.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pdfText } from './pdf-text.js';
import { renderPdf } from './render.js';
import { drawText, lineHeight, logicalTexts, textHeight } from './text.js';

const cps = (s: string) => ({ codePoints: [...s].map((c) => c.codePointAt(0)!) });

test('logicalTexts hands a reordered cluster its text in typed order, and leaves the rest alone', () => {
  // "தமிழ்செ" shaped: the vowel sign ெ is drawn before ச.
  assert.equal(logicalTexts('தமிழ்செ', ['த', 'ம', 'ி', 'ழ்', 'ெ', 'ச'].map(cps)), [null, null, null, null, 'ச', 'ெ']);
  // A two-part vowel (ொ = ெ + ா around the consonant).
  assert.equal(logicalTexts('கொ', ['ெ', 'க', 'ா'].map(cps)), ['க', 'ெ', null]);
  assert.equal(logicalTexts('Kasut é', ['K', 'a', 's', 'u', 't', ' ', 'é'].map(cps)), [null, null, null, null, null, null, null]);
  // A ligature glyph holding several code points.
  assert.equal(logicalTexts('fin', [cps('fi'), cps('n')]), [null, null]);
  // Glyphs that match nothing are left as drawn.
  assert.equal(logicalTexts('ab', [cps('x'), cps('y')]), [null, null]);
});

test('Tamil with pre-base and two-part vowels, Chinese, emoji and accents read back exactly as typed', async () => {
  const lines = ['தமிழ்செல்வி கொண்டு வந்தோம் கௌரி', '陈大文 鞋店 陳麗華 👟', 'Nurul Äisyah Élena Ramlī', 'Kedai 鞋店 👟 தமிழ் mix'];
  const pdf = await renderPdf({ size: 'A4', margin: 50 }, (doc) => {
    for (const [i, line] of lines.entries()) drawText(doc, line, 50, doc.y, { width: 400, size: 11, style: i % 2 ? 'bold' : 'regular' });
  });
  const { text } = await pdfText(pdf);
  for (const line of lines) assert.ok(text.normalize('NFC').includes(line), `"${line}" not in ${text}`);
  const raw = pdf.toString('latin1');
  assert.ok(!raw.includes('/Helvetica'), 'no standard font: everything embedded');
  for (const name of ['NotoSans-Regular', 'NotoSansTamil-Regular', 'NotoSansSC-Regular', 'NotoEmoji-Regular'])
    assert.ok(raw.includes(name), `${name} embedded`);
});

test('an unbroken word wraps anywhere, spaces and Chinese give break points, height is what drawText uses', async () => {
  await renderPdf({ size: 'A4', margin: 50 }, (doc) => {
    const o = { width: 100, size: 10 };
    const long = 'x'.repeat(150);
    const h = textHeight(doc, long, o);
    assert.ok(h >= 5 * lineHeight(10), `150 x's wrap over several lines (${h})`);
    assert.is(drawText(doc, long, 50, 100, o), 100 + h);
    assert.is(textHeight(doc, 'short', o), lineHeight(10));
    assert.is(textHeight(doc, '鞋'.repeat(40), o), Math.ceil(40 / Math.floor(100 / 10)) * lineHeight(10));
    assert.is(textHeight(doc, 'one\ntwo', o), 2 * lineHeight(10));
    assert.is(textHeight(doc, '', o), lineHeight(10));
  });
});

test.run();
