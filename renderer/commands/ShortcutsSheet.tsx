import { useEffect, useRef } from 'react';
import { chordOf, parseChord, type ShortcutPlatform } from '../../shared/commands.ts';
import { useT } from '../i18n/useT.ts';
import type { MessageKey } from '../i18n/messages-en.ts';
import { Dialog } from '../components/Dialog.tsx';
import { GROUP_ORDER, REGISTRY } from './registry.ts';
import { chordParts } from './keys.ts';
import { Keys } from './CommandPalette.tsx';
import { refocusLater } from './dom.ts';
import './commands.css';

interface Row {
  key: string;
  label: string;
  parts: string[];
}

/** Keys that are not commands but belong in the list: the message box's and the palette's own. */
const LOCAL_KEYS: { group: MessageKey; rows: { label: MessageKey; keys: string[] }[] }[] = [
  {
    group: 'commands.group.composer',
    rows: [
      { label: 'commands.sheet.send', keys: ['Enter'] },
      { label: 'commands.sheet.newLine', keys: ['Shift+Enter'] },
    ],
  },
  {
    group: 'commands.group.palette',
    rows: [
      { label: 'commands.sheet.move', keys: ['ArrowUp', 'ArrowDown'] },
      { label: 'commands.sheet.run', keys: ['Enter'] },
      { label: 'commands.sheet.close', keys: ['Escape'] },
    ],
  },
];

const ARROWS: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓' };

/**
 * Every shortcut, from the same table as the key handler, grouped as the palette groups commands, with
 * the keys written for this platform (⌘ on macOS). Opened with `?` outside text boxes or from the palette.
 */
export function ShortcutsSheet(props: { platform: ShortcutPlatform; onClose(): void }) {
  const { platform, onClose } = props;
  const t = useT();
  // closing gives the focus back where it was
  const previous = useRef<HTMLElement | null>(
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    const el = previous.current;
    return () => refocusLater(el);
  }, []);

  const groups: { title: string; rows: Row[] }[] = GROUP_ORDER.map((group) => ({
    title: t(`commands.group.${group}`),
    rows: REGISTRY.filter((c) => c.group === group).flatMap((c) => {
      const chord = chordOf(c.id, platform);
      return chord ? [{ key: c.id, label: t(c.label), parts: chordParts(chord, platform.os) }] : [];
    }),
  }));
  for (const local of LOCAL_KEYS) {
    groups.push({
      title: t(local.group),
      rows: local.rows.map((r) => ({
        key: r.label,
        label: t(r.label),
        parts: r.keys.flatMap((k) =>
          ARROWS[k] ? [ARROWS[k]] : chordParts(parseChord(k, platform.os), platform.os),
        ),
      })),
    });
  }

  return (
    <Dialog
      open
      title={t('commands.sheet.title')}
      onClose={onClose}
      size="l"
      className="shortcuts"
      testId="shortcuts-sheet"
    >
      <p className="shortcuts-intro">{t('commands.sheet.intro')}</p>
      {platform.host === 'web' ? (
        <p className="shortcuts-intro faint">{t('commands.sheet.browserNote')}</p>
      ) : null}
      <div className="shortcuts-groups">
        {groups.map((g) => (
          <section key={g.title} className="shortcuts-group">
            <h3 className="shortcuts-group-title">{g.title}</h3>
            <dl className="shortcuts-list">
              {g.rows.map((r) => (
                <div key={r.key} className="shortcuts-row" data-testid="shortcut-row" data-command={r.key}>
                  <dt>{r.label}</dt>
                  <dd>
                    <Keys parts={r.parts} />
                    <span className="visually-hidden">{r.parts.join(' ')}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
