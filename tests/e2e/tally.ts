// Counting what a flow costs a person (#30: ordering an 8-size style before and after the size grid): the e2e
// tests drive the page through these and report the clicks and keystrokes.
import type { Locator, Page } from 'playwright-core';

/** The clicks and keystrokes a flow takes (each click, each key typed, each key pressed). */
export function tally(page: Page) {
  const n = { clicks: 0, keys: 0 };
  return {
    n,
    click: async (l: Locator) => {
      await l.click();
      n.clicks++;
    },
    /** A <select> choice: a click to open it and one on the option. */
    choose: async (l: Locator, label: string) => {
      await l.selectOption({ label });
      n.clicks += 2;
    },
    type: async (text: string) => {
      await page.keyboard.type(text);
      n.keys += text.length;
    },
    press: async (key: string) => {
      await page.keyboard.press(key);
      n.keys++;
    },
  };
}
