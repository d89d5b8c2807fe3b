import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';
import { encodePng } from '../../electron/simulator/png.ts';
import { paddedPng } from '../core/helpers/images.ts';
import { noisePng } from '../core/helpers/noise.ts';

/**
 * Files as input, end to end against the sandbox: an image and a PDF picked in each of the four formats
 * reach the simulator in that format's shape (its reply describes what it decoded: pixel size read from
 * the bytes, pages, byte counts), survive a restart, and go back in the next turn; a file Quartet does not
 * take is refused by name; files dropped on the conversation and pasted into the box are attached too.
 */

let h: Harness;
let page: Page;
harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});

const MODELS: Record<string, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
};

/** A real 64x48 PNG (the simulator reads its size from the bytes). */
const PNG = encodePng({ width: 64, height: 48, channels: 3, pixels: new Uint8Array(64 * 48 * 3).fill(90) });
/** A one-page PDF: the header and one /Type /Page object are what the simulator checks and counts. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R >> endobj\n%%EOF\n',
);

async function newChat(tab: string): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').waitFor();
  const model = MODELS[tab] ?? '';
  const input = page.getByTestId('model-picker-input');
  await input.click();
  await page.getByRole('listbox', { name: 'Models' }).locator(`[data-model="${model}"]`).click();
  await expect.poll(() => input.inputValue()).toBe(model);
}

const finished = () => page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])');

/** Sends what is in the composer with Enter and waits for the reply to finish. */
async function send(text: string): Promise<void> {
  const before = await finished().count();
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
  await page.getByTestId('send-button').waitFor();
}

async function attach(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  await page.getByTestId('attach-button-picker').setInputFiles(files);
  const chips = page.locator('[data-testid="composer-file"]');
  await expect.poll(() => chips.count()).toBe(files.length);
  // a file of several MB goes over the socket as base64 and is decoded by the host: give it time
  await expect
    .poll(() => chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), {
      timeout: 30_000,
    })
    .toEqual(files.map(() => 'ready'));
}

const lastReplyText = async () => (await finished().last().getByTestId('message-text').textContent()) ?? '';

/** The request body of the last reply, as the inspector shows it. */
async function lastRequestInInspector(): Promise<string> {
  await finished().last().getByTestId('inspect').click();
  const detail = page.getByTestId('exchange-detail');
  await detail.waitFor();
  const text = (await detail.textContent()) ?? '';
  await page.getByTestId('inspector-toggle').click();
  return text;
}

/**
 * Holds the host's answers to file uploads (putAttachment) until the returned function is called, so a test
 * can act while a file is still being added. Routes the page's socket, so the page is loaded again.
 */
async function holdUploads(): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.routeWebSocket(/./, (ws) => {
    const server = ws.connectToServer();
    const uploads = new Set<string>();
    ws.onMessage((m) => {
      const frame = JSON.parse(String(m)) as { op?: string; id?: string };
      if (frame.op === 'putAttachment' && frame.id) uploads.add(frame.id);
      server.send(m);
    });
    server.onMessage((m) => {
      const frame = JSON.parse(String(m)) as { t?: string; id?: string };
      if (frame.t === 'result' && frame.id && uploads.has(frame.id)) void released.then(() => ws.send(m));
      else ws.send(m);
    });
  });
  await page.reload();
  await h.ready();
  return release;
}

/** A new chat with `text` in the box and an image that is still being added (its upload held). */
async function draftWithHeldImage(text: string): Promise<() => void> {
  const release = await holdUploads();
  await newChat('chat');
  await page
    .getByTestId('attach-button-picker')
    .setInputFiles([{ name: 'chart.png', mimeType: 'image/png', buffer: PNG }]);
  await page.locator('[data-testid="composer-file"][data-status="uploading"]').waitFor();
  await page.getByTestId('composer-input').fill(text);
  return release;
}

