import { allEndpoints, normaliseBaseUrl } from '../../../shared/endpoints.ts';
import { INTERFACES } from '../../../shared/formats.ts';
import { t } from '../../i18n/active.ts';
import { interfaceLabel } from '../../i18n/interface-label.ts';
import { rich } from '../../i18n/rich.tsx';

/** The final address of every interface for a base address as typed, so nothing is doubled or dropped. */
export function EndpointPreview(props: { baseUrl: string }) {
  const result = normaliseBaseUrl(props.baseUrl);
  const urls = result.ok ? allEndpoints(result.root) : null;
  return (
    <div className="endpoint-preview" data-testid="endpoint-preview" aria-live="polite">
      <div className="endpoint-preview-head">
        <span className="field-label">{t('settings.endpoints.title')}</span>
        {result.ok ? (
          <span className="faint">
            {rich(t('settings.endpoints.root'), {
              root: <code data-testid="endpoint-root">{result.root}</code>,
            })}
          </span>
        ) : null}
      </div>
      <table className="endpoint-table">
        <tbody>
          {INTERFACES.map((iface) => (
            <tr key={iface} data-testid={`endpoint-${iface}`}>
              <th scope="row">{interfaceLabel(iface)}</th>
              <td>
                {urls ? (
                  <code className="endpoint-url">{urls[iface]}</code>
                ) : (
                  <span className="faint">–</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
