/// <reference lib="dom" />
// The audit page in a real headless Chromium (the OS package; .ci/run installs it) driven by playwright-core:
// the page loads from a real log, the charts draw, filters refetch, a decision opens to its reason, and a
// screenshot shows the verdict colours. Without Chromium the suite fails in CI and is skipped elsewhere, saying why.
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LogPage, serveLogPage } from './log-server';
import { MORNING, writeLog } from './testdata/write-log';

const CANDIDATES = [process.env.GAVEL_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const executable = CANDIDATES.find((p): p is string => typeof p === 'string' && existsSync(p));
if (!executable && process.env.CI)
  throw new Error('chromium is not installed: .ci/run installs the `chromium` package');
if (!executable)
  console.warn('log-page.browser.test: no chromium found (set GAVEL_CHROMIUM); skipped outside CI');

describe.runIf(executable !== undefined)('the audit page in headless Chromium', () => {
  let browser: Browser;
  let server: LogPage;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await serveLogPage({ logFile: writeLog(MORNING) });
    browser = await chromium.launch({ executablePath: executable, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(server.url);
    await page.waitForSelector('body[data-loaded="true"]');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads the real log: totals, tables, no script error or blocked resource', async () => {
    expect(await page.textContent('#total')).toContain('7 decision(s)');
    expect(await page.locator('#decisions tbody tr').count()).toBe(7);
    expect(await page.locator('#sessions tbody tr').count()).toBe(2);
    expect(await page.textContent('#top-rules')).toContain('safe:git (2)');
    // The `what` column: the redacted preview, never the secret it held.
    const table = (await page.textContent('#decisions')) ?? '';
    expect(table).toContain('rm -rf /');
    expect(table).toContain('DB_PASSWORD=[redacted:assignment] cat .env');
    expect(table).not.toContain('hunter2x');
    expect(errors.join('; ')).toBe('');
  });

  it('draws both charts with Chart.js', async () => {
    const drawn = await page.evaluate(() => {
      const g = globalThis as unknown as {
        Chart: { getChart(id: string): { data: { datasets: unknown[] } } | undefined };
      };
      return ['c-time', 'c-basis'].map((id) => g.Chart.getChart(id)?.data.datasets.length ?? 0);
    });
    expect(drawn).toEqual([3, 1]);
  });

  it('a screenshot shows the verdict colours of the timeline', async () => {
    const shot = await page.locator('#c-time').screenshot();
    const colours = await page.evaluate(async (b64: string) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, img.width, img.height).data;
      const near = (r: number, g: number, b: number) => {
        let n = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (
            Math.abs((data[i] as number) - r) +
              Math.abs((data[i + 1] as number) - g) +
              Math.abs((data[i + 2] as number) - b) <
            30
          )
            n++;
        }
        return n;
      };
      return {
        allow: near(0x2e, 0x7d, 0x32),
        escalate: near(0xef, 0x6c, 0x00),
        deny: near(0xc6, 0x28, 0x28),
      };
    }, shot.toString('base64'));
    expect(colours.allow).toBeGreaterThan(50);
    expect(colours.escalate).toBeGreaterThan(50);
    expect(colours.deny).toBeGreaterThan(50);
  });

  it('filters by harness and by verdict, refetching from the server', async () => {
    await page.selectOption('#f-harness', 'codex');
    await page.waitForSelector('body[data-loaded="true"]');
    expect(await page.locator('#decisions tbody tr').count()).toBe(3);
    await page.selectOption('#f-verdict', 'deny');
    await page.waitForSelector('body[data-loaded="true"]');
    expect(await page.textContent('#total')).toContain('3 decision(s)');
    await page.selectOption('#f-harness', '');
    await page.selectOption('#f-verdict', 'escalate');
    await page.waitForSelector('body[data-loaded="true"]');
    expect(await page.locator('#decisions tbody tr').count()).toBe(1);
    await page.selectOption('#f-verdict', '');
    await page.waitForSelector('body[data-loaded="true"]');
  });

  it('filters by session and shows its open breaker', async () => {
    await page.selectOption('#f-session', 's-two');
    await page.waitForSelector('body[data-loaded="true"]');
    expect(await page.textContent('#sessions tbody')).toContain('open');
    expect(await page.locator('#decisions tbody tr').count()).toBe(3);
    await page.selectOption('#f-session', '');
    await page.waitForSelector('body[data-loaded="true"]');
  });

  it('opens one decision to its reason and fields', async () => {
    await page.locator('#decisions tbody tr', { hasText: 'deletes the root folder' }).click();
    expect(await page.isVisible('#detail')).toBe(true);
    const fields = await page.textContent('#detail-fields');
    expect(fields).toContain('deletes the root folder');
    expect(fields).toContain('destructive_root_delete');
    expect(fields).toContain('floor');
    expect(fields).toContain('rm -rf /');
    await page.click('#detail-close');
    expect(await page.isVisible('#detail')).toBe(false);
  });
});
