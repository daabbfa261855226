import type { Page } from '@playwright/test';
import { createAgent, expect, signIn, test, unique } from './support/fixtures';

/**
 * Copy buttons where the Clipboard API is missing (plain HTTP on a host other than localhost)
 * or refuses. `execCommand` stands for the browser's answer to `document.execCommand('copy')`;
 * the text it was asked to copy is kept in `window.copiedByCommand`.
 */
async function clipboardless(page: Page, clipboard: 'missing' | 'rejects', execCommand: boolean) {
  await page.addInitScript(
    ({ clipboard, execCommand }) => {
      if (clipboard === 'missing') {
        Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
      } else {
        Object.defineProperty(Navigator.prototype, 'clipboard', {
          get: () => ({ writeText: () => Promise.reject(new DOMException('Denied')) }),
        });
      }
      const w = window as unknown as { copiedByCommand: string[] };
      w.copiedByCommand = [];
      document.execCommand = (command: string) => {
        if (command !== 'copy') return false;
        const active = document.activeElement;
        w.copiedByCommand.push(
          active instanceof HTMLTextAreaElement
            ? active.value.slice(active.selectionStart, active.selectionEnd)
            : String(window.getSelection()),
        );
        return execCommand;
      };
    },
    { clipboard, execCommand },
  );
}

test('without the Clipboard API, Copy falls back to selecting the text and copying it', async ({
  page,
}) => {
  await clipboardless(page, 'missing', true);
  const agent = await createAgent(unique('Copy fallback'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const copy = page.getByRole('button', { name: 'Copy webhook URL' });
  await copy.click();
  await expect(copy).toHaveText('Copied');
  expect(
    await page.evaluate(() => (window as unknown as { copiedByCommand: string[] }).copiedByCommand),
  ).toEqual([agent.webhook_url]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The off-screen text it selected is gone, and the focus is back on the button.
  await expect(page.locator('.copy-buffer')).toHaveCount(0);
  await expect(copy).toBeFocused();
});

test('when the browser refuses every way to copy, a message says to copy by hand', async ({
  page,
}) => {
  await clipboardless(page, 'rejects', false);
  const agent = await createAgent(unique('Copy refused'));
  await signIn(page);
  await page.goto(`/dashboard/agents/${agent.id}`);
  const copy = page.getByRole('button', { name: 'Copy webhook URL' });
  await copy.click();
  await expect(page.getByRole('alert')).toHaveText(
    'This browser did not let the page copy the webhook URL: select it and copy it by hand (Ctrl+C, or ⌘C on a Mac).',
  );
  await expect(copy).toHaveText('Copy');
});
