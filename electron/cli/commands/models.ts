import { KEY_FAMILIES } from '../../../shared/formats.ts';
import { choiceOption } from '../args.ts';
import { connect } from '../connection.ts';
import { flag, str, type CommandContext } from './context.ts';
import { compact } from '../../../shared/compact.ts';

export const modelsOptions = {
  family: { type: 'string' },
  json: { type: 'boolean' },
} as const;

export async function runModels(ctx: CommandContext): Promise<number> {
  const family = choiceOption('family', str(ctx.values, 'family'), KEY_FAMILIES);
  const client = connect(ctx.values, ctx.io.env);
  const spinner = ctx.term.spinner('listing models');
  const { models } = await client
    .listModels(compact({ family: family || undefined, signal: ctx.signal }))
    .finally(() => spinner.stop());
  if (flag(ctx.values, 'json')) {
    ctx.term.out(`${JSON.stringify(models, null, 2)}\n`);
  } else {
    for (const m of models) ctx.term.out(`${m.id}${m.ownedBy ? `  (${m.ownedBy})` : ''}\n`);
  }
  return 0;
}
