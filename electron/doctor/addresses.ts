// Group "addresses": the final address of every interface, so a doubled or missing /v1 shows at a glance.
import { FORMAT_LABELS, INTERFACES } from '../../shared/formats.ts';
import type { CheckContext } from './types.ts';

export function checkAddresses(ctx: CheckContext): void {
  const endpoints = ctx.client.endpoints();
  for (const iface of INTERFACES) {
    ctx.report({
      id: `addresses.${iface}`,
      group: 'addresses',
      name: FORMAT_LABELS[iface],
      status: 'info',
      detail: `${iface === 'models' ? 'GET' : 'POST'} ${endpoints[iface]}`,
    });
  }
}
