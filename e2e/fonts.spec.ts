import { expect, test } from '@playwright/test';

// Without a shipped Korean font, Hangul renders as boxes on machines without CJK fonts while
// document.fonts.check() still says true. So check the web font really loaded, and that a
// Hangul syllable drawn with it differs from the "missing glyph" box.
test('Korean pages render Hangul with the shipped web font', async ({ page, context }, info) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'ko', url: 'http://127.0.0.1' }]);
  await page.goto('/');
  await expect(page.locator('h1')).toHaveCount(1);
  const result = await page.evaluate(async () => {
    await document.fonts.ready;
    const faces = await document.fonts.load('32px "Pretendard Variable"', '가나다한글');
    const draw = (text: string) => {
      const c = document.createElement('canvas');
      c.width = 64;
      c.height = 48;
      const ctx = c.getContext('2d')!;
      ctx.font = '32px "Pretendard Variable"';
      ctx.fillText(text, 4, 36);
      return Array.from(ctx.getImageData(0, 0, 64, 48).data);
    };
    const hangul = draw('한');
    const other = draw('글');
    const missing = draw('\u{E0FFF}');
    const same = (a: number[], b: number[]) => a.every((v, i) => v === b[i]);
    return {
      loadedFaces: faces.length,
      family: getComputedStyle(document.body).fontFamily,
      inkHangul: hangul.filter((v, i) => i % 4 === 3 && v > 0).length,
      hangulIsBox: same(hangul, missing),
      glyphsDiffer: !same(hangul, other),
    };
  });
  expect(result.family).toContain('Pretendard Variable');
  expect(result.loadedFaces).toBeGreaterThan(0);
  expect(result.inkHangul).toBeGreaterThan(20);
  expect(result.hangulIsBox).toBe(false);
  expect(result.glyphsDiffer).toBe(true);
  await page.screenshot({ path: info.outputPath('landing-ko.png') });
});
