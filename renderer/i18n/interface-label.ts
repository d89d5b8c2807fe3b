import { FORMAT_LABELS, type Interface } from '../../shared/formats.ts';
import { t } from './active.ts';

/**
 * An interface's name on the page: the vendor APIs keep their own names in every language (Chat
 * Completions, Images…), while "Model list" is a description, so it is translated.
 */
export function interfaceLabel(iface: Interface): string {
  return iface === 'models' ? t('inspector.interface.models') : FORMAT_LABELS[iface];
}
