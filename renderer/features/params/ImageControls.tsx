import { IMAGE_CONTROL_KEYS, formatSends, wireName, type ControlKey } from '../../../shared/controls.ts';
import type { Params } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { t } from '../../i18n/active.ts';
import { ControlInput } from './controls.tsx';
import { withParam } from './edit.ts';

/**
 * Image making as a tool beside the functions: the responses "Image generation" tool and generate
 * content's "Image output", each a switch from the control table with its settings (the table's other
 * image rows for the format) shown once it is on. Nothing for a format that makes no images.
 */
export function ImageControls(props: { format: TextFormat; params: Params; save(p: Params): void }) {
  const { format, params, save } = props;
  const keys = IMAGE_CONTROL_KEYS.filter((k) => formatSends(format, k));
  const [toggle, ...settings] = keys;
  if (toggle === undefined) return null;
  const on = params[toggle] === true;
  const update = <K extends keyof Params>(key: K, value: Params[K] | undefined) =>
    save(withParam(params, key, value));
  const wire = (k: ControlKey) => wireName(format, k) ?? '';
  return (
    <div className="image-controls" data-testid="image-controls">
      <ControlInput format={format} k={toggle} wire={wire(toggle)} params={params} update={update} />
      <span className="field-hint">
        {t(format === 'generate' ? 'params.image.outputHint' : 'params.image.generationHint')}
      </span>
      {on
        ? settings.map((k) => (
            <ControlInput key={k} format={format} k={k} wire={wire(k)} params={params} update={update} />
          ))
        : null}
    </div>
  );
}
