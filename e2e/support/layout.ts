import type { Locator } from '@playwright/test';

/** What `readable` found wrong with one element, for the assertion's message. */
export interface Unreadable {
  text: string;
  /** Words drawn on more than one line (cut inside the word). */
  broken: string[];
  /** Its content is wider than its box (cut off, or scrolled inside it). */
  overflows: boolean;
  /** Part of it is outside the box that scrolls it (a table's `.table-wrap`) or the window. */
  hidden: boolean;
}

/**
 * Checks each element of `cells` as a reader sees it: no word of its text is broken across
 * lines (the word's range has one line box), its content fits it (scrollWidth ≤ clientWidth),
 * and it lies inside the box that would scroll it and inside the window. Elements not rendered
 * (a column hidden on narrow screens) are skipped. Answers the elements that fail, with what
 * is wrong.
 */
export async function unreadable(cells: Locator): Promise<Unreadable[]> {
  return cells.evaluateAll((elements) => {
    const found: Unreadable[] = [];
    for (const element of elements as HTMLElement[]) {
      if (element.getClientRects().length === 0) continue; // not rendered (display: none)
      const broken: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          // One rectangle per line box the word is drawn on.
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
      const box = element.getBoundingClientRect();
      const scroller = element.closest('.table-wrap') ?? document.documentElement;
      const frame = scroller.getBoundingClientRect();
      const hidden =
        box.left < frame.left - 1 ||
        box.right > Math.min(frame.right, window.innerWidth) + 1 ||
        box.left < -1;
      const overflows = element.scrollWidth > element.clientWidth + 1;
      if (broken.length || overflows || hidden) {
        found.push({ text: element.innerText, broken, overflows, hidden });
      }
    }
    return found;
  });
}

/**
 * The tables (`.table-wrap`) under `root` that stick out of their panel sideways: a table
 * wider than its box scrolls inside it rather than widening the panel. Answers their texts.
 */
export async function tablesOutOfTheirPanel(root: Locator): Promise<string[]> {
  return root.evaluate((element) =>
    [...element.querySelectorAll('.table-wrap')]
      .filter((wrap) => {
        const panel = wrap.parentElement?.closest('.panel');
        if (!panel) return false;
        const inner = wrap.getBoundingClientRect();
        const outer = panel.getBoundingClientRect();
        return inner.left < outer.left - 1 || inner.right > outer.right + 1;
      })
      .map((wrap) => (wrap as HTMLElement).innerText.slice(0, 80)),
  );
}