describe('attachments', () => {
  it('an image and a PDF reach the simulator in each format, survive a restart and go back in the next turn', async () => {
    for (const tab of Object.keys(MODELS)) {
      await newChat(tab);
      await attach([
        { name: 'chart.png', mimeType: 'image/png', buffer: PNG },
        { name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF },
      ]);
      // the composer shows what the host read from the bytes
      expect(await page.getByTestId('composer-file').first().textContent()).toContain('64×48');
      await send(`What is in these files (${tab})?`);
      const name = tab === 'generate' ? '' : ' report.pdf';
      expect(await lastReplyText()).toContain(
        `Received 2 attachments: image/png 64x48 (${PNG.length} bytes); application/pdf${name} 1 page (${PDF.length} bytes).`,
      );
      // the sent message shows them, the composer is empty again
      expect(await page.getByTestId('message-user').last().getByTestId('turn-file').count()).toBe(2);
      expect(await page.getByTestId('composer-file').count()).toBe(0);
    }

    await h.restart();
    await h.ready();
    for (const tab of Object.keys(MODELS)) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.getByTestId('conversation-item').first().locator('.conv-open').click();
      const files = page.getByTestId('message-user').last().getByTestId('turn-file');
      await expect.poll(() => files.count()).toBe(2);
      // the thumbnail loads from the data folder
      await expect
        .poll(() =>
          files
            .first()
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBe(64);
      await send(`And now (${tab})?`);
      const reply = await lastReplyText();
      expect(reply).toContain(`And now (${tab})?`);
      expect(reply).not.toContain('Received'); // only the last turn is described: it had no files
      expect(await finished().last().getAttribute('data-status')).toBe('complete');
      // the earlier files went back in the format's own shape (a long base64 is elided in the record)
      const request = await lastRequestInInspector();
      const shape = {
        chat: '"image_url"',
        responses: '"input_image"',
        messages: '"document"',
        generate: '"inlineData"',
      }[tab];
      expect(request).toContain(shape);
      expect(request).toContain(PNG.toString('base64').slice(0, 40));
    }
  });

  it('Enter while a file is still being added sends once it is in: one message, with the file', async () => {
    // the file is surely still being added when Enter is pressed
    const release = await draftWithHeldImage('What is in this chart?');
    await page.getByTestId('composer-input').press('Enter');
    // Enter is answered: the send waits for the file, and says so
    await page.getByTestId('send-queued').waitFor();
    expect(await page.getByTestId('message-user').count()).toBe(0);
    // pressing Enter again while it waits neither sends twice nor calls the send off
    await page.getByTestId('composer-input').press('Enter');
    release();
    await expect.poll(() => finished().count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('message-user').count()).toBe(1);
    expect(await page.getByTestId('message-user').getByTestId('turn-file').count()).toBe(1);
    expect(await lastReplyText()).toContain('Received 1 attachment: image/png 64x48');
    expect(await page.getByTestId('send-queued').count()).toBe(0);
  });

  it('a send waiting for a file can be called off', async () => {
    const release = await draftWithHeldImage('Not yet');
    await page.getByTestId('send-button').click();
    await page.getByTestId('send-queued-cancel').click();
    release();
    await page.locator('[data-testid="composer-file"][data-status="ready"]').waitFor();
    // the file is in, nothing went: the text and the file wait in the box
    expect(await page.getByTestId('message-user').count()).toBe(0);
    expect(await page.getByTestId('composer-input').inputValue()).toBe('Not yet');
  });

  it('an image alone (no text) is sent, and opens full size', async () => {
    await newChat('messages');
    await attach([{ name: 'only.png', mimeType: 'image/png', buffer: PNG }]);
    await page.getByTestId('send-button').click();
    await expect.poll(() => finished().count(), { timeout: 30_000 }).toBe(1);
    expect(await lastReplyText()).toContain(`Received 1 attachment: image/png 64x48 (${PNG.length} bytes).`);
    await page.getByTestId('message-user').getByTestId('turn-file').click();
    const viewer = page.getByTestId('attachment-viewer');
    await viewer.waitFor();
    expect(await viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  });

  it('refuses a file Quartet does not take, by name, and sends nothing until it is removed', async () => {
    await newChat('chat');
    await page
      .getByTestId('attach-button-picker')
      .setInputFiles([{ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }]);
    const chip = page.getByTestId('composer-file');
    await expect.poll(() => chip.getAttribute('data-status')).toBe('failed');
    expect(await chip.textContent()).toContain('"tool.exe" cannot be attached');
    expect(await page.getByTestId('send-disabled-reason').textContent()).toMatch(
      /tool\.exe.*Remove it to send/,
    );
    // a PNG that is no image: the host reads the bytes and says so
    await page
      .getByTestId('attach-button-picker')
      .setInputFiles([
        { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') },
      ]);
    await expect.poll(() => chip.nth(1).getAttribute('data-status')).toBe('failed');
    expect(await chip.nth(1).textContent()).toContain('fake.png');
    await chip.first().getByTestId('remove-file').click();
    await chip.first().getByTestId('remove-file').click();
    await expect.poll(() => chip.count()).toBe(0);
    await send('Fine without files');
    expect(await lastReplyText()).toContain('Fine without files');
  });

  it('a large image in Messages: the refusal names the box below the files, the box fits it and shows the copy before it goes', async () => {
    await newChat('messages');
    // 7.8 MB of noise at 1700x1600: its long side is under 2048 px, the old "downscale" never showed
    const noise = Buffer.from(await noisePng(1700, 1600));
    await attach([{ name: 'noise.png', mimeType: 'image/png', buffer: noise }]);
    const reason = page.getByTestId('send-disabled-reason');
    await expect
      .poll(() => reason.textContent())
      .toBe(
        '"noise.png" is 7.8 MB; Messages takes images up to 3.75 MB (5 MB once encoded). Tick "Fit images to the format" below the files.',
      );
    // the box the sentence names is there, with what the image is now
    const box = page.getByTestId('fit-images');
    expect(await box.getByRole('checkbox', { name: 'Fit images to the format' }).isChecked()).toBe(false);
    const line = box.getByTestId('fit-size');
    await expect.poll(() => line.textContent()).toBe('noise.png: 1700×1600 PNG, 7.8 MB');
    await box.getByRole('checkbox', { name: 'Fit images to the format' }).check();
    await expect.poll(() => line.getAttribute('data-status'), { timeout: 30_000 }).toBe('ready');
    const shown = (await line.textContent()) ?? '';
    const m = /^noise\.png: 1700×1600 PNG, 7\.8 MB → 1700×1600 JPEG, (\d(?:\.\d)?) MB$/.exec(shown);
    expect(m, shown).not.toBeNull();
    expect(Number(m?.[1])).toBeLessThanOrEqual(3.75);
    await expect.poll(() => reason.count()).toBe(0);
    await send('What is this?');
    // what went is what the line showed: a JPEG of that size, as the simulator decoded it
    expect(await lastReplyText()).toMatch(/Received 1 attachment: image\/jpeg 1700x1600 \(\d+ bytes\)\./);
  });

  it('an image claiming 16000x16000 pixels is refused with the reason and never drawn', async () => {
    await newChat('chat');
    // a few KB that claim 256 megapixels: a browser decoding it for a chip would need over 1 GB
    await page
      .getByTestId('attach-button-picker')
      .setInputFiles([
        { name: 'claim.png', mimeType: 'image/png', buffer: Buffer.from(paddedPng(16000, 16000, 4096)) },
      ]);
    const chip = page.getByTestId('composer-file');
    await expect.poll(() => chip.getAttribute('data-status')).toBe('failed');
    expect(await chip.textContent()).toContain(
      '"claim.png" declares 16000x16000 pixels (256 megapixels); Quartet takes images of at most 64 megapixels.',
    );
    expect(await chip.locator('img').count()).toBe(0);
  });

  it('takes files dropped on the conversation and pasted into the box', async () => {
    await newChat('generate');
    const base64 = PNG.toString('base64');
    await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      const target = document.querySelector('.chat-main');
      if (!target) throw new Error('no conversation');
      target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true }));
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true }));
    }, base64);
    await page.evaluate(async () => {
      const dt = new DataTransfer();
      dt.items.add(new File(['a,b\n1,2\n'], 'table.csv', { type: 'text/csv' }));
      const box = document.querySelector('[data-testid="composer-input"]');
      if (!box) throw new Error('no composer');
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    const chips = page.getByTestId('composer-file');
    await expect
      .poll(() => chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))
      .toEqual(['ready', 'ready']);
    await send('Both?');
    // generate content has no field for a file's name, so a text file goes as text naming it
    expect(await lastReplyText()).toContain(`Received 1 attachment: image/png 64x48 (${PNG.length} bytes).`);
    const request = await lastRequestInInspector();
    expect(request).toContain('table.csv');
    expect(request).toContain('a,b');
  });

  it('Compare sends the same image to every column, each in its own format', async () => {
    await page.getByTestId('tab-compare').click();
    const heads = page.getByTestId('compare-column-head');
    await heads.first().waitFor();
    const formats = ['chat', 'messages', 'generate'];
    for (let i = 0; i < (await heads.count()); i++) {
      const input = heads.nth(i).getByTestId('model-picker-input');
      await input.click();
      await input.fill(MODELS[formats[i] ?? 'chat'] ?? '');
      await input.press('Enter');
      await page.keyboard.press('Escape');
    }
    await page
      .getByTestId('compare-attach-picker')
      .setInputFiles([{ name: 'chart.png', mimeType: 'image/png', buffer: PNG }]);
    await page.locator('[data-testid="composer-file"][data-status="ready"]').waitFor();
    await page.getByTestId('compare-input').fill('Describe it');
    await page.getByTestId('compare-send').click();
    const done = page.locator('[data-testid="compare-reply"][data-status="complete"]');
    await expect.poll(() => done.count(), { timeout: 30_000 }).toBe(3);
    for (const text of await done.allTextContents()) {
      expect(text).toContain(`Received 1 attachment: image/png 64x48 (${PNG.length} bytes).`);
    }
    // each column shows the image with the prompt
    expect(await page.getByTestId('compare').getByTestId('turn-file').count()).toBe(3);
  });

  it('asks about a gallery image in a chosen tab', async () => {
    await page.getByTestId('tab-images').click();
    const input = page.getByTestId('images').getByTestId('model-picker-input');
    await input.click();
    await input.fill('gpt-image-1');
    await input.press('Enter');
    await page.getByTestId('image-prompt').fill('A red fox in fresh snow');
    await page.getByTestId('generate-button').click();
    await expect.poll(() => page.getByTestId('gallery-item').count(), { timeout: 30_000 }).toBe(1);
    await page.getByTestId('gallery-item').first().click();
    await page.getByTestId('image-ask').click();
    await page.getByRole('menuitem', { name: 'In Messages' }).click();
    // the Messages tab opens with the image in its composer
    await expect.poll(() => page.getByTestId('tab-messages').getAttribute('aria-selected')).toBe('true');
    const chip = page.getByTestId('chat-messages').getByTestId('composer-file');
    await expect.poll(() => chip.getAttribute('data-status')).toBe('ready');
    expect(await chip.textContent()).toContain('1024×1024');
    const picker = page.getByTestId('chat-messages').getByTestId('model-picker-input');
    await picker.click();
    await page.getByRole('listbox', { name: 'Models' }).locator('[data-model="claude-haiku-4-5"]').click();
    await send('What is in this picture?');
    expect(await lastReplyText()).toMatch(/Received 1 attachment: image\/png 1024x1024 \(\d+ bytes\)\./);
  });
});
