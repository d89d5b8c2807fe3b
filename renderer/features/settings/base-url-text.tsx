import type { ReactNode } from 'react';
import type { BaseUrlProblem, PastedEndpoint } from '../../../shared/endpoints.ts';
import { FORMAT_LABELS } from '../../../shared/formats.ts';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';

/** An address or what the user typed, inside a sentence: never translated. */
const raw = (text: string) => <span translate="no">{text}</span>;

/** Why a typed base address is refused, in the page's language (shared/endpoints.ts's words in English). */
export function baseUrlProblemMessage(p: BaseUrlProblem): ReactNode {
  switch (p.code) {
    case 'not-url':
      return rich(t('endpoints.problem.not-url'), {
        text: raw(p.text),
        example: raw('https://api.example.com'),
      });
    case 'scheme':
      return rich(t('endpoints.problem.scheme'), {
        http: raw('http://'),
        https: raw('https://'),
        protocol: raw(`${p.protocol}//`),
      });
    default:
      return t(`endpoints.problem.${p.code}`);
  }
}

/** What was done with a whole endpoint pasted as the base address. */
export function pastedEndpointNote(root: string, pasted: PastedEndpoint): ReactNode {
  const note =
    pasted.iface === 'models'
      ? rich(t('endpoints.pasted.models'), { root: raw(root) })
      : rich(t('endpoints.pasted'), { name: FORMAT_LABELS[pasted.iface], root: raw(root) });
  return pasted.keyDropped ? (
    <>
      {note}
      {t('endpoints.pasted.keyDropped')}
    </>
  ) : (
    note
  );
}
