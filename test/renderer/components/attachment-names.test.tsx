// @vitest-environment jsdom
// An attachment's name comes from outside: a picked file's name (a right-to-left override makes
// "invoice\u202Efdp.exe" read as "invoiceexe.pdf") or a stored record (zero-width and other invisible
// characters pass the name check). The chips show every such character as an escape.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ComposerFiles, TurnAttachments } from '../../../renderer/components/turn/Attachments.tsx';
import { AttachmentSchema, type Attachment } from '../../../shared/attachments.ts';
import { fakeBridge, freshStore } from '../fake-bridge.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

const HIDDEN = /[\u200B\u202E\u2067\u2069\uFEFF]/;

function store() {
  const t = freshStore();
  t.setBridge(fakeBridge({}).bridge);
  return t.store;
}

describe('attachment names with bidi, invisible or control characters', () => {
  it('a picked file the host refused shows its name escaped in the chip, its tooltip and its remove button', () => {
    const s = store();
    s.setState({
      composerFiles: {
        d: [{ localId: 'l1', name: 'invoice\u202Efdp.exe', bytes: 10, status: 'failed', error: 'refused' }],
      },
    });
    renderWithStore(<ComposerFiles draftKey="d" formats={['chat']} />, s);
    const chip = screen.getByTestId('composer-file');
    expect(chip.querySelector('.file-chip-name')?.textContent).toBe('invoice\\u{202E}fdp.exe');
    expect(screen.getByTestId('remove-file').getAttribute('aria-label')).toContain('invoice\\u{202E}fdp.exe');
    expect(chip.textContent).not.toMatch(HIDDEN);
  });

  it('a sent file or image whose stored name holds invisible characters is shown escaped', () => {
    const pdf: Attachment = {
      id: 'a1',
      name: 'report\u200B\uFEFF.pdf',
      mimeType: 'application/pdf',
      kind: 'pdf',
      bytes: 9,
    };
    const image: Attachment = {
      id: 'a2',
      name: 'cat\u200B.png',
      mimeType: 'image/png',
      kind: 'image',
      bytes: 9,
      width: 20,
      height: 20,
    };
    // such names pass the record's own check, so an import or an older store can hold them
    expect(AttachmentSchema.safeParse(pdf).success).toBe(true);
    renderWithStore(<TurnAttachments attachments={[pdf, image]} />, store());
    const [pdfLink, imageButton] = screen.getAllByTestId('turn-file') as HTMLElement[];
    expect(pdfLink?.querySelector('.file-chip-name')?.textContent).toBe('report\\u{200B}\\u{FEFF}.pdf');
    expect(pdfLink?.getAttribute('title')).not.toMatch(HIDDEN);
    expect(imageButton?.querySelector('img')?.getAttribute('alt')).toBe('cat\\u{200B}.png');
    expect(imageButton?.getAttribute('title')).not.toMatch(HIDDEN);
    // the file still downloads under its own name
    expect(pdfLink?.getAttribute('download')).toBe(pdf.name);
  });
});
